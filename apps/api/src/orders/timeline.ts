import type { Database, Transaction } from '@shop/db';
import { schema } from '@shop/db';

/** Writes one entry of an order's timeline (every provider call, answer, webhook and change). */
export async function recordOrderEvent(
  db: Database | Transaction,
  entry: {
    orderId: string;
    paymentId?: string;
    type: string;
    detail?: Record<string, unknown>;
    providerEventId?: string;
  },
): Promise<void> {
  await db.insert(schema.orderEvents).values({
    orderId: entry.orderId,
    paymentId: entry.paymentId,
    type: entry.type,
    detail: entry.detail ?? {},
    providerEventId: entry.providerEventId,
  });
}
