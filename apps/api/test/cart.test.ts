import type { DetailedCart, ErrorEnvelope } from '@shop/domain/contract';
import { tenants } from '@shop/tenants';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredCarts, detailedCart } from '../src/cart/service';
import { apiForFile } from './api-for-file';

const api = apiForFile();

/** Numbers of each brand (numbering plan: docs/sandbox.md); a top-up takes only its brand's. */
const FUNKFIX_NUMBER = '+4917012345678';
const BLITZ_NUMBER = '+4915112345678';
const TARIFWERK_NUMBER = '+4916012345678';
const topup = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  phoneNumber: FUNKFIX_NUMBER,
  ...extra,
});

async function call(
  method: string,
  path: string,
  tenant: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await api.request(path, {
    method,
    headers: {
      'X-Tenant-Id': tenant,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as DetailedCart & Partial<ErrorEnvelope>,
  };
}
const addV2 = (tenant: string, body: unknown, headers?: Record<string, string>) =>
  call('POST', '/api/shop/rest/v2/addToCart', tenant, body, headers);
const getCart = (tenant: string, cartName: string) =>
  call('GET', `/api/shop/rest/v2/carts/${cartName}`, tenant);

async function newCart(tenant: string, items: unknown[]): Promise<DetailedCart> {
  const { status, body } = await addV2(tenant, { items });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('adding to a cart', () => {
  it('creates a cart with an unguessable name and answers it (v1)', async () => {
    const { status, body } = await call('POST', '/api/shop/rest/addToCart', 'funkfix', {
      items: [topup('funkfix-topup-1500')],
    });
    expect(status).toBe(200);
    expect(body.cartName).toMatch(/^[\w-]{24}$/);
    const cart = await getCart('funkfix', body.cartName);
    expect(cart.body.items).toEqual([
      expect.objectContaining({
        productId: 'funkfix-topup-1500',
        quantity: 1,
        amount: 1500,
        phoneNumber: FUNKFIX_NUMBER,
      }),
    ]);
    expect(cart.body.summary).toMatchObject({
      currency: 'EUR',
      netAmount: 1500,
      grossAmount: 1500,
      totalPrice: 1500,
    });
  });

  it('merges the same item, makes n copies from a quantity, and keeps a ranged amount', async () => {
    const cart = await newCart('funkfix', [
      topup('funkfix-topup-1500'),
      topup('funkfix-topup-1500', { quantity: 2 }),
    ]);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(3);
    const more = await addV2('funkfix', {
      cartName: cart.cartName,
      items: [topup('funkfix-topup-any', { amount: 1700 })],
    });
    expect(more.body.items.map((item) => [item.productId, item.amount, item.quantity])).toEqual([
      ['funkfix-topup-1500', 1500, 3],
      ['funkfix-topup-any', 1700, 1],
    ]);
    expect(more.body.summary).toMatchObject({ netAmount: 6200, totalPrice: 6200 });
  });

  it('creates a cart with a phone number given without +', async () => {
    const { status, body } = await call('POST', '/api/shop/createCart', 'funkfix', {
      phoneNumber: '4917012345678',
      items: [{ productId: 'funkfix-topup-1000' }],
    });
    expect(status).toBe(200);
    expect((await getCart('funkfix', body.cartName)).body.items[0]?.phoneNumber).toBe(FUNKFIX_NUMBER);
  });

  it('adds once for a repeated idempotency key (double click)', async () => {
    const headers = { 'Idempotency-Key': 'click-1234567890' };
    const first = await addV2('funkfix', { items: [topup('funkfix-topup-500')] }, headers);
    const second = await addV2('funkfix', { items: [topup('funkfix-topup-500')] }, headers);
    expect(second.body.cartName).toBe(first.body.cartName);
    expect(second.body.items[0]?.quantity).toBe(1);
  });

  it('keeps a cash code in a cart of its own', async () => {
    const cashCode = { productId: 'callhome-cash-code', amount: 1000, phoneNumber: '+445612345678' };
    const card = { productId: 'callhome-calling-card-1000' };
    const withCode = await newCart('callhome', [{ ...cashCode, cashCode: '2000111122223333' }]);
    const mixed = await addV2('callhome', { cartName: withCode.cartName, items: [card] });
    expect(mixed).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await getCart('callhome', withCode.cartName)).body).toEqual(withCode);
    const withCard = await newCart('callhome', [card]);
    const other = await addV2('callhome', {
      cartName: withCard.cartName,
      items: [{ ...cashCode, cashCode: '2000111122224444' }],
    });
    expect(other).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it.each([
    [
      'an out-of-stock product',
      { productId: 'funkfix-topup-3000', phoneNumber: FUNKFIX_NUMBER },
      'PRODUCT_NOT_AVAILABLE',
    ],
    ['an unknown product', { productId: 'nope', phoneNumber: FUNKFIX_NUMBER }, 'VALIDATION_FAILED'],
    ['an amount off the range steps', topup('funkfix-topup-any', { amount: 1750 }), 'VALIDATION_FAILED'],
    ['a wrong fixed amount', topup('funkfix-topup-1500', { amount: 1600 }), 'VALIDATION_FAILED'],
    ['a top-up without a number', { productId: 'funkfix-topup-1500' }, 'VALIDATION_FAILED'],
    [
      'a number of a country not served',
      topup('funkfix-topup-1500', { phoneNumber: '+33612345678' }),
      'UNAVAILABLE_COUNTRY',
    ],
    [
      'an automatic top-up of a type the shop does not offer',
      topup('funkfix-automatic', {
        amount: 1000,
        autoTopupOption: 'WEEKLY',
        recurringOption: { recurringType: 'WEEKLY', recurringDay: 1 },
      }),
      'VALIDATION_FAILED',
    ],
    [
      'a low-balance limit the shop does not offer',
      topup('funkfix-automatic', {
        amount: 1000,
        autoTopupOption: 'LOW_BALANCE',
        lowBalanceOption: { lowBalanceLimit: 700 },
      }),
      'VALIDATION_FAILED',
    ],
    [
      'a low-balance top-up with neither limit nor tariff',
      topup('funkfix-automatic', { amount: 1000, autoTopupOption: 'LOW_BALANCE', lowBalanceOption: {} }),
      'LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING',
    ],
    [
      'a monthly top-up on a day that no month has',
      topup('funkfix-automatic', {
        amount: 1000,
        autoTopupOption: 'MONTHLY',
        recurringOption: { recurringType: 'MONTHLY', recurringDay: 32 },
      }),
      'VALIDATION_FAILED',
    ],
    [
      'an automatic top-up set up twice in one item',
      topup('funkfix-automatic', {
        amount: 1000,
        quantity: 2,
        autoTopupOption: 'LOW_BALANCE',
        lowBalanceOption: { lowBalanceLimit: 500 },
      }),
      'VALIDATION_FAILED',
    ],
    [
      'a once-off top-up that claims to repeat',
      topup('funkfix-topup-1500', {
        autoTopupOption: 'LOW_BALANCE',
        lowBalanceOption: { lowBalanceLimit: 500 },
      }),
      'VALIDATION_FAILED',
    ],
    ['an unknown field', topup('funkfix-topup-1500', { colour: 'red' }), 'VALIDATION_FAILED'],
    ['a negative quantity', topup('funkfix-topup-1500', { quantity: -1 }), 'VALIDATION_FAILED'],
    ['a huge quantity', topup('funkfix-topup-1500', { quantity: 100000 }), 'VALIDATION_FAILED'],
    ['a string amount', topup('funkfix-topup-any', { amount: '15' }), 'VALIDATION_FAILED'],
  ])('refuses %s with %s and leaves the cart as it was', async (_case, item, code) => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    const { status, body } = await addV2('funkfix', {
      cartName: cart.cartName,
      items: [topup('funkfix-topup-500'), item],
    });
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect((await getCart('funkfix', cart.cartName)).body).toEqual(cart);
  });

  it('refuses malformed JSON and an empty item list', async () => {
    expect((await addV2('funkfix', '{"items": [')).body.code).toBe('VALIDATION_FAILED');
    expect((await addV2('funkfix', { items: [] })).status).toBe(400);
  });
});

describe('limits (spec §8)', () => {
  it('refuses a quantity over the per-product count limit and keeps the cart', async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    const itemKey = cart.items[0]?.itemKey;
    const atLimit = await call(
      'PUT',
      `/api/shop/rest/v2/carts/${cart.cartName}/items/${itemKey}/5`,
      'funkfix',
    );
    expect(atLimit.body.items[0]?.quantity).toBe(5);
    const over = await call('PUT', `/api/shop/rest/v2/carts/${cart.cartName}/items/${itemKey}/6`, 'funkfix');
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED');
    expect((await getCart('funkfix', cart.cartName)).body.items[0]?.quantity).toBe(5);
  });

  it('refuses a product over its face value and a cart over the total face value', async () => {
    const perProduct = await addV2('funkfix', {
      items: [topup('funkfix-topup-any', { amount: 10000, quantity: 3 })],
    });
    expect(perProduct.body.code).toBe('CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED');

    const ranged = (productId: string, quantity: number, phoneNumber = FUNKFIX_NUMBER) =>
      topup(productId, { amount: 10000, quantity, phoneNumber });
    const full = await newCart('ladeplatz', [
      ranged('funkfix-topup-any', 2),
      ranged('blitzmobil-topup-any', 2, BLITZ_NUMBER),
      ranged('tarifwerk-topup-any', 1, TARIFWERK_NUMBER),
    ]);
    expect(full.summary).toMatchObject({ netAmount: 50000 });
    const over = await addV2('ladeplatz', { cartName: full.cartName, items: [topup('funkfix-topup-500')] });
    expect(over.body.code).toBe('CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED');

    const counted = await newCart('funkfix', [
      topup('funkfix-topup-2500', { quantity: 5 }),
      topup('funkfix-topup-2000', { quantity: 5 }),
    ]);
    const overCount = await addV2('funkfix', {
      cartName: counted.cartName,
      items: [topup('funkfix-topup-500')],
    });
    expect(overCount.body.code).toBe('CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED');
  });

  it('keeps the limit when 20 requests add to one cart at once', async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        addV2('funkfix', { cartName: cart.cartName, items: [topup('funkfix-topup-1000')] }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(4);
    expect(
      results.filter((result) => result.body.code === 'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED'),
    ).toHaveLength(16);
    expect((await getCart('funkfix', cart.cartName)).body.items[0]?.quantity).toBe(5);
  });

  it('ends 20 concurrent quantity updates in a consistent cart', async () => {
    const cart = await newCart('ladeplatz', [{ productId: 'pixelpass-voucher-1000' }]);
    const itemKey = cart.items[0]?.itemKey;
    const counts = Array.from({ length: 20 }, (_, index) => (index % 5) + 1);
    const results = await Promise.all(
      counts.map((count) =>
        call('PUT', `/api/shop/rest/v2/carts/${cart.cartName}/items/${itemKey}/${count}`, 'ladeplatz'),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const final = (await getCart('ladeplatz', cart.cartName)).body;
    const quantity = final.items[0]?.quantity ?? 0;
    expect(counts).toContain(quantity);
    expect(final.summary).toMatchObject({ netAmount: 1000 * quantity, itemServiceFee: 25 * quantity });
  });
});

describe('changing and reading a cart', () => {
  it('removes a line, and answers UNKNOWN_CART_ITEM for a line it does not have', async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000'), topup('funkfix-topup-2000')]);
    const removed = await call(
      'DELETE',
      `/api/shop/rest/v2/carts/${cart.cartName}/items/${cart.items[0]?.itemKey}`,
      'funkfix',
    );
    expect(removed.body.items.map((item) => item.productId)).toEqual(['funkfix-topup-2000']);
    const missing = await call('DELETE', `/api/shop/rest/v2/carts/${cart.cartName}/items/nothere`, 'funkfix');
    expect([missing.status, missing.body.code]).toEqual([404, 'UNKNOWN_CART_ITEM']);
  });

  it("answers UNKNOWN_CART for an unknown cart and for another tenant's cart", async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    for (const [tenant, name] of [
      ['blitzmobil', cart.cartName],
      ['funkfix', 'A'.repeat(24)],
    ] as const) {
      const response = await getCart(tenant, name);
      expect([response.status, response.body.code]).toEqual([404, 'UNKNOWN_CART']);
    }
    const foreign = await addV2('blitzmobil', {
      cartName: cart.cartName,
      items: [{ productId: 'blitzmobil-topup-1000', phoneNumber: BLITZ_NUMBER }],
    });
    expect(foreign.body.code).toBe('UNKNOWN_CART');
  });

  it('adds the service fees of the tenant', async () => {
    const blitz = await newCart('blitzmobil', [
      { productId: 'blitzmobil-topup-1000', phoneNumber: BLITZ_NUMBER },
    ]);
    expect(blitz.summary).toMatchObject({
      cartServiceFee: 49,
      itemServiceFee: 0,
      totalServiceFee: 49,
      grossAmount: 1049,
      totalPrice: 1049,
    });
    const lade = await newCart('ladeplatz', [{ productId: 'pixelpass-voucher-2000', quantity: 2 }]);
    expect(lade.summary).toMatchObject({ itemServiceFee: 50, netAmount: 4000, totalPrice: 4050 });
    expect(lade.items[0]?.grossAmount).toBe(4050);
  });

  it('expires idle carts and the cleanup deletes them', async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    const later = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const funkfix = tenants().byId('funkfix');
    if (!funkfix) throw new Error('funkfix');
    await expect(
      detailedCart({ db: api.database.db, tenant: funkfix, now: later }, cart.cartName),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_CART',
    });
    expect(await deleteExpiredCarts(api.database.db, later)).toBeGreaterThan(0);
    expect((await getCart('funkfix', cart.cartName)).body.code).toBe('UNKNOWN_CART');
  });
});

