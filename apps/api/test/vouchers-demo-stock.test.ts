import { schema } from '@shop/db';
import { tenants } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/seed';
import { DEMO_PINS_PER_PRODUCT, demoPins } from '../src/demo/voucher-stock';
import { stockLevels } from '../src/vouchers/stock';
import { openStockDatabase, testCipher } from './vouchers-support';

let database: Awaited<ReturnType<typeof openStockDatabase>>;
beforeAll(async () => {
  database = await openStockDatabase();
});
afterAll(() => database.close());

const vouchersOf = (tenantId: string) =>
  database.db
    .select({ productId: schema.products.productId, pinSource: schema.products.pinSource })
    .from(schema.products)
    .where(and(eq(schema.products.tenantId, tenantId), eq(schema.products.kind, 'VOUCHER')));

describe('demo voucher stock', () => {
  it('sells every ladeplatz voucher from stock, 50 PINs each', async () => {
    const vouchers = await vouchersOf('ladeplatz');
    expect(vouchers.length).toBeGreaterThan(0);
    expect(vouchers.every((voucher) => voucher.pinSource === 'STOCK')).toBe(true);

    const levels = await stockLevels(database.db, 'ladeplatz');
    expect(levels.map((level) => level.productId).sort()).toEqual(
      vouchers.map((voucher) => voucher.productId).sort(),
    );
    for (const level of levels) {
      expect(level).toEqual({
        productId: level.productId,
        available: DEMO_PINS_PER_PRODUCT,
        reserved: 0,
        sold: 0,
        expired: 0,
      });
    }
  });

  it('stores the generated 16-digit PINs encrypted, with serials and a year of validity', async () => {
    const [row] = await database.db
      .select()
      .from(schema.voucherPins)
      .where(eq(schema.voucherPins.productId, 'pixelpass-voucher-1000'));
    const pin = testCipher.decrypt(row?.pinEncrypted ?? '');
    expect(pin).toMatch(/^\d{16}$/);
    expect(demoPins('ladeplatz', 'pixelpass-voucher-1000', new Date()).map((demo) => demo.pin)).toContain(
      pin,
    );
    expect(row?.serial).toMatch(/^PIXELPASS-VOUCHER-1000-\d{4}$/);
    const daysValid = ((row?.validUntil?.getTime() ?? 0) - Date.now()) / (24 * 60 * 60_000);
    expect(daysValid).toBeGreaterThan(364);
  });

  it('gives the same PINs on every machine, different per product', () => {
    const now = new Date();
    const pins = demoPins('ladeplatz', 'pixelpass-voucher-1000', now).map((demo) => demo.pin);
    expect(demoPins('ladeplatz', 'pixelpass-voucher-1000', now).map((demo) => demo.pin)).toEqual(pins);
    expect(new Set(pins).size).toBe(DEMO_PINS_PER_PRODUCT);
    const other = demoPins('ladeplatz', 'pixelpass-voucher-2000', now).map((demo) => demo.pin);
    expect(other.filter((pin) => pins.includes(pin))).toEqual([]);
  });

  it('leaves the vouchers of kartenkiosk, weltaufladen and callhome with the operator', async () => {
    for (const tenantId of ['kartenkiosk', 'weltaufladen', 'callhome']) {
      const vouchers = await vouchersOf(tenantId);
      expect(vouchers.length, tenantId).toBeGreaterThan(0);
      expect(
        vouchers.filter((voucher) => voucher.pinSource !== 'OPERATOR'),
        tenantId,
      ).toEqual([]);
      expect(await stockLevels(database.db, tenantId), tenantId).toEqual([]);
    }
  });

  it('adds no PINs when the demo data is loaded again', async () => {
    expect(await seedDemoData(database.db, tenants().all, { pinCipher: testCipher })).toBe(0);
    const levels = await stockLevels(database.db, 'ladeplatz');
    expect(levels.every((level) => level.available === DEMO_PINS_PER_PRODUCT)).toBe(true);
  });
});
