import { isTopupDataValid } from '@shop/domain';
import type { ProductFilters } from '@shop/domain/contract';

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter. */
export function queryValue(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The 0-based page of a listing from its 1-based `?page=` parameter. */
export function pageIndex(params: SearchParams): number {
  const page = Number.parseInt(queryValue(params, 'page') ?? '1', 10);
  return Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) - 1 : 0;
}

/** Spec §5: the `topupData` filter when the page came with both msisdn and amount. */
export function topupDataFilter(params: SearchParams): Pick<ProductFilters, 'topupData'> {
  return isTopupDataValid({ msisdn: queryValue(params, 'msisdn'), amount: queryValue(params, 'amount') })
    ? { topupData: 'valid' }
    : {};
}
