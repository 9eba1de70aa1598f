import { FAILED_LIKE_ORDER_STATUSES } from '@shop/domain';

/** What the result page tells the shopper about a payment. */
export type PaymentOutcome =
  | 'pending'
  | 'paid'
  | 'declined'
  | 'cancelled'
  | 'failed'
  | 'refunded'
  | 'partiallyRefunded';

const BY_PAYMENT_STATUS: Readonly<Record<string, PaymentOutcome>> = {
  AUTHORIZED: 'paid',
  CAPTURED: 'paid',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  EXPIRED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partiallyRefunded',
};

const BY_ORDER_STATUS: Readonly<Record<string, PaymentOutcome>> = {
  paid: 'paid',
  paymentAuthorized: 'paid',
  committed: 'paid',
  partiallyCommitted: 'paid',
  productProcessDone: 'paid',
  refunded: 'refunded',
  partiallyRefunded: 'partiallyRefunded',
};

/**
 * The outcome of an order's payment: the payment's own state when it is settled, else what the
 * order status says; anything still open is pending.
 */
export function paymentOutcome(order: { orderStatus: string; paymentStatus: string | null }): PaymentOutcome {
  const byPayment = order.paymentStatus === null ? undefined : BY_PAYMENT_STATUS[order.paymentStatus];
  if (byPayment) return byPayment;
  if ((FAILED_LIKE_ORDER_STATUSES as readonly string[]).includes(order.orderStatus)) {
    return order.orderStatus === 'cancelled' ? 'cancelled' : 'failed';
  }
  return BY_ORDER_STATUS[order.orderStatus] ?? 'pending';
}

/** The outcomes after which the shopper may pay again for the same cart. */
export function canRetry(outcome: PaymentOutcome): boolean {
  return outcome === 'declined' || outcome === 'cancelled' || outcome === 'failed';
}
