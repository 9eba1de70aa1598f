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

/** Where the shopper goes after changing the cart: the cart page, or payment when the tenant skips it. */
export function cartStepPath(tenant: Pick<TenantConfig, 'flags'>): string {
  return tenant.flags.skipCartPageCheckout ? '/shop/checkout/payment' : '/shop/checkout/cart';
}

/** The page of one brand: the tenant's own route for it, else its place in the catalogue. */
export function brandPath(
  tenant: Pick<TenantConfig, 'brandRoutes'>,
  brand: { brandId: string; categoryId: string },
): string {
  return tenant.brandRoutes[brand.brandId] ?? `/shop/${brand.categoryId}/${brand.brandId}`;
}
