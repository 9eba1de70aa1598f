import { operatorView } from './operators';
import { MOBILE_SERVICE, type Product, RANGED_VALUES } from './products';

/**
 * Products as DT One shows them. The sandbox account buys at face value in the product's own
 * currency: source, destination, wholesale and retail amounts are equal and every rate is 1.
 * The benefit is prepaid credit (`CREDITS`) of the same amount.
 */

const money = <A>(unit: string, amount: A) => ({ unit_type: 'CURRENCY' as const, unit, amount });

/** What a fixed product credits, or what a ranged product may credit. */
export const creditsOf = (unit: string, base: number) => ({
  type: 'CREDITS' as const,
  unit_type: 'CURRENCY' as const,
  unit,
  amount: { base, promotion_bonus: 0, total_excluding_tax: base, total_including_tax: base },
  additional_information: null,
});

/** The part of a product a transaction repeats (`product_base` and `type`). */
export function productBaseView(product: Product) {
  const operator = operatorView(product.operator);
  const fixed = product.value !== undefined;
  const amount = fixed
    ? `${product.value} ${product.currency}`
    : `${RANGED_VALUES.min}-${RANGED_VALUES.max} ${product.currency}`;
  return {
    id: product.id,
    name: `${operator.name} ${amount}`,
    description: fixed
      ? `Airtime top-up of ${amount}`
      : `Airtime top-up of any amount from ${RANGED_VALUES.min} to ${RANGED_VALUES.max} ${product.currency}`,
    tags: null,
    service: MOBILE_SERVICE,
    operator,
    regions: null,
    type: product.type,
  };
}

const REQUIREMENTS = {
  validity: null,
  required_debit_party_identifier_fields: null,
  required_credit_party_identifier_fields: [['mobile_number']],
  required_sender_fields: null,
  required_beneficiary_fields: null,
  required_statement_identifier_fields: null,
  required_additional_identifier_fields: null,
} as const;

export function productView(product: Product) {
  const unit = product.currency;
  const base = { ...productBaseView(product), ...REQUIREMENTS, availability_zones: ['INTERNATIONAL'] };
  const rates = { base: 1, wholesale: 1, retail: 1 };
  if (product.value !== undefined) {
    const value = product.value;
    return {
      ...base,
      source: money(unit, value),
      destination: money(unit, value),
      prices: { wholesale: { ...money(unit, value), fee: 0 }, retail: { ...money(unit, value), fee: 0 } },
      rates,
      benefits: [creditsOf(unit, value)],
      promotions: null,
    };
  }
  const range = { min: RANGED_VALUES.min, max: RANGED_VALUES.max };
  return {
    ...base,
    accepted_calculation_modes: ['DESTINATION_AMOUNT', 'SOURCE_AMOUNT'],
    source: money(unit, range),
    destination: money(unit, { ...range, increment: RANGED_VALUES.increment }),
    prices: { wholesale: { ...money(unit, range), fee: 0 }, retail: { ...money(unit, range), fee: 0 } },
    rates,
    benefits: [
      {
        ...creditsOf(unit, 0),
        amount: {
          base: range,
          promotion_bonus: { min: 0, max: 0 },
          total_excluding_tax: range,
          total_including_tax: range,
        },
      },
    ],
    promotions: null,
  };
}
