import type { Order, Payment } from '@shop/db';
import type { Settlement } from '@shop/domain';
import type { ProviderPayment } from '../adapters/payment-provider';
import { syncPayment } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import type { FulfilmentContext } from './context';

/**
 * Keeps what was delivered and gives back the rest, judged by the payment as the provider has
 * it now, so that settling again (after a crash between settling and recording it) gives back
 * nothing twice: an authorization is captured for the charge (voided when nothing was
 * delivered); of money taken at once, what is kept beyond the charge is refunded. `asked` is the
 * provider's answer of the same commit, which nothing of ours has settled since; without it the
 * provider is asked.
 */
export async function settlePayment(
  context: FulfilmentContext,
  order: Order,
  payment: Payment,
  { charge }: Settlement,
  asked?: ProviderPayment,
): Promise<void> {
  const { db } = context;
  if (!payment.providerPaymentId) return;
  const provider = context.providers.of(order.tenantId, payment.provider);
  const remote = asked ?? (await provider.status(payment.providerPaymentId));
  if (!remote) return;
  let action: string | undefined;
  let answer: { ok: boolean; code?: string } | undefined;
  if (remote.status === 'AUTHORIZED') {
    action = charge > 0 ? 'capture' : 'void';
    answer =
      charge > 0
        ? await provider.capture(payment.providerPaymentId, charge, `${payment.reference}-capture`)
        : await provider.cancel(payment.providerPaymentId, `${payment.reference}-void`);
  } else if (remote.status === 'CAPTURED' || remote.status === 'PARTIALLY_REFUNDED') {
    const kept = (remote.capturedAmount ?? remote.amount) - remote.refundedAmount;
    const excess = kept - charge;
    if (excess > 0) {
      action = 'refund';
      answer = await provider.refund(
        payment.providerPaymentId,
        excess,
        `${payment.reference}-refund-${excess}`,
      );
    }
  }
  if (!action || !answer) return;
  await recordOrderEvent(db, {
    orderId: order.id,
    paymentId: payment.id,
    type: `payment.${action}`,
    detail: { charge, ...(answer.ok ? {} : { refused: answer.code }) },
  });
  await syncPayment(context, payment.id);
}
