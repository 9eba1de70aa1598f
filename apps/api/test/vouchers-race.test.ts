import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservePins, sellPin, stockLevels } from '../src/vouchers/stock';
import {
  addStockVoucher,
  newOrder,
  openStockDatabase,
  pinRows,
  pinsNamed,
  stockPins,
  testCipher,
} from './vouchers-support';

let database: Awaited<ReturnType<typeof openStockDatabase>>;
beforeAll(async () => {
  database = await openStockDatabase();
});
afterAll(() => database.close());

const BUYERS = 100;
const PINS = 20;

describe('many buyers racing for the last PINs', () => {
  it('gives each of 20 PINs to exactly one of 100 concurrent orders, then sells 20 distinct PINs', async () => {
    const productId = 'last-pins-voucher';
    const pins = pinsNamed('7777', PINS);
    await addStockVoucher(database.db, 'ladeplatz', productId);
    await stockPins(database.db, 'ladeplatz', productId, pins);
    const orders = await Promise.all(
      Array.from({ length: BUYERS }, () => newOrder(database.db, 'ladeplatz')),
    );

    const now = new Date();
    const until = new Date(now.getTime() + 15 * 60_000);
    const results = await Promise.all(
      orders.map((orderId) =>
        database.db.transaction((tx) =>
          reservePins(tx, {
            tenantId: 'ladeplatz',
            orderId,
            items: [{ productId, quantity: 1 }],
            until,
            now,
          }),
        ),
      ),
    );

    const winners = orders.filter((_, index) => results[index]?.ok);
    expect(winners).toHaveLength(PINS);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: BUYERS - PINS }, () => ({ ok: false, productId })),
    );

    const rows = await pinRows(database.db, productId);
    expect(rows.map((row) => row.status)).toEqual(Array.from({ length: PINS }, () => 'RESERVED'));
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(winners));

    const sold = await Promise.all(
      winners.map((orderId) =>
        database.db.transaction((tx) =>
          sellPin(tx, { tenantId: 'ladeplatz', orderId, productId, cipher: testCipher, now: new Date() }),
        ),
      ),
    );
    expect(sold.map((pin) => pin?.pin).sort()).toEqual(pins);
    expect(new Set(sold.map((pin) => pin?.pinId)).size).toBe(PINS);
    expect(
      (await stockLevels(database.db, 'ladeplatz')).find((level) => level.productId === productId),
    ).toEqual({
      productId,
      available: 0,
      reserved: 0,
      sold: PINS,
      expired: 0,
    });
  });
});
