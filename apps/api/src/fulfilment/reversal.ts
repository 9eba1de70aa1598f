import { type Order, type OrderUnit, schema } from '@shop/db';
import { commitStatus } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { moveOrder } from '../orders/order-status';
import { type PaymentServices, paymentRefunded } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';

const { orderUnits, orders, payments } = schema;

/** The provider's key of the refund for a reversed unit: a retry is the same refund there. */
const refundKey = (unit: Pick<OrderUnit, 'id'>) => `reversal-${unit.id}`;

/**
 * Marks a delivered top-up as taken back by the operator, and moves its order to what its units
 * now are; both in one transaction under the unit's lock. Answers the unit and its order when the
 * unit is (now or already) reversed and its refund is still to be made.
 */
async function markReversed(
  db: PaymentServices['db'],
  tenantId: string,
  reference: string,
): Promise<{ unit: OrderUnit; order: Order } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ unit: orderUnits, order: orders })
      .from(orderUnits)
      .innerJoin(orders, eq(orders.id, orderUnits.orderId))
      .where(and(eq(orderUnits.reference, reference), eq(orders.tenantId, tenantId)))
      .for('update', { of: orderUnits });
    if (!row) return undefined;
    const { unit, order } = row;
    if (unit.state === 'REVERSED') {
      return unit.result.refundedAfterReversal === undefined ? { unit, order } : undefined;
    }
    if (unit.state !== 'SUCCEEDED') return undefined;
    const [reversed] = await tx
      .update(orderUnits)
      .set({ state: 'REVERSED', updatedAt: new Date() })
      .where(eq(orderUnits.id, unit.id))
      .returning();
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'unit.reversed',
      detail: { reference: unit.reference, kind: unit.kind },
    });
    const states = await tx
      .select({ state: orderUnits.state })
      .from(orderUnits)
      .where(eq(orderUnits.orderId, order.id));
    await moveOrder(tx, order.id, commitStatus(states.map(({ state }) => state)), { reversal: true });
    return reversed ? { unit: reversed, order } : undefined;
  });
}

/**
 * An operator took back a top-up it had delivered (decision 0070): the unit becomes REVERSED, the
 * order what its units now are, and the unit's price goes back to the shopper through the
 * provider of the payment that paid it, with a key of the unit's own. Run again (a retried job, a
 * second callback) it refunds nothing twice: the provider knows the key, and the unit keeps what
 * was refunded. A provider out of reach throws, for the job to try again.
 */
export async function reverseTopup(
  services: PaymentServices & { log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  { tenantId, reference }: { tenantId: string; reference: string },
): Promise<'reversed' | 'unchanged'> {
  const { db } = services;
  const marked = await markReversed(db, tenantId, reference);
  if (!marked) return 'unchanged';
  const { unit, order } = marked;
  const [payment] = order.outcome?.paymentId
    ? await db.select().from(payments).where(eq(payments.id, order.outcome.paymentId))
    : [];
  const refund = payment?.providerPaymentId
    ? await services.providers
        .of(order.tenantId, payment.provider)
        .refund(payment.providerPaymentId, unit.price, refundKey(unit))
    : ({ ok: false, code: 'NO_PAYMENT' } as const);
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .update(orderUnits)
      .set({
        result: { ...unit.result, refundedAfterReversal: refund.ok ? unit.price : 0 },
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(orderUnits.id, unit.id),
          eq(orderUnits.state, 'REVERSED'),
          sql`${orderUnits.result}->>'refundedAfterReversal' is null`,
        ),
      )
      .returning({ id: orderUnits.id });
    if (!kept) return;
    await recordOrderEvent(tx, {
      orderId: order.id,
      ...(payment ? { paymentId: payment.id } : {}),
      type: refund.ok ? 'payment.refund.reversal' : 'payment.refund.reversal.refused',
      detail: { reference: unit.reference, amount: unit.price, ...(refund.ok ? {} : { code: refund.code }) },
    });
    if (refund.ok && payment) await paymentRefunded(tx, payment.id, refund.refundedAmount, 'reversal');
  });
  services.log.info({ reference, refunded: refund.ok }, 'reversed top-up refunded');
  return 'reversed';
}
