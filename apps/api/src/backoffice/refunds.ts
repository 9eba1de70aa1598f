import { type Database, type Order, type Payment, type StaffRefund, schema } from '@shop/db';
import { DomainError, refundableAmount } from '@shop/domain';
import type { StaffRefundAnswer, StaffRefundRequest } from '@shop/domain/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type PaymentServices, paymentRefunded } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import { type Actor, recordAudit } from './audit';

const { orders, payments, staffRefunds } = schema;

/** Who asks for the refund, for the refund row and the audit log. */
export interface RefundServices extends PaymentServices {
  log: FastifyBaseLogger;
}

/** How long a second call with the same key waits for the first one's answer from the provider. */
const WAIT_FOR_FIRST_MS = 10_000;
/** A PENDING refund older than this lost its answer; reconciliation asks the provider again. */
const LOST_AFTER_MS = 60_000;

export const refundView = (refund: StaffRefund): StaffRefundAnswer => ({
  refundId: refund.id,
  amount: refund.amount,
  status: refund.status,
  paymentId: refund.paymentId,
  reason: refund.reason,
  failureCode: refund.failureCode,
  createdAt: refund.createdAt.toISOString(),
});

/** The provider's key of a refund: ours, so every retry of it is the same refund there. */
const providerKey = (refund: Pick<StaffRefund, 'id'>) => `staff-refund-${refund.id}`;

/**
 * The attempt a refund goes to: the one named, else the one that paid the order, else the one
 * with the most left to refund.
 */
function attemptToRefund(
  order: Order,
  attempts: readonly Payment[],
  named: string | undefined,
): Payment | undefined {
  if (named) return attempts.find((attempt) => attempt.id === named);
  const paid = attempts.find((attempt) => attempt.id === order.outcome?.paymentId);
  if (paid && refundableAmount(paid) > 0) return paid;
  return [...attempts].sort((a, b) => refundableAmount(b) - refundableAmount(a))[0];
}

/**
 * Writes the refund as asked, under the order's lock, or finds the one of the same key: what is
 * left to refund is the payment's refundable amount less the refunds still awaiting the provider,
 * so two refunds at once cannot both take the same money.
 */
async function recordRefund(
  db: Database,
  order: Order,
  input: StaffRefundRequest,
  key: string,
  who: Actor,
): Promise<{ refund: StaffRefund; isNew: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('no key update');
    const [earlier] = await tx
      .select()
      .from(staffRefunds)
      .where(and(eq(staffRefunds.orderId, order.id), eq(staffRefunds.idempotencyKey, key)));
    if (earlier) {
      if (earlier.amount !== input.amount || earlier.reason !== input.reason.trim()) {
        throw new DomainError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was sent before with another amount or reason; use a new key for a new refund',
        );
      }
      return { refund: earlier, isNew: false };
    }
    // One statement reads each payment with its refunds awaiting the provider, so a refund answered
    // meanwhile is counted once: either still awaiting, or in the payment's refunded amount.
    const rows = await tx
      .select({
        payment: payments,
        awaiting: sql<string>`coalesce(sum(${staffRefunds.amount}) filter (where ${staffRefunds.status} = 'PENDING'), 0)`,
      })
      .from(payments)
      .leftJoin(staffRefunds, eq(staffRefunds.paymentId, payments.id))
      .where(eq(payments.orderId, order.id))
      .groupBy(payments.id);
    const payment = attemptToRefund(
      order,
      rows.map((row) => row.payment),
      input.paymentId,
    );
    const awaiting = Number(rows.find((row) => row.payment.id === payment?.id)?.awaiting ?? 0);
    const left = payment ? refundableAmount(payment) - awaiting : 0;
    if (!payment?.providerPaymentId || input.amount > left) {
      throw new DomainError(
        'REFUND_AMOUNT_EXCEEDED',
        `At most ${Math.max(0, left)} (minor units) is left to refund of order ${order.orderNumber}`,
      );
    }
    const [refund] = await tx
      .insert(staffRefunds)
      .values({
        orderId: order.id,
        paymentId: payment.id,
        idempotencyKey: key,
        amount: input.amount,
        reason: input.reason.trim(),
        status: 'PENDING',
        staffId: who.staffId,
      })
      .returning();
    if (!refund) throw new Error('the refund was not stored');
    await recordAudit(tx, {
      staffId: who.staffId,
      staffEmail: who.staffEmail,
      action: 'order.refund-requested',
      target: order.orderNumber,
      shopId: order.tenantId,
      detail: { refundId: refund.id, amount: refund.amount, currency: order.currency, reason: refund.reason },
      clientAddress: who.clientAddress,
    });
    return { refund, isNew: true };
  });
}

