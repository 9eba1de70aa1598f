import { schema } from '@shop/db';
import type { TenantRegistry } from '@shop/tenants';
import { and, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { releaseExpiredReservations } from '../vouchers/stock';
import { commitOrder } from './commit';
import type { FulfilmentServices } from './context';

const { orders } = schema;

/** Orders the payment has reached (or that need none) but no commit has finished. */
const AWAITING_COMMIT = ['paid', 'paymentAuthorized'];

/**
 * One reconciliation pass: every order left between payment and a settled outcome (after a
 * crash, a timeout, an operator outage, or a shopper who never came back) is committed, with
 * the same references as any earlier try, so nothing is delivered or charged twice. Expired
 * voucher reservations go back to stock. Answers how many orders it took up.
 */
export async function reconcileOrders(
  services: FulfilmentServices & { tenants: TenantRegistry },
  now = new Date(),
  limit = 20,
): Promise<number> {
  const { db, tenants, log } = services;
  await releaseExpiredReservations(db, now);
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
