import { type Database, schema, type Transaction } from '@shop/db';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { PinCipher } from './pin-crypto';
import { lockSellablePins } from './sellable';

export { type StockLevel, stockLevels } from './stock-levels';

const { orders, voucherPins } = schema;

type Executor = Database | Transaction;

export interface ReservationRequest {
  tenantId: string;
  orderId: string;
  /** The order's lines sold from own stock; quantities of the same product add up. */
  items: readonly { productId: string; quantity: number }[];
  /** When the reservation lapses if the order is not paid by then. */
  until: Date;
  now: Date;
}

export type ReservationResult = { ok: true } | { ok: false; productId: string };

/** A PIN as the buyer receives it. */
export interface SoldPin {
  pin: string;
  serial: string | null;
  validUntil: Date | null;
}

function quantitiesByProduct(items: ReservationRequest['items']): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const { productId, quantity } of items) {
    if (quantity > 0) wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  }
  return wanted;
}

/** Locks the order's row, so two reservations for one order happen one after the other. */
async function lockOrder(tx: Transaction, tenantId: string, orderId: string): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.tenantId, tenantId)))
    .for('no key update');
  if (!order) throw new Error(`Order ${orderId} of tenant ${tenantId} does not exist`);
}

/** The order's current reservations of a product, oldest import first. */
const heldPins = (tx: Transaction, tenantId: string, orderId: string, productId: string) =>
  tx
    .select({ id: voucherPins.id })
    .from(voucherPins)
    .where(
      and(
        eq(voucherPins.tenantId, tenantId),
        eq(voucherPins.productId, productId),
        eq(voucherPins.orderId, orderId),
        eq(voucherPins.status, 'RESERVED'),
      ),
    )
    .orderBy(asc(voucherPins.importedAt), asc(voucherPins.id))
    .for('update', { skipLocked: true });

/**
 * Reserves PINs for every item of an order until `until`, or nothing at all: when one product
 * has too few, the answer names it and no PIN changes. Calling it again for the same order
 * counts the PINs it already holds (and extends their reservation); an order never holds more
 * than it asks for.
 */
export async function reservePins(tx: Transaction, request: ReservationRequest): Promise<ReservationResult> {
  const { tenantId, orderId, until, now } = request;
  await lockOrder(tx, tenantId, orderId);
  const reserve: string[] = [];
  const surplus: string[] = [];
  const wanted = [...quantitiesByProduct(request.items)].sort(([a], [b]) => a.localeCompare(b));
  for (const [productId, quantity] of wanted) {
    const held = await heldPins(tx, tenantId, orderId, productId);
    const kept = held.slice(0, quantity);
    const fresh =
      kept.length < quantity
        ? await lockSellablePins(tx, { tenantId, productId, count: quantity - kept.length, now })
        : [];
    if (kept.length + fresh.length < quantity) return { ok: false, productId };
    reserve.push(...kept.map((pin) => pin.id), ...fresh.map((pin) => pin.id));
    surplus.push(...held.slice(quantity).map((pin) => pin.id));
  }
  if (reserve.length > 0) {
    await tx
      .update(voucherPins)
      .set({ status: 'RESERVED', orderId, reservedUntil: until })
      .where(inArray(voucherPins.id, reserve));
  }
  if (surplus.length > 0) {
    await tx
      .update(voucherPins)
      .set({ status: 'AVAILABLE', orderId: null, reservedUntil: null })
      .where(inArray(voucherPins.id, surplus));
  }
  return { ok: true };
}

/** Gives the order's reserved PINs back to stock; PINs already sold stay sold. Answers how many. */
export async function releasePins(tx: Executor, orderId: string): Promise<number> {
  const released = await tx
    .update(voucherPins)
    .set({ status: 'AVAILABLE', orderId: null, reservedUntil: null })
    .where(and(eq(voucherPins.orderId, orderId), eq(voucherPins.status, 'RESERVED')))
    .returning({ id: voucherPins.id });
  return released.length;
}

/** Gives back every reservation that lapsed by `now`, skipping PINs a buyer is taking right now. */
export async function releaseExpiredReservations(db: Executor, now: Date): Promise<number> {
  const lapsed = db
    .select({ id: voucherPins.id })
    .from(voucherPins)
    .where(and(eq(voucherPins.status, 'RESERVED'), lte(voucherPins.reservedUntil, now)))
    .for('update', { skipLocked: true });
  const released = await db
    .update(voucherPins)
    .set({ status: 'AVAILABLE', orderId: null, reservedUntil: null })
    .where(and(inArray(voucherPins.id, lapsed), eq(voucherPins.status, 'RESERVED')))
    .returning({ id: voucherPins.id });
  return released.length;
}

export interface SaleRequest {
  tenantId: string;
  orderId: string;
  productId: string;
  cipher: PinCipher;
  now: Date;
}

/**
 * Sells one PIN of a product to the order: one the order reserved, or, when its reservation
 * lapsed and another buyer took it, any sellable one. Answers the PIN in clear, or undefined
 * when the stock has none. Each call sells another PIN: the caller keeps `pinId` with the unit
 * it delivers and asks `readSoldPin` when it answers the same unit again.
 */
export async function sellPin(
  tx: Transaction,
  { tenantId, orderId, productId, cipher, now }: SaleRequest,
): Promise<(SoldPin & { pinId: string }) | undefined> {
  const [reserved] = (await heldPins(tx, tenantId, orderId, productId)).slice(0, 1);
  const [chosen] = reserved ? [reserved] : await lockSellablePins(tx, { tenantId, productId, count: 1, now });
  if (!chosen) return undefined;
  const [sold] = await tx
    .update(voucherPins)
    .set({ status: 'SOLD', orderId, reservedUntil: null, soldAt: now })
    .where(and(eq(voucherPins.id, chosen.id), inArray(voucherPins.status, ['AVAILABLE', 'RESERVED'])))
    .returning();
  if (!sold) throw new Error(`Voucher PIN ${chosen.id} was sold while locked`);
  return {
    pinId: sold.id,
    pin: cipher.decrypt(sold.pinEncrypted),
    serial: sold.serial,
    validUntil: sold.validUntil,
  };
}

/** A PIN sold before, in clear (to answer a repeated commit); undefined when no such sold PIN. */
export async function readSoldPin(
  db: Executor,
  { tenantId, pinId, cipher }: { tenantId: string; pinId: string; cipher: PinCipher },
): Promise<SoldPin | undefined> {
  const [row] = await db
    .select()
    .from(voucherPins)
    .where(
      and(eq(voucherPins.id, pinId), eq(voucherPins.tenantId, tenantId), eq(voucherPins.status, 'SOLD')),
    );
  if (!row) return undefined;
  return { pin: cipher.decrypt(row.pinEncrypted), serial: row.serial, validUntil: row.validUntil };
}
