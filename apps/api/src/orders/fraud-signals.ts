import type { Order, Payment } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { fraudSignalsKeptSince } from '@shop/domain';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { recordOrderEvent } from './timeline';

const { orderEvents, orders, payments } = schema;

/** The timeline's fields that hold a signal (`previous` is an earlier device id), as an SQL array. */
const SIGNAL_FIELDS = sql.raw(`array['deviceId', 'previous', 'fraudnetSessionId']::text[]`);

/**
 * The fraud signals of an order (decision 0049): its device id, the last one a call of its
 * checkout brought (kept in its contact, where spec §3 has the delivery address carry it), and
 * each payment attempt's device id and PayPal FraudNet session id, fixed when the attempt starts
 * and sent to the provider with it (again, unchanged, on a retry).
 */

/** The call that brought a device id (decision 0049). */
export type DeviceIdSource = 'checkout-address' | 'checkout-start-payment' | 'payment-commit-order';

/** The order's device id: the last one a call of its checkout brought (kept in its contact). */
export const deviceIdOf = (order: Pick<Order, 'contact'>): string | undefined => order.contact.deviceId;

/**
 * Keeps the device id a call brought as the order's, and writes it to the order's timeline
 * (`order.device-id`) when it is new or another than the order had: a commit asked again every
 * two seconds with the same id writes it once. Answers the order's device id now.
 */
export async function keepDeviceId(
  db: Database | Transaction,
  order: Order,
  deviceId: string | undefined,
  source: DeviceIdSource,
): Promise<string | undefined> {
  if (deviceId === undefined) return deviceIdOf(order);
  const changed = await db
    .update(orders)
    .set({ contact: sql`${orders.contact} || jsonb_build_object('deviceId', ${deviceId}::text)` })
    .where(and(eq(orders.id, order.id), sql`${orders.contact}->>'deviceId' is distinct from ${deviceId}`))
    .returning({ id: orders.id });
  if (changed.length > 0) {
    const previous = deviceIdOf(order);
    await recordOrderEvent(db, {
      orderId: order.id,
      type: 'order.device-id',
      detail: { deviceId, source, ...(previous && previous !== deviceId ? { previous } : {}) },
    });
  }
  return deviceId;
}

/** An attempt's signals as the provider takes them. */
export function fraudSignalsOf(payment: Pick<Payment, 'deviceId' | 'fraudnetSessionId'>): {
  deviceId?: string;
  fraudnetSessionId?: string;
} {
  return {
    ...(payment.deviceId ? { deviceId: payment.deviceId } : {}),
    ...(payment.fraudnetSessionId ? { fraudnetSessionId: payment.fraudnetSessionId } : {}),
  };
}

/**
 * Forgets the signals of these orders (their account is deleted, or they have been kept long
 * enough): the attempts' and the timeline's. The orders' own device id is their contact's.
 */
export async function forgetFraudSignals(tx: Transaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(payments)
    .set({ deviceId: null, fraudnetSessionId: null })
    .where(inArray(payments.orderId, orderIds));
  await tx
    .update(orderEvents)
    .set({ detail: sql`${orderEvents.detail} - ${SIGNAL_FIELDS}` })
    .where(and(inArray(orderEvents.orderId, orderIds), sql`${orderEvents.detail} ?| ${SIGNAL_FIELDS}`));
}

/**
 * Forgets the fraud signals of the orders made before the period they are kept ends (decision
 * 0065), guests' and accounts' alike: the order's device id, its attempts' and its timeline's.
 * Batches of orders, each in a transaction of its own, keep a pass from holding many rows at once.
 * Answers how many orders' signals went.
 */
export async function forgetPastFraudSignals(
  db: Database,
  now = new Date(),
  { batchSize = 500, batchesPerPass = 20 } = {},
): Promise<number> {
  const keptSince = fraudSignalsKeptSince(now);
  let forgotten = 0;
  for (let batch = 0; batch < batchesPerPass; batch += 1) {
    const taken = await db.transaction(async (tx) => {
      const withDeviceId = tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(lt(orders.createdAt, keptSince), sql`${orders.contact} ? 'deviceId'`));
      const withSignalledAttempt = tx
        .select({ id: payments.orderId })
        .from(payments)
        .where(
          and(
            lt(payments.createdAt, keptSince),
            or(isNotNull(payments.deviceId), isNotNull(payments.fraudnetSessionId)),
          ),
        );
      const orderIds = (await withDeviceId.union(withSignalledAttempt).limit(batchSize)).map(({ id }) => id);
      if (orderIds.length === 0) return 0;
      await tx
        .update(orders)
        .set({ contact: sql`${orders.contact} - 'deviceId'` })
        .where(and(inArray(orders.id, orderIds), sql`${orders.contact} ? 'deviceId'`));
      await forgetFraudSignals(tx, orderIds);
      return orderIds.length;
    });
    forgotten += taken;
    if (taken < batchSize) break;
  }
  return forgotten;
}
