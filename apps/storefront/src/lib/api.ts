import 'server-only';
import type { Schema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { ApiCallError, type ApiResult, readAnswer } from './api-answer';
import { apiHeaders, currentSession } from './api-headers';
import { API_URL } from './env';

/**
 * A GET to the API from the storefront's server for the shopper of this request, with the common
 * headers of spec §7; answers the answer as the contract's schema parses it, and throws an
 * {@link ApiCallError} with the status and code of any failure.
 */
export async function callApi<T>(tenant: TenantConfig, path: string, answer: Schema<T>): Promise<T> {
  const headers = apiHeaders(await currentSession(tenant));
  headers.set('Accept', 'application/json');
  const response = await fetch(`${API_URL}${path}`, {
    headers,
    cache: 'no-store',
    signal: AbortSignal.timeout(5_000),
  });
  const result = await readAnswer(response, answer);
  if (!result.ok) throw new ApiCallError(path, result);
  return result.data;
}

/**
 * A POST to the API from the storefront's server for the shopper of this request (a form sent
 * before JavaScript runs): the answer as the contract's schema parses it, or the failure.
 */
export async function postApi<T>(
  tenant: TenantConfig,
  path: string,
  body: unknown,
  answer: Schema<T>,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const headers = apiHeaders(await currentSession(tenant));
  headers.set('Accept', 'application/json');
  headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  try {
    const response = await fetch(`${API_URL}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
    return await readAnswer(response, answer);
  } catch {
    return { ok: false, status: 0, code: undefined };
  }
}
