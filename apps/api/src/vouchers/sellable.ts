import { schema, type Transaction } from '@shop/db';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';

const { voucherPins } = schema;

/** A PIN nobody holds: in stock, or reserved by an order whose reservation has lapsed. */
export const isUnheld = (now: Date) =>
  or(
    eq(voucherPins.status, 'AVAILABLE'),
    and(
      eq(voucherPins.status, 'RESERVED'),
      or(isNull(voucherPins.reservedUntil), lte(voucherPins.reservedUntil, now)),
    ),
  );

/** A PIN a new buyer may take: nobody holds it and it is not past its own validity. */
export const isSellable = (now: Date) =>
  and(isUnheld(now), or(isNull(voucherPins.validUntil), gt(voucherPins.validUntil, now)));

/**
 * Locks up to `count` sellable PINs of a product, oldest import first, until the transaction
 * ends. PINs another transaction has locked are skipped rather than waited for, so concurrent
 * buyers never take the same PIN and never queue behind each other.
 */
export function lockSellablePins(
  tx: Transaction,
  { tenantId, productId, count, now }: { tenantId: string; productId: string; count: number; now: Date },
) {
  return tx
    .select({ id: voucherPins.id })
    .from(voucherPins)
    .where(and(eq(voucherPins.tenantId, tenantId), eq(voucherPins.productId, productId), isSellable(now)))
    .orderBy(asc(voucherPins.importedAt), asc(voucherPins.id))
    .limit(count)
    .for('update', { skipLocked: true });
}
