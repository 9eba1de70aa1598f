import { majorUnitsOf } from './money';
import { creditsOf, productBaseView } from './product-view';
import type { Transaction } from './transactions';

/**
 * A transaction as DT One shows it: in answers, in lists and in callbacks. Amounts are in major
 * units; the credit is in `benefits`, the price in `prices` (face value here). `requested_values`
 * repeats a ranged product's amount; parts the stand-in has no use for are null.
 */
export function transactionView(transaction: Transaction) {
  const { product, amount: minor } = transaction.purchase;
  const unit = product.currency;
  const amount = majorUnitsOf(minor);
  const money = { unit_type: 'CURRENCY' as const, unit, amount };
  return {
    id: transaction.id,
    external_id: transaction.externalId,
    creation_date: transaction.createdAt.toISOString(),
    confirmation_expiration_date: transaction.confirmBy.toISOString(),
    ...(transaction.confirmedAt ? { confirmation_date: transaction.confirmedAt.toISOString() } : {}),
    status: transaction.status,
    operator_reference: transaction.operatorReference ?? null,
    pin: null,
    product: productBaseView(product),
    prices: { wholesale: { ...money, fee: 0 }, retail: { ...money, fee: 0 } },
    rates: { base: 1, wholesale: 1, retail: 1 },
    benefits: [creditsOf(unit, amount)],
    promotions: null,
    requested_values: transaction.calculationMode ? { source: money, destination: money } : null,
    adjusted_values: null,
    sender: null,
    beneficiary: null,
    debit_party_identifier: null,
    credit_party_identifier: { mobile_number: transaction.mobileNumber },
    statement_identifier: null,
    additional_identifier: null,
    ...(transaction.callbackUrl ? { callback_url: transaction.callbackUrl } : {}),
  };
}

export type TransactionView = ReturnType<typeof transactionView>;
