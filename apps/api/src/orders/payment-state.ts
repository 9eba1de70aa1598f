import type { Order, Payment } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  applyPaymentEvent,
  canPaymentReach,
  duplicateAttempts,
  isAlreadyApplied,
  isPaymentUndecided,
  isRetryablePaymentState,
  PAYMENT_STATES,
  type PaymentEvent,
  type PaymentState,
} from '@shop/domain';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { PaymentWebhook } from '../adapters/payment-provider';
import type { PaymentProviders } from '../adapters/payment-providers';
import { releasePins } from '../vouchers/stock';
import { fraudSignalsOf } from './fraud-signals';
import { followPayments, paymentsOf } from './orders';
import { recordOrderEvent } from './timeline';

const { orders, payments } = schema;

/** What following payments works with. */
export interface PaymentServices {
  db: Database;
  providers: PaymentProviders;
}

/**
 * Locks a payment for a change of its state. "No key update", as an UPDATE locks: a stronger lock
 * would also hold back every timeline entry that names the payment, and a transaction that has
 * written one for its order and waits on this lock would deadlock with this one moving the order.
 */
export async function lockPayment(tx: Transaction, where: ReturnType<typeof eq>) {
  const [payment] = await tx.select().from(payments).where(where).for('no key update');
  return payment;
}

async function orderOf(tx: Database | Transaction, payment: Payment) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) throw new Error(`payment ${payment.id} has no order`);
  return order;
}

/**
 * The one way a payment's state changes: a locked payment moves to a state the payment table
 * lets it reach (PAYMENT_TRANSITIONS; a lost webhook may have skipped a step, a payment never goes
 * back), its order follows, and the change goes on the order's timeline. A state the table does
 * not reach is refused and recorded instead. Answers whether the payment moved.
 */
export async function changePaymentState(
  tx: Transaction,
  payment: Payment,
  state: PaymentState,
  changes: Partial<
    Pick<Payment, 'token' | 'refundedAmount' | 'capturedAmount' | 'providerPaymentId' | 'payerUrl'>
  > = {},
  cause: Record<string, unknown> = {},
): Promise<boolean> {
  const order = await orderOf(tx, payment);
  if (state !== payment.state && !canPaymentReach(payment.state, state)) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      paymentId: payment.id,
      type: 'payment.state.refused',
      detail: { from: payment.state, to: state, ...cause },
    });
    return false;
  }
  await tx
    .update(payments)
    .set({ ...changes, state, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  if (state !== payment.state) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      paymentId: payment.id,
      type: 'payment.state',
      detail: { from: payment.state, to: state, ...cause },
    });
  }
  await followPayments(tx, order, { paymentId: payment.id });
  // A payment that ended without money gives its order's voucher PINs back; a new attempt reserves again.
  if (isRetryablePaymentState(state)) await releasePins(tx, order.id);
  return true;
}

/** The provider refused an attempt (`type` says at which call): on the timeline, and one still INITIATED fails. */
export async function refusedByProvider(
  tx: Transaction,
  payment: Payment,
  type: string,
  code: string,
): Promise<void> {
  await recordOrderEvent(tx, { orderId: payment.orderId, paymentId: payment.id, type, detail: { code } });
  if (payment.state === 'INITIATED') await changePaymentState(tx, payment, 'FAILED', {}, { code });
}