describe('promo codes', () => {
  const blitzItem = { productId: 'blitzmobil-topup-2500', phoneNumber: BLITZ_NUMBER };

  it('applies a percentage code and removes it again', async () => {
    const cart = await newCart('blitzmobil', [blitzItem]);
    const applied = await call('POST', '/api/shop/rest/addVouchers', 'blitzmobil', {
      cartName: cart.cartName,
      voucherCodes: ['blitz10'],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.voucherCodes).toEqual(['BLITZ10']);
    expect(applied.body.summary).toMatchObject({
      voucherDiscounts: [{ code: 'BLITZ10', amount: 250 }],
      cartDiscountAmount: 250,
      totalPrice: 2500 + 49 - 250,
    });
    const removed = await call('POST', '/api/shop/rest/removeVouchers', 'blitzmobil', {
      cartName: cart.cartName,
      voucherCodes: ['BLITZ10'],
    });
    expect(removed.body.summary).toMatchObject({ cartDiscountAmount: 0, totalPrice: 2549 });
  });

  it.each([
    ['blitzmobil', 'BLITZOLD', 'an expired code'],
    ['blitzmobil', 'NOPE', 'an unknown code'],
    ['funkfix', 'BLITZ10', 'a shop without promo codes'],
  ])('refuses on %s code %s (%s) with VOUCHER_TOKEN_INVALID', async (tenant, code) => {
    const item = tenant === 'funkfix' ? topup('funkfix-topup-1000') : blitzItem;
    const cart = await newCart(tenant, [item]);
    const refused = await call('POST', '/api/shop/rest/addVouchers', tenant, {
      cartName: cart.cartName,
      voucherCodes: [code],
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'VOUCHER_TOKEN_INVALID']);
    expect((await getCart(tenant, cart.cartName)).body).toEqual(cart);
  });

  it('takes one code per cart and checks the minimum order', async () => {
    const cart = await newCart('blitzmobil', [
      { productId: 'blitzmobil-topup-1000', phoneNumber: BLITZ_NUMBER },
    ]);
    const belowMinimum = await call('POST', '/api/shop/rest/addVouchers', 'blitzmobil', {
      cartName: cart.cartName,
      voucherCodes: ['BLITZ5'],
    });
    expect(belowMinimum.body.code).toBe('VOUCHER_TOKEN_INVALID');
    await call('POST', '/api/shop/rest/addVouchers', 'blitzmobil', {
      cartName: cart.cartName,
      voucherCodes: ['BLITZ10'],
    });
    const second = await call('POST', '/api/shop/rest/addVouchers', 'blitzmobil', {
      cartName: cart.cartName,
      voucherCodes: ['BLITZ5'],
    });
    expect(second.body.code).toBe('VOUCHER_TOKEN_INVALID');
  });
});

describe('bad input to every cart call', () => {
  let cartName: string;
  let itemKey: string;
  beforeAll(async () => {
    const cart = await newCart('funkfix', [topup('funkfix-topup-1000')]);
    cartName = cart.cartName;
    itemKey = cart.items[0]?.itemKey ?? '';
  });

  it.each([
    ['POST', '/api/shop/rest/addToCart', { items: [{ productId: 15 }] }, 400, 'VALIDATION_FAILED'],
    [
      'POST',
      '/api/shop/rest/addToCart',
      { items: [topup('funkfix-topup-1000')], extra: true },
      400,
      'VALIDATION_FAILED',
    ],
    ['POST', '/api/shop/createCart', { phoneNumber: 4917012345678 }, 400, 'VALIDATION_FAILED'],
    ['POST', '/api/shop/createCart', '[1, 2', 400, 'VALIDATION_FAILED'],
    ['POST', '/api/shop/rest/v2/addToCart', { items: 'all of them' }, 400, 'VALIDATION_FAILED'],
    ['GET', '/api/shop/rest/v2/carts/short', undefined, 400, 'VALIDATION_FAILED'],
    [
      'GET',
      '/api/shop/rest/v2/carts/%27%3B%20drop%20table%20carts%3B--x',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    ['PUT', 'items/KEY/-1', undefined, 400, 'VALIDATION_FAILED'],
    ['PUT', 'items/KEY/1000', undefined, 400, 'VALIDATION_FAILED'],
    ['PUT', 'items/KEY/two', undefined, 400, 'VALIDATION_FAILED'],
    ['PUT', 'items/KEY/1.5', undefined, 400, 'VALIDATION_FAILED'],
    ['DELETE', 'items/nothere', undefined, 404, 'UNKNOWN_CART_ITEM'],
    ['POST', '/api/shop/rest/addVouchers', { voucherCodes: ['X'] }, 400, 'VALIDATION_FAILED'],
    ['POST', '/api/shop/rest/addVouchers', { cartName: 'CART', voucherCodes: [] }, 400, 'VALIDATION_FAILED'],
    [
      'POST',
      '/api/shop/rest/removeVouchers',
      { cartName: 'CART', voucherCodes: 'X' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'POST',
      '/api/shop/rest/removeVouchers',
      { cartName: 'B'.repeat(24), voucherCodes: ['X'] },
      404,
      'UNKNOWN_CART',
    ],
  ])('%s %s answers %i %s and leaves the cart alone', async (method, path, body, status, code) => {
    const before = (await getCart('funkfix', cartName)).body;
    const target = path.startsWith('items/')
      ? `/api/shop/rest/v2/carts/${cartName}/${path.replace('KEY', itemKey)}`
      : path;
    const payload =
      body && typeof body === 'object' && 'cartName' in body && body.cartName === 'CART'
        ? { ...body, cartName }
        : body;
    const response = await call(method, target, 'funkfix', payload);
    expect([response.status, response.body.code]).toEqual([status, code]);
    expect((await getCart('funkfix', cartName)).body).toEqual(before);
  });
});
