import { DEFAULT_CHANNEL, parseLocale } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { cookies, headers } from 'next/headers';
import { CLIENT_ADDRESS_HEADER } from './client-address-header';
import { COOKIE_NAMES } from './cookie-names';

/** The shopper a call to the API is made for, as the storefront's request shows them. */
export interface ShopperSession {
  /** The tenant named by the Host; undefined on the index host. */
  tenant: TenantConfig | undefined;
  cookies: { get(name: string): { value: string } | undefined };
  /** The address the shopper's request came from, as the storefront's server found it (decision 0062). */
  clientIp: string | undefined;
}

/**
 * Request headers of the API's contract passed through as they are when the proxy forwards a
 * browser's call: `Idempotency-Key` makes a double click add to the cart once. The common headers
 * of spec §7 are set by {@link apiHeaders}, never passed.
 */
const PASSED_THROUGH = [
  'accept',
  'accept-language',
  'content-type',
  'authorization',
  'idempotency-key',
  'x-request-id',
];

/**
 * The headers of a call to the API for a shopper: the common headers of spec §7 (decision 0005)
 * and, when the call forwards a browser's request, what the contract lets through from it.
 * - `X-Tenant-Id`: the Host's tenant; on the index host the forwarded request's own.
 * - `X-Country`: the country of an `xx-YY` `LOCALE` cookie, else the tenant's, upper case.
 * - `X-Channel`: the session's channel, its `channel` cookie, else `web`.
 * - `X-CLIENT-IP`: the address the request came from, never one the browser names (decision 0062).
 * - `Authorization`: the caller's own, else `Bearer` with the signed-in shopper's `accessToken` cookie.
 */
export function apiHeaders({ tenant, cookies, clientIp }: ShopperSession, forwarded?: Headers): Headers {
  const outgoing = new Headers();
  for (const name of PASSED_THROUGH) {
    const value = forwarded?.get(name);
    if (value) outgoing.set(name, value);
  }
  const tenantId = tenant?.shopId ?? forwarded?.get('x-tenant-id');
  if (tenantId) outgoing.set('X-Tenant-Id', tenantId);
  const locale = cookies.get(COOKIE_NAMES.locale)?.value;
  const country = (locale && parseLocale(locale).country) || tenant?.country || forwarded?.get('x-country');
  if (country) outgoing.set('X-Country', country.toUpperCase());
  outgoing.set('X-Channel', cookies.get(COOKIE_NAMES.channel)?.value || DEFAULT_CHANNEL);
  if (clientIp) outgoing.set('X-CLIENT-IP', clientIp);
  const accessToken = cookies.get(COOKIE_NAMES.accessToken)?.value;
  if (accessToken && !outgoing.has('authorization')) outgoing.set('Authorization', `Bearer ${accessToken}`);
  if (forwarded) {
    // The API builds the shopper's return URLs (payment result) on the host the shop was reached at.
    const host = forwarded.get('host');
    if (host) outgoing.set('X-Forwarded-Host', host);
    outgoing.set('X-Forwarded-Proto', forwarded.get('x-forwarded-proto') ?? 'http');
  }
  return outgoing;
}

/** The shopper of the request being served, for a call the storefront's server makes to the API. */
export async function currentSession(tenant: TenantConfig | undefined): Promise<ShopperSession> {
  const [jar, incoming] = await Promise.all([cookies(), headers()]);
  return { tenant, cookies: jar, clientIp: incoming.get(CLIENT_ADDRESS_HEADER) ?? undefined };
}
