import 'server-only';
import { parseLocale } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';

/**
 * Request headers of the API's contract passed through as they are: `Idempotency-Key` makes a
 * double click add to the cart once. The common headers of spec §7 are set below, not passed.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'authorization',
  'idempotency-key',
  'x-request-id',
];
/** Response headers that describe the upstream connection, not the answer. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
]);

export interface ProxyContext {
  /** The tenant named by the Host; undefined on the index host, where the caller's X-Tenant-Id is passed on. */
  tenant: TenantConfig | undefined;
  cookies: { get(name: string): { value: string } | undefined };
  clientIp: string | undefined;
}

/** The common headers of spec §7 that every shop, top-up and auth call carries. */
export function apiRequestHeaders(incoming: Headers, { tenant, cookies, clientIp }: ProxyContext): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  const tenantId = tenant?.shopId ?? incoming.get('x-tenant-id');
  if (tenantId) headers.set('X-Tenant-Id', tenantId);
  const locale = cookies.get('LOCALE')?.value;
  const country = (locale && parseLocale(locale).country) || tenant?.country || incoming.get('x-country');
  if (country) headers.set('X-Country', country.toUpperCase());
  headers.set('X-Channel', cookies.get('channel')?.value || incoming.get('x-channel') || 'web');
  const ip = cookies.get('CLIENT_IP')?.value || clientIp;
  if (ip) headers.set('X-CLIENT-IP', ip);
  // The API builds the shopper's return URLs (payment result) on the host the shop was reached at.
  const host = incoming.get('host');
  if (host) headers.set('X-Forwarded-Host', host);
  headers.set('X-Forwarded-Proto', incoming.get('x-forwarded-proto') ?? 'http');
  return headers;
}

export function apiResponseHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.append(name, value);
  });
  return headers;
}
