import type { TenantConfig } from '@shop/tenants';

/** The checkout pages that load the tenant's device-id script (decision 0049): cart, contact and payment. */
export const DEVICE_ID_PAGES: readonly string[] = ['/shop/checkout/cart', '/shop/checkout/payment'];

/** The tenant's device-id script, where its checkout pages load one (deviceIDSwitch and a URL). */
export function deviceIdScriptUrl(tenant: TenantConfig): string | undefined {
  const { deviceIDSwitch, deviceIDURL } = tenant.settings;
  return deviceIDSwitch ? deviceIDURL : undefined;
}

/** The origin the page's CSP allows for that script: only on those pages of such a tenant. */
export function deviceIdScriptOrigin(tenant: TenantConfig | undefined, pathname: string): string | undefined {
  const url = tenant && DEVICE_ID_PAGES.includes(pathname) ? deviceIdScriptUrl(tenant) : undefined;
  return url ? new URL(url).origin : undefined;
}