/** A new payment attempt of the order at the provider; every payment starts INITIATED. */
export async function newPaymentAttempt(
  tx: Transaction,
  order: Order,
  attempt: Pick<Payment, 'attempt' | 'method' | 'provider' | 'details' | 'savePaymentMethod'> &
    Partial<Pick<Payment, 'deviceId' | 'fraudnetSessionId'>>,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({
      ...attempt,
      orderId: order.id,
      reference: `${order.orderNumber}-${attempt.attempt}`,
      amount: order.totalPrice,
      currency: order.currency,
      state: 'INITIATED',
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  await recordOrderEvent(tx, {
    orderId: order.id,
    paymentId: payment.id,
    type: 'payment.created',
    detail: {
      attempt: attempt.attempt,
      method: attempt.method,
      amount: payment.amount,
      currency: payment.currency,
      ...fraudSignalsOf(payment),
    },
  });
  return payment;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'already-applied' | 'unknown-payment' | 'out-of-order';

/**
 * A payment event from the provider, applied once: the event id is written to the order's
 * timeline in the same transaction as the change, so a redelivered event finds it there and
 * changes nothing. An event that does not fit the payment's state came late or early; the
 * caller then reads the payment's status from the provider ({@link syncPayment}).
 */
export async function receivePaymentEvent(
  services: PaymentServices,
  webhook: PaymentWebhook,
): Promise<{ outcome: WebhookOutcome; paymentId?: string }> {
  return services.db.transaction(async (tx) => {
    const payment = await lockPayment(
      tx,
      or(
        eq(payments.providerPaymentId, webhook.paymentId),
        eq(payments.reference, webhook.merchantReference),
      ) as ReturnType<typeof eq>,
    );
    if (!payment) return { outcome: 'unknown-payment' };
    const [fresh] = await tx
      .insert(schema.orderEvents)
      .values({
        orderId: payment.orderId,
        paymentId: payment.id,
        type: 'webhook.received',
        providerEventId: webhook.eventId,
        detail: { event: webhook.event, providerPaymentId: webhook.paymentId, amount: webhook.amount },
      })
      .onConflictDoNothing({ target: schema.orderEvents.providerEventId })
      .returning({ id: schema.orderEvents.id });
    if (!fresh) return { outcome: 'duplicate', paymentId: payment.id };

    const state = payment.state;
    const identity = payment.providerPaymentId ? {} : { providerPaymentId: webhook.paymentId };
    if (isAlreadyApplied(state, webhook.event)) {
      return { outcome: 'already-applied', paymentId: payment.id };
    }
    const next = applyPaymentEvent(state, webhook.event);
    if (!next.ok) return { outcome: 'out-of-order', paymentId: payment.id };
    await changePaymentState(
      tx,
      payment,
      next.state,
      { ...identity, ...(webhook.token ? { token: webhook.token } : {}), ...refundChange(payment, webhook) },
      { eventId: webhook.eventId },
    );
    return { outcome: 'applied', paymentId: payment.id };
  });
}

function refundChange(payment: Payment, webhook: PaymentWebhook): Partial<Payment> {
  const refund: PaymentEvent[] = ['REFUND_FULL', 'REFUND_PARTIAL'];
  if (!refund.includes(webhook.event)) return {};
  return webhook.event === 'REFUND_FULL' ? { refundedAmount: payment.amount } : {};
}

const isPaymentState = (status: string): status is PaymentState =>
  (PAYMENT_STATES as readonly string[]).includes(status);

const asPaymentState = (status: string): PaymentState | undefined =>
  isPaymentState(status) ? status : undefined;

/**
 * Reads the payment's status from the provider (outside any transaction) and takes it over: the
 * provider is the authority on its own payments. Used when a webhook does not fit, and when a
 * shopper waits on an open payment whose webhook has not come.
 */
export async function syncPayment(services: PaymentServices, paymentId: string): Promise<void> {
  const [row] = await services.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row?.providerPaymentId) return;
  await askProvider(services, row);
}

/** How often a shopper's waiting page may make the API ask the provider about one payment. */
export const STATUS_CHECK_INTERVAL_MS = 3000;

/**
 * {@link syncPayment} for a shopper who is waiting (the result page polls every 2 s): the
 * provider is asked at most once per {@link STATUS_CHECK_INTERVAL_MS} per payment, whichever
 * process asks, so a payment link left open for an hour does not cost a call per poll.
 */
export async function syncWaitingPayment(services: PaymentServices, paymentId: string): Promise<void> {
  const now = new Date();
  const [row] = await services.db
    .update(payments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        isNotNull(payments.providerPaymentId),
        lt(payments.updatedAt, new Date(now.getTime() - STATUS_CHECK_INTERVAL_MS)),
        or(
          isNull(payments.checkedAt),
          lt(payments.checkedAt, new Date(now.getTime() - STATUS_CHECK_INTERVAL_MS)),
        ),
      ),
    )
    .returning();
  if (row) await askProvider(services, row);
}

async function askProvider(services: PaymentServices, row: Payment): Promise<void> {
  const paymentId = row.id;
  if (!row.providerPaymentId) return;
  const [order] = await services.db
    .select({ tenantId: orders.tenantId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) return;
  const remote = await services.providers.of(order.tenantId, row.provider).status(row.providerPaymentId);
  const state = remote && asPaymentState(remote.status);
  if (!remote || !state) return;
  await services.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, eq(payments.id, paymentId));
    if (!payment) return;
    const capturedAmount = remote.capturedAmount ?? payment.capturedAmount;
    const changes = {
      refundedAmount: remote.refundedAmount,
      capturedAmount,
      ...(remote.token ? { token: remote.token } : {}),
    };
    if (
      payment.state === state &&
      payment.refundedAmount === remote.refundedAmount &&
      payment.capturedAmount === capturedAmount
    ) {
      return;
    }
    await changePaymentState(tx, payment, state, changes, { source: 'provider status' });
  });
}

