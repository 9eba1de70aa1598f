import { type Order, schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { commitOrder } from '../fulfilment/commit';
import type { FulfilmentContext } from '../fulfilment/context';
import { type Actor, recordAudit } from './audit';

const { orders } = schema;

/** A receipt staff send again, with the audit line that says who did. */
export async function resendReceipt(context: FulfilmentContext, order: Order, actor: Actor): Promise<void> {
  await mailReceiptAgain(context, order);
  await recordAudit(context.db, {
    ...actor,
    action: 'order.receipt-resent',
    target: order.orderNumber,
    shopId: order.tenantId,
  });
}

/**
 * Sends a final order's receipt again, to the order's own e-mail address only (never to one
 * typed by staff): the mark of the receipt sent is cleared and the commit of a final order,
 * which only answers again, mails it as reconciliation does after a refused mail.
 */
export async function mailReceiptAgain(context: FulfilmentContext, order: Order): Promise<void> {
  if (!order.outcome?.settled || !order.contact.email) {
    throw new DomainError(
      'RECEIPT_UNAVAILABLE',
      `Order ${order.orderNumber} ${order.contact.email ? 'is not final yet' : 'has no e-mail address'}`,
    );
  }
  const [cleared] = await context.db
    .update(orders)
    .set({ receiptSentAt: null })
    .where(eq(orders.id, order.id))
    .returning();
  await commitOrder(context, cleared ?? { ...order, receiptSentAt: null });
}
