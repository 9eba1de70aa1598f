import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSoldPin,
  releaseExpiredReservations,
  releasePins,
  reservePins,
  sellPin,
  stockLevels,
} from '../src/vouchers/stock';
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

const T0 = new Date('2026-03-01T10:00:00Z');
const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);

let productCount = 0;

/** A fresh stock voucher of ladeplatz holding the given PINs; answers its product id. */
async function voucherWith(pins: readonly string[]): Promise<string> {
  productCount += 1;
  const productId = `stock-voucher-${productCount}`;
  await addStockVoucher(database.db, 'ladeplatz', productId);
  await stockPins(database.db, 'ladeplatz', productId, pins);
  return productId;
}

const reserve = (
  orderId: string,
  items: { productId: string; quantity: number }[],
  until = minutes(15),
  now = T0,
) => database.db.transaction((tx) => reservePins(tx, { tenantId: 'ladeplatz', orderId, items, until, now }));

const sell = (orderId: string, productId: string, now = T0, tenantId = 'ladeplatz') =>
  database.db.transaction((tx) => sellPin(tx, { tenantId, orderId, productId, cipher: testCipher, now }));

/** The PIN rows the order holds, by status. */
async function heldBy(orderId: string, productId: string) {
  const rows = (await pinRows(database.db, productId)).filter((row) => row.orderId === orderId);
  return {
    reserved: rows.filter((row) => row.status === 'RESERVED').map((row) => row.id),
    sold: rows.filter((row) => row.status === 'SOLD').map((row) => row.id),
    rows,
  };
}

const levelOf = async (productId: string, now = T0) =>
  (await stockLevels(database.db, 'ladeplatz', now)).find((level) => level.productId === productId);

describe('reserving PINs for an order', () => {
  it('reserves every item or nothing, naming the product that is short', async () => {
    const plenty = await voucherWith(pinsNamed('1001', 5));
    const scarce = await voucherWith(pinsNamed('1002', 1));
    const order = await newOrder(database.db, 'ladeplatz');

    const refused = await reserve(order, [
      { productId: plenty, quantity: 2 },
      { productId: scarce, quantity: 2 },
    ]);
    expect(refused).toEqual({ ok: false, productId: scarce });
    expect(await levelOf(plenty)).toMatchObject({ available: 5, reserved: 0 });
    expect(await levelOf(scarce)).toMatchObject({ available: 1, reserved: 0 });

    const accepted = await reserve(order, [
      { productId: plenty, quantity: 2 },
      { productId: scarce, quantity: 1 },
    ]);
    expect(accepted).toEqual({ ok: true });
    expect(await levelOf(plenty)).toMatchObject({ available: 3, reserved: 2 });
    expect(await levelOf(scarce)).toMatchObject({ available: 0, reserved: 1 });
  });

  it('adds up lines of the same product', async () => {
    const product = await voucherWith(pinsNamed('1003', 3));
    const order = await newOrder(database.db, 'ladeplatz');
    const result = await reserve(order, [
      { productId: product, quantity: 1 },
      { productId: product, quantity: 2 },
    ]);
    expect(result).toEqual({ ok: true });
    expect((await heldBy(order, product)).reserved).toHaveLength(3);
    expect(
      await reserve(await newOrder(database.db, 'ladeplatz'), [{ productId: product, quantity: 1 }]),
    ).toEqual({
      ok: false,
      productId: product,
    });
  });

  it('counts the PINs an order already holds when asked again, and extends their reservation', async () => {
    const product = await voucherWith(pinsNamed('1004', 4));
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 2 }], minutes(15));
    const first = (await heldBy(order, product)).reserved.sort();

    expect(await reserve(order, [{ productId: product, quantity: 2 }], minutes(30), minutes(5))).toEqual({
      ok: true,
    });
    const again = await heldBy(order, product);
    expect(again.reserved.sort()).toEqual(first);
    expect(again.rows.map((row) => row.reservedUntil?.toISOString())).toEqual([
      minutes(30).toISOString(),
      minutes(30).toISOString(),
    ]);
    expect(await levelOf(product)).toMatchObject({ available: 2, reserved: 2 });

    expect(await reserve(order, [{ productId: product, quantity: 3 }], minutes(30), minutes(6))).toEqual({
      ok: true,
    });
    const grown = (await heldBy(order, product)).reserved;
    expect(grown).toHaveLength(3);
    expect(grown).toEqual(expect.arrayContaining(first));

    expect(await reserve(order, [{ productId: product, quantity: 1 }], minutes(30), minutes(7))).toEqual({
      ok: true,
    });
    expect((await heldBy(order, product)).reserved).toHaveLength(1);
    expect(await levelOf(product, minutes(7))).toMatchObject({ available: 3, reserved: 1 });
  });

  it('leaves PINs of another tenant alone and refuses an order of another tenant', async () => {
    const product = await voucherWith(pinsNamed('1005', 2));
    const foreignOrder = await newOrder(database.db, 'kartenkiosk');
    const taken = database.db.transaction((tx) =>
      reservePins(tx, {
        tenantId: 'ladeplatz',
        orderId: foreignOrder,
        items: [{ productId: product, quantity: 1 }],
        until: minutes(15),
        now: T0,
      }),
    );
    await expect(taken).rejects.toThrow(/does not exist/);

    const kioskOrder = await newOrder(database.db, 'kartenkiosk');
    const kiosk = await database.db.transaction((tx) =>
      reservePins(tx, {
        tenantId: 'kartenkiosk',
        orderId: kioskOrder,
        items: [{ productId: product, quantity: 1 }],
        until: minutes(15),
        now: T0,
      }),
    );
    expect(kiosk).toEqual({ ok: false, productId: product });
    expect(await levelOf(product)).toMatchObject({ available: 2, reserved: 0 });
  });

  it('hands out the oldest import first and never a PIN past its validity', async () => {
    const product = await voucherWith(pinsNamed('1006', 1));
    await stockPins(database.db, 'ladeplatz', product, pinsNamed('2006', 1));
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 1 }]);
    const sold = await sell(order, product);
    expect(sold?.pin).toBe(pinsNamed('1006', 1)[0]);

    // Valid for a year from the real clock: a year and a day later nothing is sellable.
    const later = new Date(Date.now() + 366 * 24 * 60 * 60_000);
    const late = await newOrder(database.db, 'ladeplatz');
    expect(await reserve(late, [{ productId: product, quantity: 1 }], later, later)).toEqual({
      ok: false,
      productId: product,
    });
    expect(await levelOf(product, later)).toMatchObject({ available: 0, expired: 1, sold: 1 });
  });
});

