import type { Order } from '@shop/db';
import { type Database, schema } from '@shop/db';
import { isLastVoucherAttempt, isVoucherDeliveryOpen } from '@shop/domain';
import type { TenantConfig, TenantRegistry } from '@shop/tenants';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageGateway, MessageRefusedError } from '../adapters/messages';
import { deliveredVoucherUnits, vouchersOf } from '../fulfilment/answer';
import { listUnits } from '../fulfilment/units';
import type { JobQueue } from '../jobs/queue';
import { QUEUES } from '../jobs/queues';
import { recordOrderEvent } from '../orders/timeline';
import { answerLanguage } from '../sms-topups/answers';
import type { PinCipher } from '../vouchers/pin-crypto';
import { lockDelivery, type VoucherDeliveryRow } from './deliveries';
import { voucherMessageTexts } from './message';

const { orders, voucherDeliveries } = schema;

/** Tries at the gateway before a delivery is given up: the job's first and its retries. */
export const VOUCHER_DELIVERY_ATTEMPTS = QUEUES['voucher-delivery'].retries + 1;

/**
 * How long a pending delivery may lie untouched before reconciliation sends its job again (its job
 * was never stored, or was lost): longer than the longest wait between two of the job's tries.
 */
export const STALE_DELIVERY_MS = 30 * 60_000;

export interface DeliveryServices {
  db: Database;
  tenants: TenantRegistry;
  pins: PinCipher;
  messages: MessageGateway;
  log: FastifyBaseLogger;
}

type Try = { delivery: VoucherDeliveryRow; order: Order };

/** Counts one more try of a pending delivery, under its lock, on the order's timeline; undefined when it is over. */
async function takeTry(db: Database, deliveryId: string): Promise<Try | undefined> {
  return db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, deliveryId);
    if (!delivery || !isVoucherDeliveryOpen(delivery.state)) return undefined;
    const attempts = delivery.attempts + 1;
    await tx
      .update(voucherDeliveries)
      .set({ attempts, updatedAt: new Date() })
      .where(eq(voucherDeliveries.id, deliveryId));
    await recordOrderEvent(tx, {
      orderId: delivery.orderId,
      type: 'voucher-delivery.attempt',
      detail: { deliveryId, channel: delivery.channel, attempt: attempts },
    });
    const [order] = await tx.select().from(orders).where(eq(orders.id, delivery.orderId));
    return order ? { delivery: { ...delivery, attempts }, order } : undefined;
  });
}

/** Writes how the try ended, under the delivery's lock; a delivery already over stays as it is. */
async function endTry(
  db: Database,
  { delivery }: Try,
  outcome: { sent: true } | { sent: false; reason: string; hopeless?: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockDelivery(tx, delivery.id);
    if (!current || !isVoucherDeliveryOpen(current.state)) return;
    const detail = { deliveryId: delivery.id, attempt: delivery.attempts };
    const now = new Date();
    if (outcome.sent) {
      await tx
        .update(voucherDeliveries)
        .set({ state: 'SENT', sentAt: now, updatedAt: now })
        .where(eq(voucherDeliveries.id, delivery.id));
      await recordOrderEvent(tx, { orderId: delivery.orderId, type: 'voucher-delivery.sent', detail });
      return;
    }
    await recordOrderEvent(tx, {
      orderId: delivery.orderId,
      type: 'voucher-delivery.refused',
      detail: { ...detail, reason: outcome.reason },
    });
    if (!outcome.hopeless && !isLastVoucherAttempt(current.attempts, VOUCHER_DELIVERY_ATTEMPTS)) return;
    await tx
      .update(voucherDeliveries)
      .set({ state: 'FAILED', updatedAt: now })
      .where(eq(voucherDeliveries.id, delivery.id));
    await recordOrderEvent(tx, { orderId: delivery.orderId, type: 'voucher-delivery.given-up', detail });
  });
}

