import { type Database, type Order, schema } from '@shop/db';
import { type OrderSearchTerms, readOrderSearch, refundableAmount } from '@shop/domain';
import {
  type OrderSearchQuery,
  type StaffOrder,
  type StaffOrderSummary,
  type StaffOrdersAnswer,
  staffOrderLineSchema,
} from '@shop/domain/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { deliveredVoucherUnits } from '../fulfilment/answer';
import { unitsOf } from '../fulfilment/units';
import { isDeliveryStuck } from './deliveries';

const { auditLog, orderEvents, orders, payments } = schema;

/** The first instant after a bound: a day (`2026-12-06`) ends with its last moment, UTC. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (bound: string) => new Date(DAY.test(bound) ? `${bound}T00:00:00Z` : bound);
const endOf = (bound: string) =>
  DAY.test(bound)
    ? new Date(Date.parse(`${bound}T00:00:00Z`) + 24 * 60 * 60_000)
    : new Date(Date.parse(bound) + 1);

/** The orders a search text names: by number, by the contact's e-mail, or by a number topped up or contacted. */
function matching(terms: OrderSearchTerms): SQL {
  if (terms.orderNumber) return eq(orders.orderNumber, terms.orderNumber);
  if (terms.email) return sql`lower(${orders.contact}->>'email') = ${terms.email}`;
  if (terms.msisdns.length === 0) return sql`false`;
  return or(
    ...terms.msisdns.flatMap((msisdn) => [
      sql`${orders.lines} @> ${JSON.stringify([{ phoneNumber: msisdn }])}::jsonb`,
      sql`${orders.contact}->>'phoneNumber' = ${msisdn}`,
    ]),
  ) as SQL;
}

/** The numbers an order tops up or was contacted at, each once. */
function phoneNumbersOf(order: Pick<Order, 'lines' | 'contact'>): string[] {
  const numbers = order.lines.flatMap((line) => (line.phoneNumber ? [line.phoneNumber] : []));
  if (order.contact.phoneNumber) numbers.push(order.contact.phoneNumber);
  return [...new Set(numbers)];
}

export const orderSummaryOf = (order: Order): StaffOrderSummary => ({
  orderNumber: order.orderNumber,
  shopId: order.tenantId,
  orderStatus: order.status,
  createdAt: order.createdAt.toISOString(),
  totalPrice: order.totalPrice,
  currency: order.currency,
  phoneNumbers: phoneNumbersOf(order),
  email: order.contact.email ?? null,
});

/**
 * GET /api/backoffice/orders: a page of the orders of `shopIds` (every tenant for undefined),
 * newest first. `countryOf` gives each tenant's country, in which a typed phone number is read.
 */
export async function searchOrders(
  db: Database,
  shopIds: readonly string[] | undefined,
  countries: readonly string[],
  query: OrderSearchQuery,
): Promise<StaffOrdersAnswer> {
  const conditions: SQL[] = [];
  if (shopIds !== undefined) conditions.push(inArray(orders.tenantId, [...shopIds]));
  if (query.q) conditions.push(matching(readOrderSearch(query.q, countries)));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, startOf(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, endOf(query.to)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.size)
      .offset(query.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { items: rows.map(orderSummaryOf), totalCount: total?.value ?? 0 };
}

/** Bearer values never leave in a timeline: a PIN or a code in an entry's detail is masked. */
const SECRET_KEYS = /^(pin|pins|cashCode|secret)$/i;
function masked(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => [
      key,
      SECRET_KEYS.test(key) && typeof value === 'string' ? `••••${value.slice(-2)}` : value,
    ]),
  );
}

/** The order of this number among `shopIds` (every tenant for undefined), or undefined. */
export async function staffOrder(
  db: Database,
  shopIds: readonly string[] | undefined,
  orderNumber: string,
): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber.toUpperCase()),
        ...(shopIds === undefined ? [] : [inArray(orders.tenantId, [...shopIds])]),
      ),
    );
  return order;
}

/**
 * An order as the back office shows it: its lines (no cash code, no PIN), its payment attempts
 * with what is still refundable, and its timeline oldest first: every event of the order and every
 * staff action on it, merged by time.
 */
export async function orderDetail(db: Database, order: Order): Promise<StaffOrder> {
  const [attempts, events, actions, units] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.attempt)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, order.orderNumber), eq(auditLog.shopId, order.tenantId)))
      .orderBy(asc(auditLog.id)),
    unitsOf(db, order),
  ]);
  const timeline = [
    ...events.map((event) => ({ at: event.createdAt, kind: event.type, detail: masked(event.detail) })),
    ...actions.map((action) => ({
      at: action.at,
      kind: action.action,
      detail: { ...masked(action.detail), staff: action.staffEmail },
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => ({ ...entry, at: entry.at.toISOString() }));
  return {
    ...orderSummaryOf(order),
    lines: order.lines.map((line) => staffOrderLineSchema.parse(line)),
    payments: attempts.map((payment) => ({
      paymentId: payment.id,
      method: payment.method,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      status: payment.state,
      amount: payment.amount,
      refundedAmount: payment.refundedAmount,
      refundable: refundableAmount(payment),
      createdAt: payment.createdAt.toISOString(),
    })),
    timeline,
    deliveryStuck: isDeliveryStuck(order),
    voucherCount: order.outcome?.settled ? deliveredVoucherUnits(units).length : 0,
    receiptAvailable: order.outcome?.settled === true && Boolean(order.contact.email),
  };
}
