import 'server-only';
import { encodeFilters, PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';

export interface Product {
  id: string;
  productId: string;
  kind: 'ONCE_OFF' | 'AUTOMATIC' | 'CASH_CODE' | 'SMS' | 'VOUCHER';
  variant: 'NORMAL' | 'LIGHT';
  status: 'ACTIVE' | 'INACTIVE' | 'OUT_OF_STOCK' | 'COMING_SOON';
  amount: number | null;
  currency: string;
  priceRange: { min: number; max: number; step: number } | null;
  brand: { brandId: string; name: string };
  category: { categoryId: string };
  channels: string[];
}

export interface ProductListing {
  items: Product[];
  paginationParams: { page: number; size: number; totalPages: number };
  metadata: { count: number; totalCount: number };
}

export interface Brand {
  brandId: string;
  name: string;
  categoryId: string;
  productCount: number;
}

async function getJson<T>(tenant: TenantConfig, path: string): Promise<T> {
  const response = await callApi(tenant, path);
  if (!response.ok) throw new Error(`API ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** One page (0-based) of the tenant's products matching the filters. */
export function fetchProducts(
  tenant: TenantConfig,
  filters: Record<string, string | number | undefined>,
  page = 0,
  size = PRODUCT_PAGE_SIZE,
): Promise<ProductListing> {
  const query = new URLSearchParams({
    filters: encodeFilters(filters),
    page: String(page),
    size: String(size),
  });
  return getJson(tenant, `/api/shop/rest/v1/products?${query}`);
}

export async function fetchBrands(tenant: TenantConfig): Promise<Brand[]> {
  return (await getJson<{ items: Brand[] }>(tenant, '/api/shop/rest/v1/brands')).items;
}
