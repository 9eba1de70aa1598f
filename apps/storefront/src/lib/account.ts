import 'server-only';
import type { Schema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { OrderFormat } from '../components/account/order-display';
import { callApi, postApi } from './api';
import { ApiCallError } from './api-answer';
import { COOKIE_NAMES } from './cookie-names';
import { currentLocale } from './locale';
import { loginPath } from './login-path';
import { requireTenant } from './tenant';

/** The tenant of an account page; a shop without accounts (isAuthDisabled) has none: 404. */
export async function accountTenant(): Promise<TenantConfig> {
  const tenant = await requireTenant();
  if (tenant.flags.isAuthDisabled) notFound();
  return tenant;
}

/**
 * A call of the signed-in shopper's account, made for the page at `here` (path and query): a GET,
 * or a POST of `body` for a call that reads with a query in its body (the automatic top-ups). A
 * shopper without a session cookie, or whose session the API no longer knows (401), is sent to
 * sign in and brought back here afterwards. Any other failure is thrown as {@link ApiCallError}.
 */
export async function accountCall<T>(
  tenant: TenantConfig,
  path: string,
  answer: Schema<T>,
  here: string,
  body?: unknown,
): Promise<T> {
  if (!(await cookies()).get(COOKIE_NAMES.accessToken)?.value) redirect(loginPath(here));
  try {
    if (body === undefined) return await callApi(tenant, path, answer);
    const result = await postApi(tenant, path, body, answer);
    if (!result.ok) throw new ApiCallError(path, result);
    return result.data;
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) redirect(loginPath(here));
    throw error;
  }
}

/** How this shopper's orders are written: amounts in the shop's language, dates as in its country. */
export async function orderFormat(tenant: TenantConfig): Promise<OrderFormat> {
  const { language, country } = await currentLocale(tenant);
  return {
    locale: language,
    dateLocale: `${language}-${country}`,
    europeanDateFormat: tenant.flags.europeanDateFormat,
  };
}
