import type { TenantConfig } from '@shop/tenants';

/**
 * The origin the shopper reached the shop at, for return URLs: the forwarded host when it is
 * one of the tenant's (its production domains, or `{shopId}.localhost` in development), so that
 * no caller can send shoppers elsewhere; the tenant's first domain otherwise.
 */
export function shopOrigin(
  tenant: TenantConfig,
  forwardedHost: string | undefined,
  forwardedProto: string | undefined,
): string {
  const host = forwardedHost?.trim().toLowerCase();
  const name = host?.replace(/:\d{1,5}$/, '');
  const isTenantHost =
    name !== undefined && (tenant.domains.includes(name) || name === `${tenant.shopId}.localhost`);
  if (!host || !isTenantHost) return `https://${tenant.domains[0]}`;
  const proto = forwardedProto === 'https' || name !== `${tenant.shopId}.localhost` ? 'https' : 'http';
  return `${proto}://${host}`;
}

/** The page the shopper comes back to after paying (spec §2). */
export function resultUrl(origin: string, cartName: string, orderNumber: string): string {
  const url = new URL('/shop/checkout/result', origin);
  url.searchParams.set('cartName', cartName);
  url.searchParams.set('orderNumber', orderNumber);
  return url.toString();
}

/**
 * Where a shopper reaches the tenant's shop from a message (a link by SMS): `SHOP_URL_TEMPLATE`
 * with `{shopId}` filled in (development: `http://{shopId}.localhost:3000`), else the tenant's
 * first domain.
 */
export function publicShopOrigin(tenant: TenantConfig, template: string | undefined): string {
  return template ? template.replaceAll('{shopId}', tenant.shopId) : `https://${tenant.domains[0]}`;
}
