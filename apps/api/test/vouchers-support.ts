import { randomBytes } from 'node:crypto';
import { type Database, schema, syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { priceAlone } from '@shop/domain';
import { tenants } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import { seedDemoData } from '../src/demo/seed';
import { importPins } from '../src/vouchers/import';
import { createPinCipher, type PinCipher } from '../src/vouchers/pin-crypto';

/** A cipher over a key of the tests' own, so nothing depends on the development key. */
export const testCipher: PinCipher = createPinCipher(randomBytes(32).toString('base64'));

/** A fresh database with the tenants and the demo data, PINs encrypted with `testCipher`. */
export async function openStockDatabase() {
  const database = await createTestDatabase();
  await syncTenants(database.db, tenants().all);
  await seedDemoData(database.db, tenants().all, { pinCipher: testCipher });
  return database;
}

/** A voucher product of the tenant sold from own stock, with no PINs yet. */
export async function addStockVoucher(db: Database, tenantId: string, productId: string) {
  await db.insert(schema.products).values({
    tenantId,
    productId,
    kind: 'VOUCHER',
    brandId: 'pixelpass',
    brandName: 'PixelPass',
    categoryId: 'gaming',
    currency: 'EUR',
    amount: 1000,
    pinSource: 'STOCK',
  });
}

/** `count` distinct 16-digit PINs starting with `prefix` (four digits). */
export const pinsNamed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(12, '0')}`);

/** Puts the PINs into the product's stock (each with a serial, valid for a year). */
export async function stockPins(db: Database, tenantId: string, productId: string, pins: readonly string[]) {
  const validUntil = new Date(Date.now() + 365 * 24 * 60 * 60_000);
  const result = await importPins(db, {
    tenantId,
    productId,
    cipher: testCipher,
    pins: pins.map((pin) => ({ pin, serial: `SN-${pin.slice(-6)}`, validUntil })),
  });
  if (!result.ok || result.imported !== pins.length)
    throw new Error(`stocking failed: ${JSON.stringify(result)}`);
}

let orderCount = 0;

/** A minimal order of the tenant, as the checkout would have created it; answers its id. */
export async function newOrder(db: Database, tenantId: string): Promise<string> {
  orderCount += 1;
  const [order] = await db
    .insert(schema.orders)
    .values({
      orderNumber: `TST-${randomBytes(4).toString('hex').toUpperCase()}-${orderCount}`,
      tenantId,
      cartName: randomBytes(18).toString('base64url'),
      cartVersion: 1,
      currency: 'EUR',
      summary: priceAlone(1000, { perItem: 0, perCart: 0 }, 'EUR'),
      totalPrice: 1000,
      lines: [],
      status: 'paymentPending',
    })
    .returning({ id: schema.orders.id });
  if (!order) throw new Error('order insert returned nothing');
  return order.id;
}

/** The PINs of the product as rows, for checks on status and holder. */
export const pinRows = (db: Database, productId: string) =>
  db.select().from(schema.voucherPins).where(eq(schema.voucherPins.productId, productId));
