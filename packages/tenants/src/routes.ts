import type { TenantConfig } from './schema';

/** The path of a tenant's main page (spec §2). */
export function mainPagePath(tenant: Pick<TenantConfig, 'mainPageKind' | 'shopId'>): string {
  switch (tenant.mainPageKind) {
    case 'single-shop':
      return '/';
    case 'multi-brand':
      return '/shop';
    case 'single-brand':
      return `/shop/topup/${tenant.shopId}`;
  }
}
