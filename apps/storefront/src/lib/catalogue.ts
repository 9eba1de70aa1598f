import 'server-only';
import { encodeFilters, PRODUCT_PAGE_SIZE } from '@shop/domain';
import {
  type Brand,
  brandListSchema,
  type ProductFilters,
  type ProductListing,
  productListingSchema,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';

/** One page (0-based) of the tenant's products matching the filters. */
export function fetchProducts(
  tenant: TenantConfig,
  filters: ProductFilters,
  page = 0,
  size = PRODUCT_PAGE_SIZE,
): Promise<ProductListing> {
  const query = new URLSearchParams({
    filters: encodeFilters(filters),
    page: String(page),
    size: String(size),
  });
  return callApi(tenant, `/api/shop/rest/v1/products?${query}`, productListingSchema);
}

export async function fetchBrands(tenant: TenantConfig): Promise<Brand[]> {
  return (await callApi(tenant, '/api/shop/rest/v1/brands', brandListSchema)).items;
}
