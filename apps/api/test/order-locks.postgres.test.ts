import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changePaymentState, lockPayment } from '../src/orders/payment-state';
import { recordOrderEvent } from '../src/orders/timeline';
import { apiForFile } from './api-for-file';
import { checkoutClient } from './checkout-support';

/**
 * Two transactions on one order at once, as a webhook, a payment start and a commit meet when many
 * shoppers pay. Included only on PostgreSQL (vitest.config.ts): the embedded database has one
 * connection, so nothing there runs at once.
 */

const api = apiForFile({ worker: false });
const client = checkoutClient(api);

/** An order whose card payment was started and waits for the shopper. */
async function openOrder() {
  const cartName = await client.newCart('funkfix', [
    { productId: 'funkfix-topup-1500', phoneNumber: '+4917100001234' },
  ]);
  const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { orderNumber } = started.body as StartedPaymentAnswer;
  const { db } = api.database;
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
  if (!order) throw new Error(`no order ${orderNumber}`);
  const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
  if (!payment) throw new Error(`no payment for ${orderNumber}`);
  return { order, payment };
}

/** Resolves once `done` holds or some session of this database waits for a lock. */
async function doneOrWaiting(done: () => boolean) {
  for (let tries = 0; tries < 400; tries += 1) {
    if (done()) return;
    const waiting = await api.database.executeSql(
      "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      [],
    );
    if (waiting.rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the other transaction neither finished nor waited');
}

function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { give, given };
}

describe('an order written by two transactions at once', () => {
  it('takes a payment change while another transaction writes the timeline of the order and of the payment', async () => {
    const { order, payment } = await openOrder();
    const { db } = api.database;
    const locked = signal();
    let timelineDone = false;

    // A payment change: the payment locked first, then the payment and its order move.
    const paymentChange = db.transaction(async (tx) => {
      const current = await lockPayment(tx, eq(schema.payments.id, payment.id));
      if (!current) throw new Error('payment vanished');
      locked.give();
      await doneOrWaiting(() => timelineDone);
      return changePaymentState(tx, current, 'AUTHORIZED');
    });
    await locked.given;
    // Meanwhile another transaction writes an entry of the order, then one of the payment.
    const timeline = db
      .transaction(async (tx) => {
        await recordOrderEvent(tx, { orderId: order.id, type: 'provider.initiated' });
        await recordOrderEvent(tx, { orderId: order.id, paymentId: payment.id, type: 'provider.answer' });
      })
      .finally(() => {
        timelineDone = true;
      });

    const outcomes = await Promise.allSettled([paymentChange, timeline]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: undefined },
    ]);
    const [after] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(after?.status).toBe('paymentAuthorized');
  });
});