/**
 * Asks the provider for a PENDING refund, with its own key (a retry is the same refund there),
 * and records the answer once. A provider out of reach leaves it PENDING for the next pass.
 */
async function askProvider(
  services: RefundServices,
  refund: StaffRefund,
  order: Order,
): Promise<StaffRefund> {
  const { db } = services;
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment?.providerPaymentId) return refund;
  const provider = services.providers.of(order.tenantId, payment.provider);
  let answer: Awaited<ReturnType<typeof provider.refund>>;
  try {
    answer = await provider.refund(payment.providerPaymentId, refund.amount, providerKey(refund));
  } catch (error) {
    // Whatever became of the call, the provider knows it by its key: the next pass asks again.
    services.log.warn(
      { err: error, refundId: refund.id },
      'refund left for reconciliation: no answer from the provider',
    );
    return refund;
  }
  const status = answer.ok ? 'SUCCEEDED' : 'FAILED';
  // The refund's answer and what the payment has refunded are written in one step: a refund that
  // is SUCCEEDED is never missing from the refunded amount another refund is judged by.
  const settled = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(staffRefunds)
      .set({ status, failureCode: answer.ok ? null : answer.code, updatedAt: new Date() })
      .where(and(eq(staffRefunds.id, refund.id), eq(staffRefunds.status, 'PENDING')))
      .returning();
    if (!done) return undefined;
    await recordOrderEvent(tx, {
      orderId: order.id,
      paymentId: payment.id,
      type: answer.ok ? 'payment.refund.staff' : 'payment.refund.staff.refused',
      detail: { refundId: refund.id, amount: refund.amount, ...(answer.ok ? {} : { code: answer.code }) },
    });
    if (answer.ok) await paymentRefunded(tx, payment.id, answer.refundedAmount, 'staff refund');
    return done;
  });
  return settled ?? (await refundById(db, refund.id)) ?? refund;
}

async function refundById(db: Database, id: string): Promise<StaffRefund | undefined> {
  const [refund] = await db.select().from(staffRefunds).where(eq(staffRefunds.id, id));
  return refund;
}

/** The refund once it has its provider's answer, or as it stands after `WAIT_FOR_FIRST_MS`. */
async function answeredRefund(db: Database, refund: StaffRefund): Promise<StaffRefund> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let current = refund;
  while (current.status === 'PENDING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await refundById(db, refund.id)) ?? current;
  }
  return current;
}

/**
 * POST …/refunds: a full or partial refund through the provider, once per key (decision 0066).
 * The refund is written before the provider is asked and answered after, so a crash between the
 * two leaves a PENDING refund that reconciliation finishes with the same provider key; a second
 * call with the key waits for the first one's answer instead of asking again.
 */
export async function refundOrder(
  services: RefundServices,
  order: Order,
  input: StaffRefundRequest,
  key: string,
  who: Actor,
): Promise<{ refund: StaffRefundAnswer; created: boolean }> {
  const { refund, isNew } = await recordRefund(services.db, order, input, key, who);
  if (!isNew) return { refund: refundView(await answeredRefund(services.db, refund)), created: false };
  return { refund: refundView(await askProvider(services, refund, order)), created: true };
}

/** Reconciliation's part: PENDING refunds whose answer was lost are asked for again. */
export async function finishLostRefunds(services: RefundServices, now = new Date()): Promise<number> {
  const lost = await services.db
    .select({ refund: staffRefunds, order: orders })
    .from(staffRefunds)
    .innerJoin(orders, eq(orders.id, staffRefunds.orderId))
    .where(
      and(
        eq(staffRefunds.status, 'PENDING'),
        lt(staffRefunds.createdAt, new Date(now.getTime() - LOST_AFTER_MS)),
      ),
    )
    .limit(20);
  for (const { refund, order } of lost) await askProvider(services, refund, order);
  return lost.length;
}
