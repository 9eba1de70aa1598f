import type { Order } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { canMoveOrder, canReverseOrder, type StoredOrderStatus } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { recordOrderEvent } from './timeline';

const { orders } = schema;

/**
 * The one way an order's status changes: by the order table (ORDER_TRANSITIONS), from the status
 * the order has now (read under lock), with the change on its timeline in the same transaction.
 * Answers whether the order moved; a move the table does not allow changes nothing. A reversal
 * (decision 0070) moves by REVERSAL_TRANSITIONS instead. The lock is the one an UPDATE takes,
 * which lets other transactions add timeline entries (see lockPayment).
 */
export async function moveOrder(
  tx: Transaction,
  orderId: string,
  to: StoredOrderStatus,
  cause: { paymentId?: string; outcome?: Order['outcome']; reversal?: true } = {},
): Promise<boolean> {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  const allowed = cause.reversal ? canReverseOrder : canMoveOrder;
  if (!current || !allowed(current.status, to)) return false;
  await tx
    .update(orders)
    .set({ status: to, ...(cause.outcome ? { outcome: cause.outcome } : {}), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await recordOrderEvent(tx, {
    orderId,
    paymentId: cause.paymentId,
    type: 'order.status',
    detail: { from: current.status, to },
  });
  return true;
}
