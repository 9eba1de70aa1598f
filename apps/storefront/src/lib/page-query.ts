import { isTopupDataValid } from '@shop/domain';
import type { ProductFilters } from '@shop/domain/contract';
import { AUTOMATIC_FIELDS, TOPUP_FIELDS, TOPUP_RETURN } from '../components/topup/form/form-post';
import type { TopupFormProps } from '../components/topup/form/props';

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

/**
 * What a top-up form page starts with: `?msisdn=…&amount=…` (spec §5; also what the form sends
 * before JavaScript with `method=get`), and what its post sent back with a problem.
 */
export function topupStart(params: SearchParams): TopupFormProps['initial'] {
  // A light top-up's link (decision 0042) adds its secret and code to the number and amount.
  const hash = queryValue(params, 'hash');
  const notificationCode = queryValue(params, 'notificationCode');
  const automatic = Object.values(AUTOMATIC_FIELDS).flatMap((name) => {
    const value = queryValue(params, name);
    return value === undefined ? [] : [[name, value] as const];
  });
  return {
    msisdn: queryValue(params, TOPUP_FIELDS.msisdn),
    amount: queryValue(params, TOPUP_FIELDS.amount),
    country: queryValue(params, TOPUP_FIELDS.country),
    topupType: queryValue(params, TOPUP_FIELDS.topupType),
    checked: queryValue(params, TOPUP_RETURN.checked) === '1',
    error: queryValue(params, TOPUP_RETURN.error),
    ...(automatic.length > 0 ? { automatic: Object.fromEntries(automatic) } : {}),
    ...(hash && notificationCode ? { light: { hash, notificationCode } } : {}),
  };
}
