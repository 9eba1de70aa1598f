import type { Order, Payment } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * Forgets the signals of these orders (the shopper's account is deleted): the attempts' and the
 * timeline's. The orders' own device id goes with their contact.
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
