import { setTimeout as sleep } from 'node:timers/promises';
import type { Order, Payment } from '@shop/db';
import { schema } from '@shop/db';
import type { StoredOutcome } from '@shop/domain';
import {
  commitStatus,
  confirmedAmount,
  DomainError,
  decidingAttempt,
  isMoneyTaken,
  isPaymentUndecided,
  settlement,
} from '@shop/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { ProviderPayment } from '../adapters/payment-provider';
import { keepDeviceId } from '../orders/fraud-signals';
import { moveOrder } from '../orders/order-status';
import { findOrder, payerOf, paymentsOf } from '../orders/orders';
import { abandonOpenPayment, syncWaitingPayment } from '../orders/payment-state';
import { chargeableToken } from '../payment-methods/tokens';
import { LINE_SETUPS, ORDER_SETUPS } from '../setups/registry';
import { requestOrderDelivery } from '../voucher-delivery/deliveries';
import { queueDelivery } from '../voucher-delivery/send';
import { releasePins } from '../vouchers/stock';
import { type CommitAnswer, finalAnswer, interimAnswer } from './answer';
import type { FulfilmentContext } from './context';
import { deliverUnits } from './deliver';
import { sendReceipt } from './receipt';
import { settlePayment } from './settle';
import { listUnits, unitsOf } from './units';

const { orders } = schema;

/** How long one commit may hold an order before another may take over (a crashed commit's lease runs out). */
const DEFAULT_LEASE_MS = 30_000;
/** How long a concurrent commit waits for the one under way before answering "pending". */
const WAIT_FOR_OTHER_MS = 10_000;

type Loaded = { order: Order; payment: Payment | undefined };

