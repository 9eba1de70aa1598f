import type { Cart, Order } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  DomainError,
  decidingAttempt,
  isPaymentRequired,
  isStoredOrderStatus,
  ORDER_STATUS_OF_PAYMENT,
  type OrderContact,
  type OrderLineRecord,
  type OrderPayer,
  type OrderStatus,
  orderPayer,
  type PaymentItem,
  type ProductKind,
  type StoredAddress,
} from '@shop/domain';
import type { DetailedCart } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, desc, eq } from 'drizzle-orm';
import { LINE_SETUPS } from '../setups/registry';
import { keepDeviceId } from './fraud-signals';
import { newOrderNumber } from './order-number';
import { moveOrder } from './order-status';
import { recordOrderEvent } from './timeline';

const { cartItems, orders, payments } = schema;

/** Cart items or order lines as far as the payment decision goes. */
export const paymentItemsOf = (items: readonly { kind: ProductKind }[]): PaymentItem[] =>
  items.map((item) => ({ kind: item.kind }));

/** Whether the cart must be paid at the provider (decision 0017). */
export function cartNeedsPayment(detail: DetailedCart): boolean {
  return isPaymentRequired(paymentItemsOf(detail.items), detail.summary.totalPrice);
}

/** What pays the order, judged by its own lines and total, whatever path reaches it. */
export const payerOf = (order: Order): OrderPayer =>
  orderPayer(paymentItemsOf(order.lines), order.totalPrice);

async function latestOrderOf(tx: Transaction, tenant: TenantConfig, cartName: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenant.shopId), eq(orders.cartName, cartName)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order;
}

/** What a new order is made of: the cart's snapshot, its contact and (if signed in) its account. */
export interface NewOrder {
  cartName: string;
  cartVersion: number;
  summary: DetailedCart['summary'];
  lines: OrderLineRecord[];
  contact: OrderContact;
  customerId: string | null;
  /** Only for orders taken over from the past (the demo data); a new order is made now. */
  createdAt?: Date;
}

/** Writes a new order, in paymentInit, with its own order number and the first entry of its timeline. */
export async function insertOrder(tx: Transaction, tenant: TenantConfig, order: NewOrder): Promise<Order> {
  for (;;) {
    const [inserted] = await tx
      .insert(orders)
      .values({
        orderNumber: newOrderNumber(tenant.shopId),
        tenantId: tenant.shopId,
        cartName: order.cartName,
        cartVersion: order.cartVersion,
        currency: order.summary.currency,
        summary: { ...order.summary },
        totalPrice: order.summary.totalPrice,
        lines: order.lines,
        contact: order.contact,
        customerId: order.customerId,
        status: 'paymentInit',
        ...(order.createdAt ? { createdAt: order.createdAt, updatedAt: order.createdAt } : {}),
      })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
    if (inserted) {
      await recordOrderEvent(tx, {
        orderId: inserted.id,
        type: 'order.created',
        detail: {
          totalPrice: inserted.totalPrice,
          currency: inserted.currency,
          cartVersion: order.cartVersion,
        },
      });
      return inserted;
    }
  }
}

/**
 * A cart's lines that set something up are checked again as the order is made: an automatic or
 * SMS top-up is kept on an account (signed in, or opened at the contact step), and what was free
 * when the line was added (a number without a low-balance or SMS top-up, a live link) still is.
 */
async function checkSetups(tx: Transaction, tenant: TenantConfig, cart: Cart, customerId: string | null) {
  const rows = await tx
    .select({ phoneNumber: cartItems.phoneNumber, options: cartItems.options })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id));
  const asked = rows.flatMap((line) =>
    LINE_SETUPS.filter((setup) => setup.isAskedFor(line.options)).map((setup) => ({ setup, line })),
  );
  if (!customerId && asked.some(({ setup }) => setup.needsAccount)) {
    throw new DomainError(
      'AUTHORIZATION_REQUIRED',
      'Sign in or open an account to set up an automatic or SMS top-up',
    );
  }
  const now = new Date();
  for (const { setup, line } of asked) await setup.check(tx, tenant, line, now);
}

/**
 * The order for the cart as it is now: the last one when the cart has not changed since, a new
 * one (with its own order number and a snapshot of lines and amounts, in paymentInit) otherwise.
 * The order belongs to the signed-in account, else to the account created at the contact step.
 */
