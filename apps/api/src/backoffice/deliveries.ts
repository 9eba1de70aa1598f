import type { Order, OrderUnit } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { DeliveredVoucher } from '@shop/domain/contract';
import { deliveredVoucherUnits, vouchersOf } from '../fulfilment/answer';
import { commitOrder } from '../fulfilment/commit';
import type { FulfilmentContext } from '../fulfilment/context';
import { AWAITING_COMMIT } from '../fulfilment/reconcile';
import { unitsOf } from '../fulfilment/units';
import { deliveryTargetOf, newDelivery } from '../voucher-delivery/deliveries';
import { queueDelivery } from '../voucher-delivery/send';
import { type Actor, recordAudit } from './audit';
import { mailReceiptAgain } from './receipts';

/** Paid (or needing no payment) and still without a settled outcome: a commit never finished. */
export const isDeliveryStuck = (order: Pick<Order, 'status' | 'outcome'>): boolean =>
  !order.outcome?.settled && AWAITING_COMMIT.includes(order.status);

/**
 * Tries a stuck order's delivery again, as reconciliation would: the commit takes the order's
 * lease and delivers each unit under its own reference, so a retry beside another, or after an
 * operator already delivered, delivers nothing twice. Answers the order's status after it.
 */
export async function retryDelivery(context: FulfilmentContext, order: Order, actor: Actor): Promise<string> {
  if (!isDeliveryStuck(order)) {
    throw new DomainError(
      'DELIVERY_NOT_STUCK',
      `Order ${order.orderNumber} is ${order.status}: only a paid order without an outcome is retried`,
    );
  }
  await recordAudit(context.db, {
    ...actor,
    action: 'order.delivery-retried',
    target: order.orderNumber,
    shopId: order.tenantId,
    detail: { statusBefore: order.status },
  });
  const answer = await commitOrder(context, order);
  return answer.orderStatus;
}

async function deliveredVouchers(context: FulfilmentContext, order: Order): Promise<OrderUnit[]> {
  const vouchers = deliveredVoucherUnits(await unitsOf(context.db, order));
  if (vouchers.length === 0 || !order.outcome?.settled) {
    throw new DomainError('NO_VOUCHER_PINS', `Order ${order.orderNumber} has no voucher PIN delivered`);
  }
  return vouchers;
}

/**
 * Sends a final order's voucher PINs again, only where the order itself sent them: by SMS or
 * WhatsApp to the number the shopper chose at checkout, otherwise in the receipt to the order's
 * e-mail address. Staff never name another destination.
 */
export async function resendPins(context: FulfilmentContext, order: Order, actor: Actor): Promise<string> {
  await deliveredVouchers(context, order);
  const target = deliveryTargetOf(order);
  const audit = (channel: string) => ({
    ...actor,
    action: 'order.pins-resent',
    target: order.orderNumber,
    shopId: order.tenantId,
    detail: { channel },
  });
  if (!target) {
    await mailReceiptAgain(context, order);
    await recordAudit(context.db, audit('email'));
    return 'email';
  }
  const deliveryId = await context.db.transaction(async (tx) => {
    const made = await newDelivery(tx, order, target, 'SEND_AGAIN');
    await recordAudit(tx, audit(target.channel));
    return made;
  });
  if (deliveryId) await queueDelivery(context, deliveryId);
  return target.channel;
}

/**
 * The order's delivered PINs in the clear, for a shopper who cannot read theirs. The reason is
 * written to the audit log before any PIN is decrypted: no look goes unrecorded.
 */
export async function revealPins(
  context: FulfilmentContext,
  order: Order,
  reason: string,
  actor: Actor,
): Promise<DeliveredVoucher[]> {
  const units = await deliveredVouchers(context, order);
  await recordAudit(context.db, {
    ...actor,
    action: 'order.pins-revealed',
    target: order.orderNumber,
    shopId: order.tenantId,
    detail: { reason, count: units.length },
  });
  return vouchersOf(context, order, units);
}
