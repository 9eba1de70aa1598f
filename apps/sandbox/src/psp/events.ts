import { randomId } from '../ids';
import type { Payment, PaymentStatus, Token, TokenStatus } from './types';

/**
 * The events the sandbox payment provider sends to the merchant's webhook URL: one per status
 * change of a payment (and one per refund, even when a second partial refund leaves the status
 * as it was), and one when a token asked for on its own is activated, declined or cancelled.
 */

export type PaymentEventType =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.declined'
  | 'payment.cancelled'
  | 'payment.refunded'
  | 'payment.partially_refunded';

export interface PaymentEvent {
  eventId: string;
  type: PaymentEventType;
  paymentId: string;
  merchantReference: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  capturedAmount: number;
  refundedAmount: number;
  /** The saved payment method the payment charged or saved. */
  token?: string;
  occurredAt: string;
}

export type TokenEventType = 'token.activated' | 'token.declined' | 'token.cancelled';

export interface TokenEvent {
  eventId: string;
  type: TokenEventType;
  tokenId: string;
  merchantReference: string;
  customerReference?: string;
  status: TokenStatus;
  method: string;
  cardLast4?: string;
  cardBrand?: string;
  expiry?: string;
  occurredAt: string;
}

export type WebhookEvent = PaymentEvent | TokenEvent;

const PAYMENT_EVENT_TYPES: Partial<Record<PaymentStatus, PaymentEventType>> = {
  AUTHORIZED: 'payment.authorized',
  CAPTURED: 'payment.captured',
  DECLINED: 'payment.declined',
  CANCELLED: 'payment.cancelled',
  REFUNDED: 'payment.refunded',
  PARTIALLY_REFUNDED: 'payment.partially_refunded',
};

const TOKEN_EVENT_TYPES: Partial<Record<TokenStatus, TokenEventType>> = {
  ACTIVE: 'token.activated',
  DECLINED: 'token.declined',
  CANCELLED: 'token.cancelled',
};

/** The event announcing a payment's current status; undefined for statuses that announce nothing. */
export function paymentEvent(payment: Payment, now = new Date()): PaymentEvent | undefined {
  const type = PAYMENT_EVENT_TYPES[payment.status];
  if (!type) return undefined;
  return {
    eventId: randomId('evt'),
    type,
    paymentId: payment.paymentId,
    merchantReference: payment.merchantReference,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    capturedAmount: payment.capturedAmount,
    refundedAmount: payment.refundedAmount,
    ...(payment.token ? { token: payment.token } : {}),
    occurredAt: now.toISOString(),
  };
}

/** The event announcing a token's current status; undefined for statuses that announce nothing. */
export function tokenEvent(token: Token, now = new Date()): TokenEvent | undefined {
  const type = TOKEN_EVENT_TYPES[token.status];
  if (!type) return undefined;
  return {
    eventId: randomId('evt'),
    type,
    tokenId: token.tokenId,
    merchantReference: token.merchantReference,
    ...(token.customerReference ? { customerReference: token.customerReference } : {}),
    status: token.status,
    method: token.method,
    ...(token.card
      ? { cardLast4: token.card.last4, cardBrand: token.card.brand, expiry: token.card.expiry }
      : {}),
    occurredAt: now.toISOString(),
  };
}

/** What orders delivery: the events of one payment (or token) go out one after the other. */
export function eventSubject(event: WebhookEvent): string {
  return 'paymentId' in event ? event.paymentId : event.tokenId;
}
