/** The ways a shopper can pay (spec §3 paymentMethods); a tenant offers some of them. */
export const PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'ideal',
  'applepay',
  'crypto',
  'paymentlink',
  'cashcode',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

/** Methods a shopper can keep for later payments, charged later without the shopper. */
export const SAVABLE_PAYMENT_METHODS = ['creditcard', 'paypal'] as const satisfies readonly PaymentMethod[];
export type SavablePaymentMethod = (typeof SAVABLE_PAYMENT_METHODS)[number];

export const isSavableMethod = (method: string): method is SavablePaymentMethod =>
  (SAVABLE_PAYMENT_METHODS as readonly string[]).includes(method);

/**
 * Methods whose money is only held when the shopper approves and taken at commit, for what was
 * delivered; online banking, crypto and payment links take it at once.
 */
export const HOLDING_PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'applepay',
] as const satisfies readonly PaymentMethod[];

export function capturesAtCommit(method: string): boolean {
  return (HOLDING_PAYMENT_METHODS as readonly string[]).includes(method);
}
