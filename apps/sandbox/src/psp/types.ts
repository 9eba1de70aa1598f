/**
 * The sandbox payment provider's vocabulary: methods, statuses, the payment and saved payment
 * method (token) records it keeps in memory, and the fixed choices its hosted pages offer.
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

/** `automatic` captures on approval; `manual` stops at AUTHORIZED until the merchant captures. */
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/** Every status a payment can have. */
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

/** The banks by their iDEAL issuer id (BIC), as merchants send it in `additionalData.ideal.issuerId`. */
export const BANK_OF_ISSUER: Readonly<Record<string, (typeof BANKS)[number]>> = {
  ABNANL2A: 'ABN AMRO',
  ASNBNL21: 'ASN Bank',
  INGBNL2A: 'ING',
  RABONL2U: 'Rabobank',
  SNSBNL2A: 'SNS Bank',
  RBRBNL21: 'SNS Regio Bank',
  TRIONL2U: 'Triodos Bank',
  FVLBNL22: 'Van Lanschot',
  KNABNL2H: 'Knab',
  BUNQNL2A: 'Bunq',
  MOYONL21: 'Moneyou',
  HANDNL2A: 'Handelsbanken',
};

/** Currencies a crypto payment can be paid in. */
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDC'] as const;

/** What the shopper's card showed: last four digits, brand (`visa`, …) and expiry `MM/YY`. */
export interface CardDetails {
  last4: string;
  brand: string;
  expiry: string;
}

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
  captureMethod: CaptureMethod;
  additionalData?: Record<string, unknown>;
  /** The shopper's device as the merchant's fraud-prevention script named it; screened at creation. */
  deviceId?: string;
  /** PayPal FraudNet's session id of the shopper's checkout page. */
  fraudnetSessionId?: string;
}

/** One refund of a payment. */
export interface Refund {
  refundId: string;
  amount: number;
  createdAt: string;
}

/** The ids a PayPal payment in iframe mode adds to the return URL, stable for the payment. */
export interface PayPalReturn {
  /** `token=EC-…`, PayPal's order token. */
  orderToken: string;
  /** `approval_session_id=…`, only when the payment saves the PayPal account. */
  approvalSessionId?: string;
}

/** A payment as the sandbox keeps it. */
export interface Payment extends PaymentRequest {
  paymentId: string;
  status: PaymentStatus;
  /** What was captured: the amount, or less after a partial manual capture; 0 before. */
  capturedAmount: number;
  refundedAmount: number;
  /**
   * The saved payment method (`tok_…`): the one a merchant-initiated payment charged, or the one
   * saved on authorization or capture when `savePaymentMethod` was asked for.
   */
  token?: string;
  /** The card the shopper entered. */
  card?: CardDetails;
  /** The PayPal account the shopper paid with. */
  payerEmail?: string;
  paypal?: PayPalReturn;
  /** The card asked for 3-D Secure; the shopper is on the authentication page. */
  awaitingAuthentication: boolean;
  /** Approved (method `pending`) and waiting to be captured; the shopper can no longer act on it. */
  settling: boolean;
  refunds: Refund[];
  createdAt: string;
}

/** Methods a payment method can be saved with on its own (`POST /psp/tokens`). */
export const TOKEN_METHODS = ['creditcard', 'paypal'] as const;
export type TokenMethod = (typeof TOKEN_METHODS)[number];

export const TOKEN_STATUSES = ['PENDING', 'ACTIVE', 'DECLINED', 'CANCELLED', 'DELETED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** What a merchant asks for in `POST /psp/tokens`, after validation. */
export interface TokenRequest {
  merchantReference: string;
  method: TokenMethod;
  returnUrl: string;
  webhookUrl?: string;
  tenantName: string;
  customerReference?: string;
}

/**
 * A saved payment method: asked for on its own (`POST /psp/tokens`, PENDING until the shopper
 * acts) or saved by a payment (ACTIVE at once, with the payment's method). Only an ACTIVE token
 * can be charged.
 */
export interface Token {
  tokenId: string;
  status: TokenStatus;
  method: PaymentMethod;
  merchantReference: string;
  returnUrl: string;
  /** Only tokens asked for on their own announce their status here. */
  webhookUrl?: string;
  tenantName: string;
  customerReference?: string;
  card?: CardDetails;
  /** The PayPal account saved. */
  payerEmail?: string;
  awaitingAuthentication: boolean;
  createdAt: string;
}

/** What a shopper's action on a hosted page did; the routes turn it into a redirect or an error. */
export type ActionOutcome =
  | { kind: 'done' }
  | { kind: 'three-d-secure' }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'not-pending' }
  | { kind: 'not-requested' };

/** Whether the shopper can still approve, decline or cancel the payment. */
export function isActionable(payment: Payment): boolean {
  return payment.status === 'PENDING' && !payment.settling;
}
