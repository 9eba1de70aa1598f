import type { Order } from '@shop/db';
import { type Database, schema } from '@shop/db';
import type { TenantRegistry } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { commitOrder } from '../fulfilment/commit';
import type { FulfilmentServices } from '../fulfilment/context';
import { AWAITING_COMMIT } from '../fulfilment/reconcile';
import type { JobQueue } from './queue';

const { orders, payments } = schema;

async function orderOfPayment(db: Database, paymentId: string): Promise<Order | undefined> {
  const [row] = await db
    .select({ order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  return row?.order;
}

/** Paid (or needing no payment) and no commit has decided its outcome yet. */
const awaitsCommit = (order: Order) => !order.outcome && AWAITING_COMMIT.includes(order.status);

/** A commit decided the outcome but has not finished settling the payment (or is still at it). */
const unsettled = (order: Order) => order.outcome !== null && !order.outcome.settled;

/**
 * A webhook says the payment holds or took the money: its order's commit becomes a job. Not
 * when a commit already decided the order (the provider's word on our own capture); should the
 * job not be stored, reconciliation finds the order.
 */
export async function requestCommit(
  { db, jobs, log }: { db: Database; jobs: Pick<JobQueue, 'send'>; log: FastifyBaseLogger },
  paymentId: string,
): Promise<void> {
  try {
    const order = await orderOfPayment(db, paymentId);
    if (order && awaitsCommit(order)) await jobs.send('commit-order', { paymentId });
  } catch (err) {
    log.warn({ err, paymentId }, 'commit job not stored; reconciliation takes the order up');
  }
}

/**
 * The `commit-order` job: commits the payment's order. The commit holds the order's lease, so it
 * never runs twice at once whatever else commits; when it could not finish (another commit holds
 * the order, a top-up is pending, the provider could not be asked) the job fails and is tried
 * again later.
 */
export async function runCommitJob(
  services: FulfilmentServices & { tenants: TenantRegistry },
  paymentId: string,
): Promise<void> {
  const order = await orderOfPayment(services.db, paymentId);
  const tenant = order && services.tenants.byId(order.tenantId);
  if (!order || !tenant) {
    services.log.warn({ paymentId }, 'commit job for an unknown payment or tenant dropped');
    return;
  }
  await commitOrder({ ...services, tenant }, order);
  const after = await orderOfPayment(services.db, paymentId);
  if (after && (awaitsCommit(after) || unsettled(after))) {
    throw new Error(`order ${after.orderNumber} is not committed yet (status ${after.status})`);
  }
}
