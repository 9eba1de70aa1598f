import { randomInt } from 'node:crypto';
import { isRecord } from '../validation';
import type { Payment, PayPalReturn } from './types';

/**
 * PayPal in iframe mode: a payment of method `paypal` started with
 * `additionalData: { paypal: { iframe: true } }` returns to the shop with PayPal's own query
 * parameters besides `paymentId` and `status`: `token` (the order token, `EC-` and 17 letters
 * and digits) and, when the payment saves the PayPal account, `approval_session_id`. Both are
 * fixed when the payment is created, so every return of the payment carries the same ones.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function payPalId(length = 17): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Whether the merchant asked for PayPal's iframe mode. */
export function isPayPalIframe(payment: Pick<Payment, 'method' | 'additionalData'>): boolean {
  const paypal = payment.additionalData?.paypal;
  return payment.method === 'paypal' && isRecord(paypal) && paypal.iframe === true;
}

/** The ids to add to the return URL of a payment in PayPal's iframe mode; undefined otherwise. */
export function payPalReturnFor(payment: Payment): PayPalReturn | undefined {
  if (!isPayPalIframe(payment)) return undefined;
  return {
    orderToken: `EC-${payPalId()}`,
    ...(payment.savePaymentMethod ? { approvalSessionId: payPalId() } : {}),
  };
}
