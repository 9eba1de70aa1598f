import { badRequest } from './errors';
import { currencyOf, DTONE_OPERATORS, type DtoneOperator, isoCodeOf } from './operators';
import { isoCountry, oneOf, positiveWhole } from './parameters';

/**
 * The stand-in's catalogue: for every operator (`operators.ts`) mobile airtime top-ups in its
 * currency, fixed ones of 5, 10, 15, 20, 25, 30 and 50 and one ranged from 5 to 100. Ids are
 * deterministic: the operator's id × 100 plus 1 … 7 for the fixed values in that order, plus 8
 * for the ranged one (FunkFix 15 EUR is 410103, FunkFix's ranged top-up 410108).
 */

export type ProductType = 'FIXED_VALUE_RECHARGE' | 'RANGED_VALUE_RECHARGE';

export interface Product {
  id: number;
  type: ProductType;
  operator: DtoneOperator;
  currency: string;
  /** What a fixed product credits, in major units. */
  value?: number;
}

export const FIXED_VALUES = [5, 10, 15, 20, 25, 30, 50] as const;
/** What a ranged product may credit, in major units, in steps of 0.01. */
export const RANGED_VALUES = { min: 5, max: 100, increment: 0.01 } as const;

/** DT One's service and sub-service of mobile airtime. */
export const MOBILE_SERVICE = { id: 1, name: 'Mobile', subservice: { id: 11, name: 'Airtime' } } as const;

/** Every product type DT One has; the stand-in sells the first two. */
export const PRODUCT_TYPES: readonly string[] = [
  'FIXED_VALUE_RECHARGE',
  'RANGED_VALUE_RECHARGE',
  'FIXED_VALUE_PIN_PURCHASE',
  'RANGED_VALUE_PIN_PURCHASE',
  'RANGED_VALUE_PAYMENT',
];
const BENEFIT_TYPES: readonly string[] = ['TALKTIME', 'DATA', 'SMS', 'PAYMENT', 'CREDITS'];

export const CATALOGUE: readonly Product[] = DTONE_OPERATORS.flatMap((operator) => [
  ...FIXED_VALUES.map(
    (value, index): Product => ({
      id: operator.id * 100 + index + 1,
      type: 'FIXED_VALUE_RECHARGE',
      operator,
      currency: currencyOf(operator),
      value,
    }),
  ),
  {
    id: operator.id * 100 + FIXED_VALUES.length + 1,
    type: 'RANGED_VALUE_RECHARGE',
    operator,
    currency: currencyOf(operator),
  },
]);

export const productById = (id: number): Product | undefined =>
  CATALOGUE.find((product) => product.id === id);

/** The filters of `GET /v1/products` the stand-in honours; others are ignored. */
export interface ProductFilter {
  type?: string;
  serviceId?: number;
  subserviceId?: number;
  countryIsoCode?: string;
  operatorId?: number;
  benefitTypes?: string[];
}

/** The filters from a query string; 400 when one is malformed. */
export function productFilterOf(query: Record<string, unknown>): ProductFilter {
  const filter: ProductFilter = {};
  if (query.type !== undefined) filter.type = oneOf(query.type, 'type', PRODUCT_TYPES);
  if (query.service_id !== undefined) filter.serviceId = positiveWhole(query.service_id, 'service_id');
  if (query.subservice_id !== undefined) {
    if (filter.serviceId === undefined) throw badRequest('subservice_id needs service_id');
    filter.subserviceId = positiveWhole(query.subservice_id, 'subservice_id');
  }
  if (query.country_iso_code !== undefined) filter.countryIsoCode = isoCountry(query.country_iso_code);
  if (query.operator_id !== undefined) filter.operatorId = positiveWhole(query.operator_id, 'operator_id');
  if (query.benefit_types !== undefined) {
    filter.benefitTypes = String(query.benefit_types)
      .split(',')
      .map((type) => oneOf(type.trim(), 'benefit_types', BENEFIT_TYPES));
  }
  return filter;
}

export function matches(product: Product, filter: ProductFilter): boolean {
  return (
    (filter.type === undefined || product.type === filter.type) &&
    (filter.serviceId === undefined || filter.serviceId === MOBILE_SERVICE.id) &&
    (filter.subserviceId === undefined || filter.subserviceId === MOBILE_SERVICE.subservice.id) &&
    (filter.countryIsoCode === undefined || isoCodeOf(product.operator) === filter.countryIsoCode) &&
    (filter.operatorId === undefined || product.operator.id === filter.operatorId) &&
    (filter.benefitTypes === undefined || filter.benefitTypes.includes('CREDITS'))
  );
}
