import { randomId } from './ids';
import type { Payment, PaymentStatus } from './types';

/**
 * The events the sandbox payment provider sends to the merchant's webhook URL, one per status
 * change (and one per refund, even when a second partial refund leaves the status as it was).
 */

export type PaymentEventType =
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
  occurredAt: string;
}

const EVENT_TYPES: Partial<Record<PaymentStatus, PaymentEventType>> = {
  CAPTURED: 'payment.captured',
  DECLINED: 'payment.declined',
  CANCELLED: 'payment.cancelled',
  REFUNDED: 'payment.refunded',
  PARTIALLY_REFUNDED: 'payment.partially_refunded',
};

/** The event announcing a payment's current status; undefined for statuses that announce nothing. */
export function paymentEvent(payment: Payment, now = new Date()): PaymentEvent | undefined {
  const type = EVENT_TYPES[payment.status];
  if (!type) return undefined;
  return {
    eventId: randomId('evt'),
    type,
    paymentId: payment.paymentId,
    merchantReference: payment.merchantReference,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    occurredAt: now.toISOString(),
  };
}