export async function orderForCart(
  tx: Transaction,
  tenant: TenantConfig,
  cart: Cart,
  detail: DetailedCart,
  signedInCustomerId?: string,
): Promise<Order> {
  const address: StoredAddress = cart.deliveryAddress ?? { contact: {} };
  const customerId = signedInCustomerId ?? address.customerId ?? null;
  await checkSetups(tx, tenant, cart, customerId);
  const order = await currentOrder(tx, tenant, cart, detail, address, customerId);
  // The device id of the contact step goes on the order (and its timeline) like a later one.
  const deviceId = await keepDeviceId(tx, order, address.deviceId, 'checkout-address');
  return deviceId ? { ...order, contact: { ...order.contact, deviceId } } : order;
}

async function currentOrder(
  tx: Transaction,
  tenant: TenantConfig,
  cart: Cart,
  detail: DetailedCart,
  address: StoredAddress,
  customerId: string | null,
): Promise<Order> {
  const contact = orderContactOf(address);
  const latest = await latestOrderOf(tx, tenant, cart.cartName);
  if (latest && latest.cartVersion === cart.version) {
    // A contact step repeated since (another e-mail, the PINs by WhatsApp) counts until money arrives.
    // The device id kept on the order (keepDeviceId) stays until another one comes.
    const kept = latest.contact.deviceId;
    const owner = customerId && !latest.customerId ? customerId : undefined;
    const retold = BEFORE_MONEY.includes(latest.status)
      ? kept
        ? { ...contact, deviceId: kept }
        : contact
      : undefined;
    if (!owner && !retold) return latest;
    // Drizzle leaves out what is undefined: only the changes are written.
    await tx.update(orders).set({ customerId: owner, contact: retold }).where(eq(orders.id, latest.id));
    return { ...latest, ...(owner ? { customerId: owner } : {}), ...(retold ? { contact: retold } : {}) };
  }
  return insertOrder(tx, tenant, {
    cartName: cart.cartName,
    cartVersion: cart.version,
    summary: detail.summary,
    lines: await snapshotLines(tx, cart, detail),
    contact,
    customerId,
  });
}

/** Orders that no payment has reached: what the contact step gave may still change. */
const BEFORE_MONEY: readonly OrderStatus[] = [
  'paymentInit',
  'paymentPending',
  'failed',
  'cancelled',
  'aborted',
];

/** What the order keeps of the contact step: the contact, device, language, and where PINs go. */
function orderContactOf(address: StoredAddress): OrderContact {
  return {
    ...address.contact,
    ...(address.language ? { language: address.language } : {}),
    ...(address.voucherDelivery ? { voucherDelivery: address.voucherDelivery } : {}),
  };
}

/**
 * The cart's lines as the order keeps them; a cash-code line keeps its code for the commit, and
 * a line that sets something up what its set-up needs (`setups/registry.ts`).
 */
async function snapshotLines(tx: Transaction, cart: Cart, detail: DetailedCart): Promise<OrderLineRecord[]> {
  const rows = await tx
    .select({ itemKey: cartItems.itemKey, options: cartItems.options })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id));
  const optionsOf = new Map(rows.map((row) => [row.itemKey, row.options]));
  return detail.items.map((item) => {
    const options = optionsOf.get(item.itemKey) ?? {};
    if (item.kind === 'CASH_CODE' && options.cashCode) return { ...item, cashCode: options.cashCode };
    const line: OrderLineRecord = { ...item };
    for (const setup of LINE_SETUPS) {
      if (setup.isAskedFor(options)) Object.assign(line, setup.snapshot(options));
    }
    return line;
  });
}

/** The order's attempts at the provider, latest first. */
export const paymentsOf = (tx: Database | Transaction, order: Order) =>
  tx.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.attempt));

/**
 * Moves the order's status along with its deciding payment attempt (the first that took the
 * money, else the latest), while the payment still decides it: once the commit has taken over
 * (or the order is final) the order table refuses the move.
 */
export async function followPayments(tx: Transaction, order: Order, cause: { paymentId: string }) {
  const deciding = decidingAttempt(await paymentsOf(tx, order));
  if (!deciding) return;
  const status = ORDER_STATUS_OF_PAYMENT[deciding.state];
  if (isStoredOrderStatus(status)) await moveOrder(tx, order.id, status, cause);
}

/** A guest's order: found by number within the tenant, and only with the cart name it was made from. */
export async function findOrder(
  tx: Database | Transaction,
  tenant: TenantConfig,
  orderNumber: string,
  cartName: string,
): Promise<Order> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenant.shopId),
        eq(orders.orderNumber, orderNumber),
        eq(orders.cartName, cartName),
      ),
    );
  if (!order) throw new DomainError('UNKNOWN_ORDER', `No order ${orderNumber} for this cart`);
  return order;
}
