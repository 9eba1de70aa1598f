import { type TenantConfig, tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { deviceIdScriptOrigin, deviceIdScriptUrl } from './device-id-script';

function demo(shopId: string): TenantConfig {
  const tenant = tenants().byId(shopId);
  if (!tenant) throw new Error(`no demo tenant ${shopId}`);
  return tenant;
}

describe('the device-id script', () => {
  it('is loaded by the tenants with deviceIDSwitch only', () => {
    const loading = tenants()
      .all.filter((tenant) => deviceIdScriptUrl(tenant))
      .map((tenant) => tenant.shopId);
    expect(loading.sort()).toEqual(['callhome', 'kartenkiosk']);
    expect(deviceIdScriptUrl(demo('kartenkiosk'))).toBe('http://localhost:4100/device-id/kartenkiosk.js');
  });

  it('has its origin allowed on the cart and payment pages of such a tenant, and nowhere else', () => {
    const kartenkiosk = demo('kartenkiosk');
    expect(deviceIdScriptOrigin(kartenkiosk, '/shop/checkout/cart')).toBe('http://localhost:4100');
    expect(deviceIdScriptOrigin(kartenkiosk, '/shop/checkout/payment')).toBe('http://localhost:4100');
    for (const path of ['/shop', '/shop/checkout/result', '/login', '/account/settings/payment-methods'])
      expect(deviceIdScriptOrigin(kartenkiosk, path), path).toBeUndefined();
    expect(deviceIdScriptOrigin(demo('funkfix'), '/shop/checkout/payment')).toBeUndefined();
    expect(deviceIdScriptOrigin(undefined, '/shop/checkout/payment')).toBeUndefined();
  });

  it('is switched off by deviceIDSwitch even with a URL', () => {
    const off = demo('kartenkiosk');
    const tenant = { ...off, settings: { ...off.settings, deviceIDSwitch: false } };
    expect(deviceIdScriptUrl(tenant)).toBeUndefined();
    expect(deviceIdScriptOrigin(tenant, '/shop/checkout/payment')).toBeUndefined();
  });
});
