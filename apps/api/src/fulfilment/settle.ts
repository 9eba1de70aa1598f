import type { Settlement } from '@shop/domain';
import type { Order, Payment } from '../checkout/orders';
import { syncPayment } from '../checkout/payment-state';
import { recordOrderEvent } from '../checkout/timeline';
import type { FulfilmentContext } from './context';

/**
 * Keeps what was delivered and gives back the rest: an authorization is captured for the charge
 * (voided when nothing was delivered); money taken at once is refunded for the rest. The keys
 * derive from the payment's reference, so a repeat after a crash does the same thing once.
 */
export async function settlePayment(
  context: FulfilmentContext,
  order: Order,
  payment: Payment,
  { charge, giveBack }: Settlement,
): Promise<void> {
  const { provider, db } = context;
  if (!payment.providerPaymentId) return;
  let action: string | undefined;
  let answer: { ok: boolean; code?: string } | undefined;
  if (payment.state === 'AUTHORIZED') {
    action = charge > 0 ? 'capture' : 'void';
    answer =
      charge > 0
        ? await provider.capture(payment.providerPaymentId, charge, `${payment.reference}-capture`)
        : await provider.cancel(payment.providerPaymentId, `${payment.reference}-void`);
  } else if (giveBack > 0 && (payment.state === 'CAPTURED' || payment.state === 'PARTIALLY_REFUNDED')) {
    action = 'refund';
    answer = await provider.refund(payment.providerPaymentId, giveBack, `${payment.reference}-refund`);
  }
  if (!action || !answer) return;
  await recordOrderEvent(db, {
    orderId: order.id,
    paymentId: payment.id,
    type: `payment.${action}`,
    detail: { charge, giveBack, ...(answer.ok ? {} : { refused: answer.code }) },
  });
  await syncPayment(context, payment.id);
}
