import { type Database, schema, type Transaction } from '@shop/db';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { isSellable, isUnheld } from './sellable';

const { products, voucherPins } = schema;

/** How many PINs of a product a buyer can take, are held for open orders, went out, or lapsed unsold. */
export interface StockLevel {
  productId: string;
  available: number;
  reserved: number;
  sold: number;
  expired: number;
}

const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})::int`;

/**
 * The tenant's PIN stock per product (for operators): every product with PINs, and every voucher
 * sold from stock even when it has none left. A lapsed reservation counts as available again.
 */
export async function stockLevels(
  db: Database | Transaction,
  tenantId: string,
  now: Date = new Date(),
): Promise<StockLevel[]> {
  const heldNow = and(eq(voucherPins.status, 'RESERVED'), gt(voucherPins.reservedUntil, now));
  const lapsed = and(isUnheld(now), lte(voucherPins.validUntil, now));
  const counted = await db
    .select({
      productId: voucherPins.productId,
      available: count(sql`${isSellable(now)}`),
      reserved: count(sql`${heldNow}`),
      sold: count(sql`${eq(voucherPins.status, 'SOLD')}`),
      expired: count(sql`${lapsed}`),
    })
    .from(voucherPins)
    .where(eq(voucherPins.tenantId, tenantId))
    .groupBy(voucherPins.productId);
  const stocked = await db
    .select({ productId: products.productId })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.pinSource, 'STOCK')));

  const levels = new Map(counted.map((level) => [level.productId, level]));
  for (const { productId } of stocked) {
    if (!levels.has(productId))
      levels.set(productId, { productId, available: 0, reserved: 0, sold: 0, expired: 0 });
  }
  return [...levels.values()].sort((a, b) => a.productId.localeCompare(b.productId));
}
