import { isoCodeOf } from './operators';
import { isoCountry, oneOf, positiveWhole } from './parameters';
import { PRODUCT_TYPES } from './products';
import type { Transaction } from './transactions';

/**
 * The filters of `GET /v1/transactions` the stand-in honours: `external_id` (how a caller finds
 * the transaction of a request whose answer it never got), `credit_party_mobile_number`,
 * `operator_id`, `country_iso_code`, `product_type` and `status_id`. As at DT One, without
 * `external_id` only the transactions of the last 24 hours are listed.
 */

export interface TransactionFilter {
  externalId?: string;
  mobileNumber?: string;
  operatorId?: number;
  countryIsoCode?: string;
  productType?: string;
  statusId?: number;
}

const RECENT_MS = 24 * 60 * 60 * 1000;

export function transactionFilterOf(query: Record<string, unknown>): TransactionFilter {
  const filter: TransactionFilter = {};
  if (typeof query.external_id === 'string' && query.external_id !== '')
    filter.externalId = query.external_id;
  if (typeof query.credit_party_mobile_number === 'string')
    filter.mobileNumber = query.credit_party_mobile_number;
  if (query.operator_id !== undefined) filter.operatorId = positiveWhole(query.operator_id, 'operator_id');
  if (query.country_iso_code !== undefined) filter.countryIsoCode = isoCountry(query.country_iso_code);
  if (query.product_type !== undefined) {
    filter.productType = oneOf(query.product_type, 'product_type', PRODUCT_TYPES);
  }
  if (query.status_id !== undefined) filter.statusId = positiveWhole(query.status_id, 'status_id');
  return filter;
}

export function listed(transaction: Transaction, filter: TransactionFilter, now = Date.now()): boolean {
  const { product } = transaction.purchase;
  return (
    (filter.externalId === undefined
      ? now - transaction.createdAt.getTime() <= RECENT_MS
      : transaction.externalId === filter.externalId) &&
    (filter.mobileNumber === undefined || transaction.mobileNumber === filter.mobileNumber) &&
    (filter.operatorId === undefined || product.operator.id === filter.operatorId) &&
    (filter.countryIsoCode === undefined || isoCodeOf(product.operator) === filter.countryIsoCode) &&
    (filter.productType === undefined || product.type === filter.productType) &&
    (filter.statusId === undefined || transaction.status.id === filter.statusId)
  );
}
