import type { Order } from '@shop/db';
import { type Database, schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { VoucherDelivery } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import { deliveryTargetOf, deliveryView, hasDeliveredPins, newDelivery } from './deliveries';
import { queueDelivery } from './send';

const { orders } = schema;

/** Who asks: a guest proves the order theirs by its cart's name, a signed-in shopper by the account. */
export interface Asker {
  cartName?: string | undefined;
  customerId?: string | undefined;
}

export interface SendAgainContext {
  db: Database;
  tenant: TenantConfig;
  jobs: Pick<JobQueue, 'send'>;
  log: FastifyBaseLogger;
}

/** The order of this tenant with this number, if the asker may see it; UNKNOWN_ORDER otherwise. */
async function askersOrder(
  db: Database,
  tenant: TenantConfig,
  orderNumber: string,
  asker: Asker,
): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenant.shopId), eq(orders.orderNumber, orderNumber)));
  const theirs =
    order &&
    ((asker.cartName !== undefined && order.cartName === asker.cartName) ||
      (asker.customerId !== undefined && order.customerId === asker.customerId));
  if (!order || !theirs)
    throw new DomainError('UNKNOWN_ORDER', `No order ${orderNumber} for this cart or account`);
  return order;
}

const unavailable = (orderNumber: string) =>
  new DomainError(
    'VOUCHER_DELIVERY_UNAVAILABLE',
    `Order ${orderNumber} has no voucher PIN sent by SMS or WhatsApp`,
  );

/** Whether the order is final with PINs delivered (what a sending sends). */
async function hasPinsToSend(db: Database, order: Order): Promise<boolean> {
  const settled = order.outcome?.settled === true;
  return settled && (await hasDeliveredPins(db, order.id));
}

/** GET …/voucher-delivery: how the sending of the order's PINs stands. */
export async function voucherDeliveryOf(
  context: Pick<SendAgainContext, 'db' | 'tenant'>,
  orderNumber: string,
  asker: Asker,
): Promise<VoucherDelivery> {
  const order = await askersOrder(context.db, context.tenant, orderNumber, asker);
  const view = await deliveryView(context.db, order, await hasPinsToSend(context.db, order));
  if (!view) throw unavailable(orderNumber);
  return view;
}

/**
 * POST …/voucher-delivery: sends the order's PINs again, to the channel and number the shopper
 * chose at checkout (never to another: whoever could name one could have PINs sent anywhere).
 * `allow` counts the request against the limit of sendings per order; it is asked only once the
 * order is known to be the asker's and to have PINs to send, so nobody else uses up its limit.
 */
export async function sendAgain(
  context: SendAgainContext,
  orderNumber: string,
  asker: Asker,
  allow: () => Promise<void>,
): Promise<VoucherDelivery> {
  const order = await askersOrder(context.db, context.tenant, orderNumber, asker);
  const target = deliveryTargetOf(order);
  if (!target || !(await hasPinsToSend(context.db, order))) throw unavailable(orderNumber);
  await allow();
  const deliveryId = await context.db.transaction((tx) => newDelivery(tx, order, target, 'SEND_AGAIN'));
  if (deliveryId) await queueDelivery(context, deliveryId);
  return { ...target, state: 'PENDING', sentAt: null };
}
