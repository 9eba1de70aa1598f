/**
 * The sandbox payment provider's vocabulary: methods, statuses, the payment record it keeps in
 * memory, and the fixed choices its hosted page offers.
 */

/** Payment methods a merchant can start a payment with. `pending` captures ~5 s after approval. */
export const PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'ideal',
  'applepay',
  'crypto',
  'paymentlink',
  'pending',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Every status a payment can have. AUTHORIZED is reserved for manual capture; approval captures at once. */
export const PAYMENT_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'CAPTURED',
  'DECLINED',
  'CANCELLED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The online-banking (iDEAL) bank choice; fixed by the product spec (§5). */
export const BANKS = [
  'ABN AMRO',
  'ASN Bank',
  'ING',
  'Rabobank',
  'SNS Bank',
  'SNS Regio Bank',
  'Triodos Bank',
  'Van Lanschot',
  'Knab',
  'Bunq',
  'Moneyou',
  'Handelsbanken',
] as const;

/** Currencies a crypto payment can be paid in. */
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDC'] as const;

/** What a merchant asks for in `POST /psp/payments`, after validation. */
export interface PaymentRequest {
  merchantReference: string;
  /** Minor units (cents), an integer above 0. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  method: PaymentMethod;
  returnUrl: string;
  webhookUrl?: string;
  tenantName: string;
  savePaymentMethod: boolean;
  additionalData?: Record<string, unknown>;
}

/** One refund of a payment. */
export interface Refund {
  refundId: string;
  amount: number;
  createdAt: string;
}

/** A payment as the sandbox keeps it. */
export interface Payment extends PaymentRequest {
  paymentId: string;
  status: PaymentStatus;
  refundedAmount: number;
  /** Saved payment method (`tok_…`), set on capture when `savePaymentMethod` was asked for. */
  token?: string;
  /** Last four digits of the card the shopper entered, for the 3-D Secure page. */
  cardLast4?: string;
  /** The card asked for 3-D Secure; the shopper is on the authentication page. */
  awaitingAuthentication: boolean;
  /** Approved (method `pending`) and waiting to be captured; the shopper can no longer act on it. */
  settling: boolean;
  refunds: Refund[];
  createdAt: string;
}

/** Whether the shopper can still approve, decline or cancel the payment. */
export function isActionable(payment: Payment): boolean {
  return payment.status === 'PENDING' && !payment.settling;
}
