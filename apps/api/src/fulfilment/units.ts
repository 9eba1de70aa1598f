import type { Order, OrderUnit } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { planUnits } from '@shop/domain';
import { asc, eq } from 'drizzle-orm';

const { orderUnits } = schema;

/** The order's units as they are (none before the first commit). */
export const listUnits = (db: Database | Transaction, order: Order): Promise<OrderUnit[]> =>
  db
    .select()
    .from(orderUnits)
    .where(eq(orderUnits.orderId, order.id))
    .orderBy(asc(orderUnits.lineIndex), asc(orderUnits.unitIndex));

/**
 * The order's units, made from its snapshot the first time they are asked for. Needs no
 * transaction of its own: the units are written by one statement, and a concurrent first call
 * writes the same references, which the other's insert leaves alone.
 */
export async function unitsOf(db: Database | Transaction, order: Order): Promise<OrderUnit[]> {
  const existing = await listUnits(db, order);
  if (existing.length > 0) return existing;
  const plans = planUnits(order.lines, order.totalPrice);
  if (plans.length === 0) return [];
  await db
    .insert(orderUnits)
    .values(
      plans.map((plan) => ({
        orderId: order.id,
        lineIndex: plan.lineIndex,
        unitIndex: plan.unitIndex,
        reference: `${order.orderNumber}-${plan.lineIndex + 1}-${plan.unitIndex + 1}`,
        kind: plan.kind,
        productId: plan.productId,
        phoneNumber: plan.phoneNumber,
        faceValue: plan.faceValue,
        price: plan.price,
        currency: order.currency,
      })),
    )
    .onConflictDoNothing();
  return listUnits(db, order);
}