/** The messages with the order's PINs, read back from their store; undefined when it holds none. */
async function messagesOf(services: DeliveryServices, tenant: TenantConfig, order: Order) {
  const units = deliveredVoucherUnits(await listUnits(services.db, order));
  if (units.length === 0) return undefined;
  const vouchers = await vouchersOf({ db: services.db, tenant, pins: services.pins }, order, units);
  const language = answerLanguage(tenant, order.contact.language);
  return voucherMessageTexts(
    tenant,
    language,
    order.orderNumber,
    vouchers.map((voucher, index) => ({
      voucher,
      faceValue: units[index]?.faceValue ?? 0,
      currency: order.currency,
    })),
  );
}

/**
 * The `voucher-delivery` job: one try at sending a delivery's PINs. The try is counted before the
 * gateway is called and its end written after (no outside call inside a transaction); a delivery
 * sent or given up is not tried again, so a job repeated after success sends nothing. The
 * delivery's id (and the message's part, for an order of many PINs) is the gateway's idempotency
 * key: a try repeated after a crash between the gateway's answer and its record is taken once. A
 * refusal for now fails the job, which pg-boss tries again with back-off; after the last try the
 * delivery is given up, as it is at once on a refusal for good. Answers whether it was sent now.
 */
export async function sendVoucherDelivery(services: DeliveryServices, deliveryId: string): Promise<boolean> {
  const attempt = await takeTry(services.db, deliveryId);
  if (!attempt) return false;
  const { delivery, order } = attempt;
  const tenant = services.tenants.byId(order.tenantId);
  const texts = tenant && (await messagesOf(services, tenant, order));
  if (!tenant || !texts) {
    const reason = tenant ? 'the order holds no PIN to send' : `no tenant ${order.tenantId}`;
    await endTry(services.db, attempt, { sent: false, reason, hopeless: true });
    return false;
  }
  try {
    // Each part has a key of its own: a try after a refusal midway sends the rest, not the start again.
    for (const [index, text] of texts.entries()) {
      await services.messages.send(
        {
          shopId: tenant.shopId,
          channel: delivery.channel,
          to: delivery.phoneNumber,
          text,
          from: tenant.shortName,
        },
        { idempotencyKey: `${delivery.id}:${index + 1}`, singleTry: true },
      );
    }
  } catch (error) {
    // A refusal for good (the number takes no messages) is given up at once, not tried again.
    const hopeless = error instanceof MessageRefusedError;
    await endTry(services.db, attempt, { sent: false, reason: (error as Error).message, hopeless });
    if (hopeless) return false;
    throw error;
  }
  await endTry(services.db, attempt, { sent: true });
  return true;
}

/** Sends a delivery's job; should it not be stored, reconciliation sends it again later. */
export async function queueDelivery(
  { jobs, log }: { jobs: Pick<JobQueue, 'send'>; log: FastifyBaseLogger },
  deliveryId: string,
): Promise<void> {
  try {
    await jobs.send('voucher-delivery', { deliveryId });
  } catch (err) {
    log.warn({ err, deliveryId }, 'voucher delivery job not stored; reconciliation sends it');
  }
}

/** Pending deliveries nothing has tried for a while (their job was lost): their jobs go again. */
export async function resumeStaleDeliveries(
  services: { db: Database; jobs: Pick<JobQueue, 'send'>; log: FastifyBaseLogger },
  now: Date,
  limit: number,
): Promise<number> {
  const stale = await services.db
    .select({ id: voucherDeliveries.id })
    .from(voucherDeliveries)
    .where(
      and(
        eq(voucherDeliveries.state, 'PENDING'),
        lt(voucherDeliveries.updatedAt, new Date(now.getTime() - STALE_DELIVERY_MS)),
      ),
    )
    .limit(limit);
  for (const { id } of stale) {
    await services.db
      .update(voucherDeliveries)
      .set({ updatedAt: now })
      .where(and(eq(voucherDeliveries.id, id), eq(voucherDeliveries.state, 'PENDING')));
    await queueDelivery(services, id);
  }
  return stale.length;
}