/** The order and the payment that decides it (the one it was settled with, once it was). */
async function reload(context: FulfilmentContext, orderId: string): Promise<Loaded> {
  const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished`);
  return { order, payment: await decidingPayment(context, order) };
}

async function decidingPayment(context: FulfilmentContext, order: Order): Promise<Payment | undefined> {
  const attempts = await paymentsOf(context.db, order);
  const settledWith = order.outcome?.paymentId;
  return attempts.find((attempt) => attempt.id === settledWith) ?? decidingAttempt(attempts);
}

async function answerFinal(
  context: FulfilmentContext,
  { order, payment }: Loaded,
  outcome: StoredOutcome,
  replay: boolean,
) {
  const units = await listUnits(context.db, order);
  return finalAnswer(context, order, payment, units, outcome, replay);
}

/** Takes the order for this commit unless another commit holds it; answers the order as it is now. */
async function takeLease(context: FulfilmentContext, order: Order): Promise<Order | undefined> {
  const now = new Date();
  const taken = await context.db
    .update(orders)
    .set({ fulfilmentLeaseUntil: new Date(now.getTime() + (context.commitLeaseMs ?? DEFAULT_LEASE_MS)) })
    .where(
      and(
        eq(orders.id, order.id),
        or(isNull(orders.fulfilmentLeaseUntil), lt(orders.fulfilmentLeaseUntil, now)),
      ),
    )
    .returning();
  return taken[0];
}

const releaseLease = (context: FulfilmentContext, order: Order) =>
  context.db.update(orders).set({ fulfilmentLeaseUntil: null }).where(eq(orders.id, order.id));

/** Waits for the commit under way to settle the order; undefined when it takes too long. */
async function awaitOther(context: FulfilmentContext, order: Order): Promise<CommitAnswer | undefined> {
  for (let waited = 0; waited < WAIT_FOR_OTHER_MS; waited += 200) {
    await sleep(200);
    const loaded = await reload(context, order.id);
    if (loaded.order.outcome?.settled) return answerFinal(context, loaded, loaded.order.outcome, false);
    const now = loaded.order;
    if (!now.fulfilmentLeaseUntil) return undefined;
  }
  return undefined;
}

/**
 * Spec §7 payment-commit-order for one order (docs/fulfilment.md): waits for an open payment,
 * delivers every unit once, settles the payment for what was delivered, and answers the outcome;
 * a finished order answers ORDER_ALREADY_COMMITTED with the same details.
 */
export async function commitOrder(context: FulfilmentContext, order: Order): Promise<CommitAnswer> {
  let current = order;
  let payment = await decidingPayment(context, order);
  if (current.outcome?.settled) {
    await keepSetups(context, current, payment);
    const answer = await answerFinal(context, { order: current, payment }, current.outcome, true);
    // A receipt the mail server refused before goes now (this is how reconciliation retries it).
    if (!current.receiptSentAt) await mailReceipt(context, current, answer);
    return answer;
  }

  if (payerOf(current) === 'PROVIDER' && !current.outcome) {
    if (!payment) return interimAnswer(current, payment, current.status);
    if (isPaymentUndecided(payment.state)) {
      await syncWaitingPayment(context, payment.id).catch((err: unknown) =>
        context.log.warn({ err, orderNumber: current.orderNumber }, 'payment status look-up failed'),
      );
      ({ order: current, payment } = await reload(context, order.id));
    }
    if (!payment || isPaymentUndecided(payment.state))
      return interimAnswer(current, payment, 'paymentPending');
    if (!isMoneyTaken(payment.state)) {
      await context.db.transaction((tx) => releasePins(tx, current.id));
      return interimAnswer(current, payment, current.status);
    }
  }

  const leased = await takeLease(context, current);
  if (!leased) {
    return (await awaitOther(context, current)) ?? interimAnswer(current, payment, 'paymentPending');
  }
  try {
    return await fulfil(context, leased);
  } finally {
    await releaseLease(context, current);
  }
}

/**
 * What the provider confirms for the order at the moment of delivery, asked afresh: 0 for an
 * order the provider is not paid for (cash codes, free set-ups); undefined while an order that
 * must be paid has no confirmed money (or the provider cannot be asked), so nothing leaves.
 */
async function confirmedFor(
  context: FulfilmentContext,
  order: Order,
  payment: Payment | undefined,
): Promise<{ amount: number; atProvider?: ProviderPayment } | undefined> {
  if (payerOf(order) !== 'PROVIDER') return { amount: 0 };
  if (!payment?.providerPaymentId) return undefined;
  try {
    const provider = context.providers.of(order.tenantId, payment.provider);
    const atProvider = await provider.status(payment.providerPaymentId);
    const amount = confirmedAmount(atProvider, order.currency);
    return amount > 0 ? { amount, atProvider } : undefined;
  } catch (err) {
    context.log.warn({ err, orderNumber: order.orderNumber }, 'payment not confirmed: provider unreachable');
    return undefined;
  }
}

/** The part of a commit that holds the lease. */
async function fulfil(context: FulfilmentContext, order: Order): Promise<CommitAnswer> {
  const payment = await decidingPayment(context, order);
  let outcome = order.outcome;
  // The payment as the provider had it when this commit asked, for settling it without asking again.
  let atProvider: ProviderPayment | undefined;
  if (!outcome) {
    const confirmed = await confirmedFor(context, order, payment);
    if (confirmed === undefined) return interimAnswer(order, payment, 'paymentPending');
    atProvider = confirmed.atProvider;
    const units = await unitsOf(context.db, order);
    if (!(await deliverUnits(context, order, units, confirmed.amount)))
      return interimAnswer(order, payment, 'paymentPending');
    const delivered = await listUnits(context.db, order);
    const delivery = commitStatus(delivered.map((unit) => unit.state));
    // Without a payment (cash codes, free set-ups) nothing can be refunded: nothing delivered is a failure.
    const status = delivery === 'refunded' && payerOf(order) !== 'PROVIDER' ? 'failed' : delivery;
    const paid = payment && isMoneyTaken(payment.state) ? payment.amount : 0;
    outcome = {
      status,
      settlement: settlement(delivered, paid),
      settled: false,
      ...(payment && paid > 0 ? { paymentId: payment.id } : {}),
    };
    const decided = { ...outcome };
    await context.db.transaction(async (tx) => {
      if (!(await moveOrder(tx, order.id, status, { outcome: decided }))) {
        throw new Error(`order ${order.orderNumber} may not move from ${order.status} to ${status}`);
      }
      await releasePins(tx, order.id);
    });
  }
  // Another commit may have settled the order while this one waited for the lease.
  if (outcome.settled) return answerFinal(context, { order, payment }, outcome, true);
  if (payment) await settlePayment(context, order, payment, outcome.settlement, atProvider);
  const settled = { ...outcome, settled: true };
  const deliveryId = await context.db.transaction(async (tx) => {
    await tx.update(orders).set({ outcome: settled }).where(eq(orders.id, order.id));
    return requestOrderDelivery(tx, order);
  });
  if (deliveryId) await queueDelivery(context, deliveryId);
  await keepSetups(context, order, payment);
  const answer = await answerFinal(context, await reload(context, order.id), settled, false);
  await mailReceipt(context, order, answer);
  return answer;
}

/**
 * What a delivered order sets up for later (`setups/registry.ts`): the method its payment saved,
 * its automatic and SMS top-ups, the light links it used. Each happens once, and a commit
 * repeated (by the shopper or reconciliation) finishes what a crash left.
 */
async function keepSetups(context: FulfilmentContext, order: Order, payment: Payment | undefined) {
  const left = ORDER_SETUPS.filter((setup) => setup.isLeftBy(order, payment));
  if (left.length === 0) return;
  const [current] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  if (!current || (current.status !== 'committed' && current.status !== 'partiallyCommitted')) return;
  try {
    let kept = current;
    for (const setup of left) kept = await setup.keep(context, kept, payment, new Date());
  } catch (err) {
    context.log.warn(
      { err, orderNumber: order.orderNumber },
      'set-ups not kept; the next commit tries again',
    );
  }
}

/** Sends the receipt; a refusal is logged and left to the next reconciliation pass. */
const mailReceipt = (context: FulfilmentContext, order: Order, answer: CommitAnswer) =>
  sendReceipt(context, order.id, answer).catch((err: unknown) =>
    context.log.warn({ err, orderNumber: order.orderNumber }, 'receipt not sent; reconciliation tries again'),
  );

/** Spec §7 call: the order of this cart and tenant, committed. */
export async function commitByNumber(
  context: FulfilmentContext,
  {
    orderNumber,
    cartName,
    paymentToken,
    deviceId,
    paymentCancelled,
  }: {
    orderNumber: string;
    cartName: string;
    paymentToken?: string | null;
    deviceId?: string | null;
    paymentCancelled?: boolean;
  },
): Promise<CommitAnswer> {
  let order = await findOrder(context.db, context.tenant, orderNumber, cartName);
  // The result page's device: on the order and its timeline (once, however often it asks).
  await keepDeviceId(context.db, order, deviceId ?? undefined, 'payment-commit-order');
  if (paymentCancelled && !order.outcome) {
    await abandonOpenPayment(context, order);
    order = await findOrder(context.db, context.tenant, orderNumber, cartName);
  }
  return commitOrder(context, await withSetupMethod(context, order, paymentToken ?? undefined));
}

/**
 * A free automatic or SMS set-up (spec §4) charges a method saved on the shopper's account: the
 * commit names it as `paymentToken`. Without one that is the order's account's and usable, nothing is
 * set up: PAYMENT_TOKEN_NOT_FOUND.
 */
async function withSetupMethod(context: FulfilmentContext, order: Order, paymentToken: string | undefined) {
  // A light top-up charges no saved method: a cart of light set-ups names none.
  const charging = order.lines.some((line) => LINE_SETUPS.some((setup) => setup.chargesLater(line)));
  const freeSetup = payerOf(order) === 'NONE' && charging;
  if (!freeSetup || order.paymentTokenId || order.outcome) return order;
  if (!paymentToken || !order.customerId) {
    throw new DomainError(
      'PAYMENT_TOKEN_NOT_FOUND',
      'Choose a saved payment method for this automatic or SMS top-up',
    );
  }
  const customerId = order.customerId;
  return context.db.transaction(async (tx) => {
    const token = await chargeableToken(tx, customerId, paymentToken).catch(() => {
      throw new DomainError(
        'PAYMENT_TOKEN_NOT_FOUND',
        'No usable saved payment method of this account has this id',
      );
    });
    const [updated] = await tx
      .update(orders)
      .set({ paymentTokenId: token.id })
      .where(eq(orders.id, order.id))
      .returning();
    return updated ?? order;
  });
}
