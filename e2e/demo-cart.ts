/**
 * A cart of a demo shop filled as the shop's own form would fill it, through the API: for the
 * screenshot gallery and the journeys that need a cart with something in it.
 */
import { cartNameAnswerSchema, type Product, productListingSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import type * as z from 'zod';

/** A number of each brand's own range (docs/sandbox.md, numbering plan). */
export const NUMBER_OF_BRAND: Record<string, string> = {
  funkfix: '+4917012345678',
  blitzmobil: '+4915112345678',
  tarifwerk: '+4916012345678',
  alpenfunk: '+4366012345678',
  belwaarde: '+31612345678',
  rechargeplus: '+33612345678',
  topnet: '+447712345678',
  callhome: '+445612345678',
};

/** A call of the API as the shop's server makes it, its answer read by the contract's schema. */
export type ApiCaller = <T extends z.ZodType>(
  tenant: TenantConfig,
  path: string,
  schema: T,
  init?: RequestInit,
) => Promise<z.infer<T>>;

/** Calls the API at `apiUrl` directly, with the tenant's header. */
export const apiCaller =
  (apiUrl: string): ApiCaller =>
  async (tenant, path, schema, init = {}) => {
    const response = await fetch(`${apiUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-tenant-id': tenant.shopId, ...init.headers },
    });
    if (!response.ok)
      throw new Error(`${tenant.shopId} ${path}: ${response.status} ${await response.text()}`);
    return schema.parse(await response.json());
  };

/** The first product a shopper can buy at once: a voucher, or a top-up of a fixed amount. */
export async function productToBuy(callApi: ApiCaller, tenant: TenantConfig): Promise<Product | undefined> {
  const { items } = await callApi(tenant, '/api/shop/rest/v1/products?size=100', productListingSchema);
  return items.find(
    (product) =>
      product.amount !== null &&
      product.status === 'ACTIVE' &&
      (product.kind === 'VOUCHER' ||
        (product.kind === 'ONCE_OFF' && NUMBER_OF_BRAND[product.brand.brandId] !== undefined)),
  );
}

/** A cart holding the product, as the shop's own form would make it. */
export async function cartWith(callApi: ApiCaller, tenant: TenantConfig, product: Product): Promise<string> {
  const phoneNumber = product.kind === 'VOUCHER' ? undefined : NUMBER_OF_BRAND[product.brand.brandId];
  const { cartName } = await callApi(tenant, '/api/shop/rest/addToCart', cartNameAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({
      items: [{ productId: product.productId, ...(phoneNumber ? { phoneNumber } : {}) }],
    }),
  });
  return cartName;
}
