import type { Order } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, inArray } from 'drizzle-orm';
import { reservePins } from '../vouchers/stock';

const { products } = schema;

/** How long PINs stay reserved for a payment that has started; expired ones go back to stock. */
export const PIN_RESERVATION_MS = 30 * 60_000;

/**
 * Holds the order's vouchers of the shop's own stock before the shopper pays, so that nobody pays
 * for a sold-out voucher: when one product has too few PINs, start-payment is refused with
 * PRODUCT_NOT_AVAILABLE and nothing is reserved.
 */
export async function reserveVoucherPins(tx: Transaction, tenant: TenantConfig, order: Order, now: Date) {
  const vouchers = order.lines.filter((line) => line.kind === 'VOUCHER');
  if (vouchers.length === 0) return;
  const stocked = await tx
    .select({ productId: products.productId })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenant.shopId),
        eq(products.pinSource, 'STOCK'),
        inArray(
          products.productId,
          vouchers.map((line) => line.productId),
        ),
      ),
    );
  const fromStock = new Set(stocked.map((row) => row.productId));
  const items = vouchers
    .filter((line) => fromStock.has(line.productId))
    .map((line) => ({ productId: line.productId, quantity: line.quantity }));
  if (items.length === 0) return;
  const reserved = await reservePins(tx, {
    tenantId: tenant.shopId,
    orderId: order.id,
    items,
    until: new Date(now.getTime() + PIN_RESERVATION_MS),
    now,
  });
  if (!reserved.ok) {
    // The product was on sale when it went into the cart: a conflict with the stock, not a bad request.
    throw new DomainError('PRODUCT_NOT_AVAILABLE', `${reserved.productId} is sold out; nothing was charged`, {
      status: 409,
    });
  }
}
