import type { schema } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';

type NewPromo = typeof schema.promoCodes.$inferInsert;

/** Demo promo codes of the tenants that take them (allowPromoCodes). */
export function demoPromoCodes(tenant: TenantConfig): NewPromo[] {
  if (!tenant.flags.allowPromoCodes) return [];
  const prefix = tenant.shopId.slice(0, 5).toUpperCase();
  return [
    { tenantId: tenant.shopId, code: `${prefix}10`, kind: 'PERCENT', value: 1000 },
    { tenantId: tenant.shopId, code: `${prefix}5`, kind: 'FIXED', value: 500, minimumOrder: 2000 },
    {
      tenantId: tenant.shopId,
      code: `${prefix}OLD`,
      kind: 'PERCENT',
      value: 2000,
      validUntil: new Date('2025-01-01T00:00:00Z'),
    },
  ];
}
