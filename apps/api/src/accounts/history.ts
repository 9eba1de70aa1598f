import type { Order } from '@shop/db';
import { schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import type {
  HistoryOrder,
  OrderHistoryAnswer,
  OrderHistoryEntry,
  OrderHistoryFilter,
} from '@shop/domain/contract';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { finalAnswer, interimAnswer } from '../fulfilment/answer';
import { listUnits } from '../fulfilment/units';
import { paymentsOf } from '../orders/orders';
import type { AccountContext } from './context';
import type { Customer } from './sessions';

const { orders } = schema;

function entryOf(order: Order): OrderHistoryEntry {
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    orderStatus: order.status,
    totalPrice: order.totalPrice,
    currency: order.currency,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      kind: line.kind,
      brand: { brandId: line.brand.brandId, name: line.brand.name },
      amount: line.amount,
      quantity: line.quantity,
      phoneNumber: line.phoneNumber,
    })),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §7 order history: the account's orders, newest first, a page at a time, with the total. */
export async function orderHistory(
  context: AccountContext,
  customer: Customer,
  query: OrderHistoryFilter,
): Promise<OrderHistoryAnswer> {
  const conditions: SQL[] = [eq(orders.customerId, customer.id), eq(orders.tenantId, context.tenant.shopId)];
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.status?.length) conditions.push(inArray(orders.status, query.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    context.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(query.size)
      .offset(query.offset),
    context.db.select({ value: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(entryOf), totalCount: total?.value ?? 0, offset: query.offset, size: query.size };
}

/** One order of the account with its purchase details: what was delivered, PINs included. */
export async function historyOrder(
  context: AccountContext,
  customer: Customer,
  orderNumber: string,
): Promise<HistoryOrder> {
  const [order] = await context.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        eq(orders.customerId, customer.id),
        eq(orders.tenantId, context.tenant.shopId),
      ),
    );
  if (!order) throw new DomainError('UNKNOWN_ORDER', `No order ${orderNumber} in this account`);
  return withPurchase(context, order);
}

/** An order with its purchase details: what was delivered once it is final, PINs included. */
export async function withPurchase(
  context: Pick<AccountContext, 'db' | 'tenant' | 'pins'>,
  order: Order,
): Promise<HistoryOrder> {
  const [payment] = await paymentsOf(context.db, order);
  const outcome = order.outcome;
  const purchase = outcome?.settled
    ? await finalAnswer(context, order, payment, await listUnits(context.db, order), outcome, false)
    : interimAnswer(order, payment, order.status);
  return { ...entryOf(order), purchase };
}