describe('releasing reservations', () => {
  it('gives an order’s reserved PINs back and keeps its sold ones sold', async () => {
    const product = await voucherWith(pinsNamed('1101', 3));
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 3 }]);
    const sold = await sell(order, product);

    expect(await releasePins(database.db, order)).toBe(2);
    expect(await levelOf(product)).toEqual({
      productId: product,
      available: 2,
      reserved: 0,
      sold: 1,
      expired: 0,
    });
    const held = await heldBy(order, product);
    expect(held.sold).toEqual([sold?.pinId]);
    expect(held.reserved).toEqual([]);
    expect(await releasePins(database.db, order)).toBe(0);
  });

  it('lets another buyer take PINs whose reservation lapsed', async () => {
    const product = await voucherWith(pinsNamed('1102', 1));
    const first = await newOrder(database.db, 'ladeplatz');
    const second = await newOrder(database.db, 'ladeplatz');
    await reserve(first, [{ productId: product, quantity: 1 }], minutes(15));

    expect(await reserve(second, [{ productId: product, quantity: 1 }], minutes(25), minutes(10))).toEqual({
      ok: false,
      productId: product,
    });
    expect(await reserve(second, [{ productId: product, quantity: 1 }], minutes(35), minutes(20))).toEqual({
      ok: true,
    });
    expect((await heldBy(second, product)).reserved).toHaveLength(1);
    expect((await heldBy(first, product)).reserved).toHaveLength(0);
  });

  it('returns lapsed reservations to stock in one sweep and counts them', async () => {
    const product = await voucherWith(pinsNamed('1103', 3));
    // Reservations of the tests before, lapsed by then, go first.
    await releaseExpiredReservations(database.db, minutes(30));
    const lapsing = await newOrder(database.db, 'ladeplatz');
    const open = await newOrder(database.db, 'ladeplatz');
    await reserve(lapsing, [{ productId: product, quantity: 2 }], minutes(15));
    await reserve(open, [{ productId: product, quantity: 1 }], minutes(60));

    expect(await releaseExpiredReservations(database.db, minutes(30))).toBe(2);
    expect((await heldBy(lapsing, product)).rows).toHaveLength(0);
    expect((await heldBy(open, product)).reserved).toHaveLength(1);
    expect(await levelOf(product, minutes(30))).toMatchObject({ available: 2, reserved: 1 });
    expect(await releaseExpiredReservations(database.db, minutes(30))).toBe(0);
  });
});

