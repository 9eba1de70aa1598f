import type { Order } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import type { VoucherDeliveryReason, VoucherDeliveryTarget } from '@shop/domain';
import type { VoucherDelivery } from '@shop/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { recordOrderEvent } from '../orders/timeline';

const { orderUnits, voucherDeliveries } = schema;
export type VoucherDeliveryRow = typeof voucherDeliveries.$inferSelect;

/** Where the order's shopper asked for the PINs by SMS or WhatsApp; undefined for the receipt only. */
export const deliveryTargetOf = (order: Pick<Order, 'contact'>): VoucherDeliveryTarget | undefined =>
  order.contact.voucherDelivery;

/**
 * Records a sending of the order's PINs to its target, with its request on the timeline; answers
 * its id. The order's own sending is made once: a repeated commit finds it made and answers
 * undefined, so only the first sends a job.
 */
export async function newDelivery(
  tx: Transaction,
  order: Order,
  target: VoucherDeliveryTarget,
  reason: VoucherDeliveryReason,
): Promise<string | undefined> {
  const [made] = await tx
    .insert(voucherDeliveries)
    .values({ orderId: order.id, reason, channel: target.channel, phoneNumber: target.phoneNumber })
    .onConflictDoNothing()
    .returning({ id: voucherDeliveries.id });
  if (!made) return undefined;
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'voucher-delivery.requested',
    detail: { deliveryId: made.id, channel: target.channel, reason },
  });
  return made.id;
}

/** The delivery, locked as an UPDATE locks it (decision 0022): its tries never overlap. */
export async function lockDelivery(
  tx: Transaction,
  deliveryId: string,
): Promise<VoucherDeliveryRow | undefined> {
  const [row] = await tx
    .select()
    .from(voucherDeliveries)
    .where(eq(voucherDeliveries.id, deliveryId))
    .for('no key update');
  return row;
}

/** The order's latest sending, or undefined. */
export async function latestDelivery(
  db: Database | Transaction,
  orderId: string,
): Promise<VoucherDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(voucherDeliveries)
    .where(eq(voucherDeliveries.orderId, orderId))
    .orderBy(desc(voucherDeliveries.createdAt), desc(voucherDeliveries.id))
    .limit(1);
  return row;
}

/**
 * How the result page and the order history see the sending of an order's PINs: its latest
 * sending, or pending while the order's own is not made yet; null when the order has no PINs or
 * its shopper asked for none by SMS or WhatsApp.
 */
export async function deliveryView(
  db: Database | Transaction,
  order: Order,
  hasPins: boolean,
): Promise<VoucherDelivery | null> {
  const target = deliveryTargetOf(order);
  if (!target || !hasPins) return null;
  const latest = await latestDelivery(db, order.id);
  if (!latest) return { ...target, state: 'PENDING', sentAt: null };
  return {
    channel: latest.channel,
    phoneNumber: latest.phoneNumber,
    state: latest.state,
    sentAt: latest.sentAt?.toISOString() ?? null,
  };
}

/** Whether the order delivered any voucher PIN. */
export async function hasDeliveredPins(db: Database | Transaction, orderId: string): Promise<boolean> {
  const [unit] = await db
    .select({ id: orderUnits.id })
    .from(orderUnits)
    .where(
      and(eq(orderUnits.orderId, orderId), eq(orderUnits.kind, 'VOUCHER'), eq(orderUnits.state, 'SUCCEEDED')),
    )
    .limit(1);
  return unit !== undefined;
}

/**
 * The order's own sending, made in the transaction that settles the order: an order whose shopper
 * asked for the PINs by SMS or WhatsApp, and that delivered some, is never settled without it.
 * Answers its id when it was made now (its job is then sent), undefined otherwise.
 */
export async function requestOrderDelivery(tx: Transaction, order: Order): Promise<string | undefined> {
  const target = deliveryTargetOf(order);
  if (!target || !(await hasDeliveredPins(tx, order.id))) return undefined;
  return newDelivery(tx, order, target, 'ORDER');
}