/**
 * The shopper came back from the provider's page saying they cancelled (the return URL's
 * `status=CANCELLED`): the order's latest attempt, while the provider still has it open with
 * nothing confirmed, is closed there, so the order does not wait for a page nobody will use (at
 * Stripe, Cancel leaves the Checkout Session open). What the provider has decided stays as it is.
 */
export async function abandonOpenPayment(services: PaymentServices, order: Order): Promise<void> {
  const [latest] = await paymentsOf(services.db, order);
  if (!latest?.providerPaymentId || !isPaymentUndecided(latest.state)) return;
  const provider = services.providers.of(order.tenantId, latest.provider);
  const remote = await provider.status(latest.providerPaymentId);
  if (remote?.status === 'PENDING') {
    const answer = await provider.cancel(latest.providerPaymentId, `${latest.reference}-abandon`);
    await recordOrderEvent(services.db, {
      orderId: order.id,
      paymentId: latest.id,
      type: 'payment.abandoned',
      detail: answer.ok ? {} : { code: answer.code },
    });
  }
  await syncPayment(services, latest.id);
}

/**
 * Gives back money an order holds twice (a shopper who paid in two tabs, or with a second method
 * while the first was still open): every attempt but the deciding one that captured is refunded,
 * one that is only authorized is voided. The reference-based keys make a repeat harmless.
 */
export async function returnDuplicatePayments(services: PaymentServices, paymentId: string): Promise<void> {
  const { db, providers } = services;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  const order = await orderOf(db, payment);
  const attempts = await paymentsOf(db, order);
  const settledWith = order.outcome?.paymentId;
  const duplicates = duplicateAttempts(
    attempts,
    attempts.find((attempt) => attempt.id === settledWith),
  );
  for (const duplicate of duplicates) {
    if (!duplicate.providerPaymentId) continue;
    const key = `${duplicate.reference}-duplicate`;
    const provider = providers.of(order.tenantId, duplicate.provider);
    const answer =
      duplicate.state === 'AUTHORIZED'
        ? await provider.cancel(duplicate.providerPaymentId, key)
        : await provider.refund(duplicate.providerPaymentId, undefined, key);
    await recordOrderEvent(db, {
      orderId: duplicate.orderId,
      paymentId: duplicate.id,
      type: duplicate.state === 'AUTHORIZED' ? 'payment.duplicate.voided' : 'payment.duplicate.refunded',
      detail: answer.ok ? {} : { code: answer.code },
    });
    await syncPayment(services, duplicate.id);
  }
}

/**
 * The payment as a provider's refund answer leaves it: its refunded total (never less than what
 * is known already), and the state that follows.
 */
export async function paymentRefunded(
  tx: Transaction,
  paymentId: string,
  refundedTotal: number,
  source: string,
): Promise<void> {
  const payment = await lockPayment(tx, eq(payments.id, paymentId));
  if (!payment) return;
  const refundedAmount = Math.max(payment.refundedAmount, refundedTotal);
  const captured = payment.capturedAmount ?? payment.amount;
  const state = refundedAmount >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  await changePaymentState(tx, payment, state, { refundedAmount }, { source });
}