describe('selling PINs', () => {
  it('sells the order’s reserved PINs in clear, each once, then nothing more', async () => {
    const pins = pinsNamed('1201', 2);
    const product = await voucherWith(pins);
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 2 }]);

    const first = await sell(order, product);
    const second = await sell(order, product);
    expect(first).toMatchObject({ serial: `SN-${first?.pin.slice(-6)}` });
    expect(first?.validUntil).toBeInstanceOf(Date);
    expect([first?.pin, second?.pin].sort()).toEqual(pins);
    expect(first?.pinId).not.toBe(second?.pinId);
    expect(await sell(order, product)).toBeUndefined();
    expect(await levelOf(product)).toMatchObject({ available: 0, reserved: 0, sold: 2 });
  });

  it('answers a sold PIN again for its tenant only', async () => {
    const product = await voucherWith(pinsNamed('1202', 1));
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 1 }]);
    const sold = await sell(order, product);
    if (!sold) throw new Error('nothing sold');

    const read = { pinId: sold.pinId, cipher: testCipher };
    expect(await readSoldPin(database.db, { tenantId: 'ladeplatz', ...read })).toEqual({
      pin: sold.pin,
      serial: sold.serial,
      validUntil: sold.validUntil,
    });
    expect(await readSoldPin(database.db, { tenantId: 'kartenkiosk', ...read })).toBeUndefined();
  });

  it('does not answer a PIN that is only reserved', async () => {
    const product = await voucherWith(pinsNamed('1203', 1));
    const order = await newOrder(database.db, 'ladeplatz');
    await reserve(order, [{ productId: product, quantity: 1 }]);
    const [reserved] = (await heldBy(order, product)).reserved;
    expect(
      await readSoldPin(database.db, {
        tenantId: 'ladeplatz',
        pinId: reserved as string,
        cipher: testCipher,
      }),
    ).toBeUndefined();
  });

  it('takes another PIN when the order’s lapsed reservation went to someone else', async () => {
    const product = await voucherWith(pinsNamed('1204', 2));
    const late = await newOrder(database.db, 'ladeplatz');
    const other = await newOrder(database.db, 'ladeplatz');
    await reserve(late, [{ productId: product, quantity: 1 }], minutes(15));
    const [lost] = (await heldBy(late, product)).reserved;
    await reserve(other, [{ productId: product, quantity: 1 }], minutes(50), minutes(20));
    expect((await heldBy(other, product)).reserved).toEqual([lost]);

    const sold = await sell(late, product, minutes(25));
    expect(sold?.pinId).toBeDefined();
    expect(sold?.pinId).not.toBe(lost);
    expect((await heldBy(other, product)).reserved).toEqual([lost]);
    expect(await sell(await newOrder(database.db, 'ladeplatz'), product, minutes(26))).toBeUndefined();
  });

  it('never sells another tenant’s PIN', async () => {
    const product = await voucherWith(pinsNamed('1205', 1));
    const kioskOrder = await newOrder(database.db, 'kartenkiosk');
    expect(await sell(kioskOrder, product, T0, 'kartenkiosk')).toBeUndefined();
    expect(await levelOf(product)).toMatchObject({ available: 1, sold: 0 });
  });
});

describe('stock levels', () => {
  it('list every stock voucher of the tenant, also those without PINs', async () => {
    await addStockVoucher(database.db, 'ladeplatz', 'empty-stock-voucher');
    const levels = await stockLevels(database.db, 'ladeplatz', T0);
    expect(levels.find((level) => level.productId === 'empty-stock-voucher')).toEqual({
      productId: 'empty-stock-voucher',
      available: 0,
      reserved: 0,
      sold: 0,
      expired: 0,
    });
    expect(await stockLevels(database.db, 'funkfix', T0)).toEqual([]);
  });
});
