import { schema } from '@shop/db';
import { type OrderStatus, UNDECIDED_PAYMENT_STATES } from '@shop/domain';
import type { TenantRegistry } from '@shop/tenants';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { syncPayment } from '../orders/payment-state';
import { resumeStaleDeliveries } from '../voucher-delivery/send';
import { releaseExpiredReservations } from '../vouchers/stock';
import { commitOrder } from './commit';
import type { FulfilmentServices } from './context';

const { orders, payments } = schema;

/** Orders the payment has reached (or that need none) but no commit has finished. */
export const AWAITING_COMMIT: readonly OrderStatus[] = ['paid', 'paymentAuthorized'];

/**
 * How long a payment may stay open before reconciliation asks the provider about it: its
 * webhook may have been lost, and the shopper may never come back to ask for it. Asked again at
 * most this often, so a payment link left open costs one call per interval.
 */
export const OPEN_PAYMENT_FOLLOW_UP_MS = 5 * 60_000;

type Services = FulfilmentServices & { tenants: TenantRegistry };

/**
 * Takes over the provider's word on payments left open too long: a payment it took moves its
 * order to paid (committed below, in the same pass), one it refused or let expire ends the order.
 * Each payment is claimed by one process before it is asked about.
 */
async function followUpOpenPayments(services: Services, now: Date, limit: number) {
  const { db, log } = services;
  const stale = new Date(now.getTime() - OPEN_PAYMENT_FOLLOW_UP_MS);
  const notAskedLately = or(isNull(payments.checkedAt), lt(payments.checkedAt, stale));
  const open = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.state, [...UNDECIDED_PAYMENT_STATES]),
        isNotNull(payments.providerPaymentId),
        lt(payments.updatedAt, stale),
        notAskedLately,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
  for (const { id } of open) {
    const claimed = await db
      .update(payments)
      .set({ checkedAt: now })
      .where(and(eq(payments.id, id), notAskedLately))
      .returning({ id: payments.id });
    if (claimed.length === 0) continue;
    await syncPayment(services, id).catch((err: unknown) =>
      log.warn({ err, paymentId: id }, 'open payment not followed up; the next pass asks again'),
    );
  }
}

/**
 * One reconciliation pass: payments left open too long are looked up at the provider (a lost
 * webhook); every order left between payment and a settled outcome (after a crash, a timeout,
 * an operator outage, or a shopper who never came back) is committed, with the same references
 * as any earlier try, so nothing is delivered or charged twice. Expired voucher reservations go
 * back to stock, and voucher deliveries whose job was lost are sent again. Answers how many
 * orders it took up.
 */
export async function reconcileOrders(services: Services, now = new Date(), limit = 20): Promise<number> {
  const { db, tenants, log } = services;
  await releaseExpiredReservations(db, now);
  await followUpOpenPayments(services, now, limit);
  await resumeStaleDeliveries(services, now, limit);
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        or(isNull(orders.fulfilmentLeaseUntil), lt(orders.fulfilmentLeaseUntil, now)),
        or(
          inArray(orders.status, AWAITING_COMMIT),
          and(isNotNull(orders.outcome), sql`(${orders.outcome}->>'settled')::boolean is not true`),
          and(isNotNull(orders.outcome), isNull(orders.receiptSentAt), sql`${orders.contact} ? 'email'`),
        ),
      ),
    )
    .limit(limit);
  for (const order of due) {
    const tenant = tenants.byId(order.tenantId);
    if (!tenant) continue;
    try {
      await commitOrder({ ...services, tenant }, order);
    } catch (err) {
      log.warn({ err, orderNumber: order.orderNumber }, 'reconciliation left the order for the next pass');
    }
  }
  return due.length;
}
