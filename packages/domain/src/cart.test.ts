import { describe, expect, it } from 'vitest';
import {
  type CartLimits,
  type CartLine,
  type CartSummary,
  chargesServiceFees,
  checkCartLimits,
  evaluatePromo,
  isValidQuantity,
  type LimitCode,
  MAX_ITEM_QUANTITY,
  type PromoCode,
  type PromoContext,
  type PromoRefusal,
  priceAlone,
  priceCart,
  promoDiscount,
} from './cart';

const line = (productId: string, faceValue: number, quantity: number, serviceFee = 0): CartLine => ({
  itemKey: `${productId}-${faceValue}-${quantity}`,
  productId,
  faceValue,
  quantity,
  serviceFee,
});

const percent = (code: string, value: number, extra: Partial<PromoCode> = {}): PromoCode => ({
  code,
  kind: 'PERCENT',
  value,
  timesUsed: 0,
  ...extra,
});

const fixed = (code: string, value: number, extra: Partial<PromoCode> = {}): PromoCode => ({
  code,
  kind: 'FIXED',
  value,
  timesUsed: 0,
  ...extra,
});

describe('isValidQuantity', () => {
  it('allows at most 99 units per line', () => {
    expect(MAX_ITEM_QUANTITY).toBe(99);
  });

  it.each<[number, boolean]>([
    [1, true],
    [2, true],
    [98, true],
    [99, true],
    [0, false],
    [-1, false],
    [100, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d is valid: %s', (n, expected) => {
    expect(isValidQuantity(n)).toBe(expected);
  });
});

describe('promoDiscount', () => {
  it.each<[string, PromoCode, number, number]>([
    ['10 % of 1000', percent('P', 1000), 1000, 100],
    ['10 % of 1005 (100.5 rounds up)', percent('P', 1000), 1005, 101],
    ['10 % of 1004 (100.4 rounds down)', percent('P', 1000), 1004, 100],
    ['10 % of 1015 (101.5 rounds up)', percent('P', 1000), 1015, 102],
    ['10 % of 1025 (102.5 rounds up)', percent('P', 1000), 1025, 103],
    ['10 % of 5 (0.5 rounds up)', percent('P', 1000), 5, 1],
    ['10 % of 4 (0.4 rounds down)', percent('P', 1000), 4, 0],
    ['33.33 % of 999 (332.9667)', percent('P', 3333), 999, 333],
    ['33.33 % of 1500 (499.95)', percent('P', 3333), 1500, 500],
    ['0.01 % of 5000 (0.5 rounds up)', percent('P', 1), 5000, 1],
    ['0.01 % of 4999 (0.4999 rounds down)', percent('P', 1), 4999, 0],
    ['12.5 % of 1004 (125.5 rounds up)', percent('P', 1250), 1004, 126],
    ['100 % of 1234', percent('P', 10_000), 1234, 1234],
    ['150 % is capped at net', percent('P', 15_000), 1000, 1000],
    ['0 %', percent('P', 0), 1000, 0],
    ['percent of a zero net', percent('P', 1000), 0, 0],
    ['fixed 500 of 1000', fixed('F', 500), 1000, 500],
    ['fixed equal to net', fixed('F', 1000), 1000, 1000],
    ['fixed above net is capped', fixed('F', 1500), 1000, 1000],
    ['fixed on a zero net', fixed('F', 500), 0, 0],
    ['negative fixed is never negative', fixed('F', -100), 1000, 0],
    ['negative percent is never negative', percent('P', -1000), 1000, 0],
  ])('%s', (_name, promo, netAmount, expected) => {
    expect(promoDiscount(promo, netAmount)).toBe(expected);
  });
});

describe('priceCart', () => {
  const summary = (partial: Partial<CartSummary>): CartSummary => ({
    currency: 'EUR',
    voucherDiscounts: [],
    itemServiceFee: 0,
    cartServiceFee: 0,
    totalServiceFee: 0,
    cartDiscountAmount: 0,
    netAmount: 0,
    grossAmount: 0,
    totalPrice: 0,
    ...partial,
  });

  it.each<[string, CartLine[], number, PromoCode[], CartSummary]>([
    ['an empty cart pays no cart fee', [], 99, [], summary({})],
    [
      'an empty cart with a promo discounts nothing',
      [],
      0,
      [fixed('F', 500)],
      summary({
        voucherDiscounts: [{ code: 'F', amount: 0 }],
      }),
    ],
    [
      'one line, no fees',
      [line('a', 1500, 1)],
      0,
      [],
      summary({ netAmount: 1500, grossAmount: 1500, totalPrice: 1500 }),
    ],
    [
      'fee per item times quantity plus cart fee',
      [line('a', 1500, 3, 50)],
      99,
      [],
      summary({
        netAmount: 4500,
        itemServiceFee: 150,
        cartServiceFee: 99,
        totalServiceFee: 249,
        grossAmount: 4749,
        totalPrice: 4749,
      }),
    ],
    [
      'a cart of set-ups only, which costs nothing now: no cart fee either',
      [line('a', 0, 1, 0)],
      49,
      [],
      summary({
        netAmount: 0,
        itemServiceFee: 0,
        cartServiceFee: 0,
        totalServiceFee: 0,
        grossAmount: 0,
        totalPrice: 0,
      }),
    ],
    [
      'mixed quantities and fees',
      [line('a', 1500, 2, 25), line('b', 2000, 1, 0), line('c', 500, 5, 10)],
      100,
      [],
      summary({
        netAmount: 7500,
        itemServiceFee: 100,
        cartServiceFee: 100,
        totalServiceFee: 200,
        grossAmount: 7700,
        totalPrice: 7700,
      }),
    ],
    [
      'percent discount on net, not on fees',
      [line('a', 1005, 1, 30)],
      20,
      [percent('TEN', 1000)],
      summary({
        voucherDiscounts: [{ code: 'TEN', amount: 101 }],
        netAmount: 1005,
        itemServiceFee: 30,
        cartServiceFee: 20,
        totalServiceFee: 50,
        grossAmount: 1055,
        cartDiscountAmount: 101,
        totalPrice: 954,
      }),
    ],
    [
      'fixed discount',
      [line('a', 1000, 2, 0)],
      50,
      [fixed('FIVE', 500)],
      summary({
        voucherDiscounts: [{ code: 'FIVE', amount: 500 }],
        netAmount: 2000,
        cartServiceFee: 50,
        totalServiceFee: 50,
        grossAmount: 2050,
        cartDiscountAmount: 500,
        totalPrice: 1550,
      }),
    ],
    [
      'fixed discount capped at net, fees still paid',
      [line('a', 1000, 1, 40)],
      60,
      [fixed('BIG', 5000)],
      summary({
        voucherDiscounts: [{ code: 'BIG', amount: 1000 }],
        netAmount: 1000,
        itemServiceFee: 40,
        cartServiceFee: 60,
        totalServiceFee: 100,
        grossAmount: 1100,
        cartDiscountAmount: 1000,
        totalPrice: 100,
      }),
    ],
    [
      'two codes: the second applies to what the first left',
      [line('a', 1000, 2, 0)],
      0,
      [fixed('FIVE', 500), percent('TEN', 1000)],
      summary({
        voucherDiscounts: [
          { code: 'FIVE', amount: 500 },
          { code: 'TEN', amount: 150 },
        ],
        netAmount: 2000,
        grossAmount: 2000,
        cartDiscountAmount: 650,
        totalPrice: 1350,
      }),
    ],
    [
      'two codes in the other order',
      [line('a', 1000, 2, 0)],
      0,
      [percent('TEN', 1000), fixed('FIVE', 500)],
      summary({
        voucherDiscounts: [
          { code: 'TEN', amount: 200 },
          { code: 'FIVE', amount: 500 },
        ],
        netAmount: 2000,
        grossAmount: 2000,
        cartDiscountAmount: 700,
        totalPrice: 1300,
      }),
    ],
    [
      'two codes never discount more than net',
      [line('a', 1000, 1, 10)],
      0,
      [fixed('A', 800), fixed('B', 800)],
      summary({
        voucherDiscounts: [
          { code: 'A', amount: 800 },
          { code: 'B', amount: 200 },
        ],
        netAmount: 1000,
        itemServiceFee: 10,
        totalServiceFee: 10,
        grossAmount: 1010,
        cartDiscountAmount: 1000,
        totalPrice: 10,
      }),
    ],
    [
      '33.33 % of 999',
      [line('a', 333, 3, 0)],
      0,
      [percent('THIRD', 3333)],
      summary({
        voucherDiscounts: [{ code: 'THIRD', amount: 333 }],
        netAmount: 999,
        grossAmount: 999,
        cartDiscountAmount: 333,
        totalPrice: 666,
      }),
    ],
  ])('%s', (_name, lines, cartServiceFee, promos, expected) => {
    expect(priceCart({ lines, currency: 'EUR', cartServiceFee, promos })).toEqual(expected);
  });

  it('passes the currency through', () => {
    expect(priceCart({ lines: [], currency: 'GBP', cartServiceFee: 0, promos: [] }).currency).toBe('GBP');
  });

  it('keeps every amount an integer', () => {
    const result = priceCart({
      lines: [line('a', 1999, 7, 33), line('b', 1, 99, 1)],
      currency: 'EUR',
      cartServiceFee: 49,
      promos: [percent('A', 1234), percent('B', 777), fixed('C', 3)],
    });
    for (const value of [
      result.netAmount,
      result.grossAmount,
      result.totalPrice,
      result.cartDiscountAmount,
      ...result.voucherDiscounts.map((d) => d.amount),
    ]) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(result.totalPrice).toBe(result.grossAmount - result.cartDiscountAmount);
  });
});

describe('checkCartLimits', () => {
  type Row = [string, CartLine[], CartLimits, LimitCode | undefined, string | undefined];

  it.each<Row>([
    ['no limits', [line('a', 100_000, 99)], {}, undefined, undefined],
    ['empty cart', [], { perProductCount: 0, totalCount: 0, totalFaceValue: 0 }, undefined, undefined],

    ['per-product count under', [line('a', 100, 4)], { perProductCount: 5 }, undefined, undefined],
    ['per-product count at', [line('a', 100, 5)], { perProductCount: 5 }, undefined, undefined],
    [
      'per-product count over',
      [line('a', 100, 6)],
      { perProductCount: 5 },
      'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED',
      'a',
    ],
    [
      'per-product count summed, at',
      [line('a', 100, 2), line('a', 200, 3)],
      { perProductCount: 5 },
      undefined,
      undefined,
    ],
    [
      'per-product count summed, over',
      [line('a', 100, 3), line('a', 200, 3)],
      { perProductCount: 5 },
      'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED',
      'a',
    ],
    [
      'per-product count, other products apart',
      [line('a', 100, 5), line('b', 100, 5)],
      { perProductCount: 5 },
      undefined,
      undefined,
    ],
    [
      'per-product count names the product',
      [line('a', 100, 5), line('b', 100, 6)],
      { perProductCount: 5 },
      'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED',
      'b',
    ],

    [
      'per-product face value under',
      [line('a', 1000, 4)],
      { perProductFaceValue: 5000 },
      undefined,
      undefined,
    ],
    ['per-product face value at', [line('a', 1000, 5)], { perProductFaceValue: 5000 }, undefined, undefined],
    [
      'per-product face value one over',
      [line('a', 5001, 1)],
      { perProductFaceValue: 5000 },
      'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED',
      'a',
    ],
    [
      'per-product face value summed, at',
      [line('a', 1000, 2), line('a', 1500, 2)],
      { perProductFaceValue: 5000 },
      undefined,
      undefined,
    ],
    [
      'per-product face value summed, one over',
      [line('a', 1000, 2), line('a', 1500, 2), line('a', 1, 1)],
      { perProductFaceValue: 5000 },
      'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED',
      'a',
    ],
    [
      'per-product face value, other products apart',
      [line('a', 5000, 1), line('b', 5000, 1)],
      { perProductFaceValue: 5000 },
      undefined,
      undefined,
    ],
    [
      'per-product face value names the product',
      [line('a', 5000, 1), line('b', 2501, 2)],
      { perProductFaceValue: 5000 },
      'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED',
      'b',
    ],

    ['total count under', [line('a', 100, 4), line('b', 100, 5)], { totalCount: 10 }, undefined, undefined],
    ['total count at', [line('a', 100, 5), line('b', 100, 5)], { totalCount: 10 }, undefined, undefined],
    [
      'total count over',
      [line('a', 100, 5), line('b', 100, 6)],
      { totalCount: 10 },
      'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED',
      undefined,
    ],

    [
      'total face value under',
      [line('a', 5000, 1), line('b', 4999, 1)],
      { totalFaceValue: 10_000 },
      undefined,
      undefined,
    ],
    [
      'total face value at',
      [line('a', 5000, 1), line('b', 2500, 2)],
      { totalFaceValue: 10_000 },
      undefined,
      undefined,
    ],
    [
      'total face value one over',
      [line('a', 5000, 1), line('b', 5001, 1)],
      { totalFaceValue: 10_000 },
      'CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED',
      undefined,
    ],

    [
      'zero limit refuses any unit',
      [line('a', 100, 1)],
      { totalCount: 0 },
      'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED',
      undefined,
    ],
  ])('%s', (_name, lines, limits, code, productId) => {
    const expected =
      code === undefined
        ? { ok: true }
        : productId === undefined
          ? { ok: false, code }
          : { ok: false, code, productId };
    expect(checkCartLimits(lines, limits)).toEqual(expected);
  });

  describe('check order: per-product count, per-product face value, total count, total face value', () => {
    const all: CartLimits = {
      perProductCount: 1,
      perProductFaceValue: 100,
      totalCount: 1,
      totalFaceValue: 100,
    };

    it.each<[string, CartLine[], CartLimits, LimitCode, string | undefined]>([
      ['all broken', [line('a', 200, 2)], all, 'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED', 'a'],
      [
        'per-product count of a later product before face value of an earlier one',
        [line('a', 200, 1), line('b', 10, 2)],
        all,
        'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED',
        'b',
      ],
      [
        'per-product face value before totals',
        [line('a', 200, 1), line('b', 200, 1)],
        all,
        'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED',
        'a',
      ],
      [
        'total count before total face value',
        [line('a', 100, 1), line('b', 100, 1)],
        all,
        'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED',
        undefined,
      ],
      [
        'total face value last',
        [line('a', 100, 1), line('b', 100, 1)],
        { ...all, totalCount: 2 },
        'CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED',
        undefined,
      ],
    ])('%s', (_name, lines, limits, code, productId) => {
      const result = checkCartLimits(lines, limits);
      expect(result).toEqual(productId === undefined ? { ok: false, code } : { ok: false, code, productId });
    });
  });
});

describe('evaluatePromo', () => {
  const from = new Date('2025-01-01T00:00:00.000Z');
  const until = new Date('2025-01-31T23:59:59.999Z');
  const ms = (date: Date, delta: number): Date => new Date(date.getTime() + delta);
  const context = (partial: Partial<PromoContext> = {}): PromoContext => ({
    netAmount: 2000,
    now: new Date('2025-01-15T12:00:00.000Z'),
    codesAlreadyApplied: [],
    allowMultipleCodes: false,
    ...partial,
  });
  const promo = percent('SAVE10', 1000, {
    validFrom: from,
    validUntil: until,
    minimumOrder: 1000,
    usageLimit: 5,
    timesUsed: 0,
  });

  it.each<[string, PromoCode | undefined, PromoContext, PromoRefusal | undefined]>([
    ['a valid promo', promo, context(), undefined],
    ['an unknown code', undefined, context(), 'UNKNOWN'],
    ['no dates, no limits', fixed('OPEN', 100), context({ now: new Date(0), netAmount: 0 }), undefined],

    ['exactly at validFrom', promo, context({ now: from }), undefined],
    ['a millisecond before validFrom', promo, context({ now: ms(from, -1) }), 'NOT_YET_VALID'],
    ['exactly at validUntil', promo, context({ now: until }), undefined],
    ['a millisecond after validUntil', promo, context({ now: ms(until, 1) }), 'EXPIRED'],

    ['usage under the limit', { ...promo, timesUsed: 4 }, context(), undefined],
    ['usage at the limit', { ...promo, timesUsed: 5 }, context(), 'USED_UP'],
    ['usage over the limit', { ...promo, timesUsed: 6 }, context(), 'USED_UP'],
    ['usage limit 0', { ...promo, usageLimit: 0 }, context(), 'USED_UP'],

    ['net at the minimum order', promo, context({ netAmount: 1000 }), undefined],
    ['net one below the minimum order', promo, context({ netAmount: 999 }), 'MINIMUM_ORDER_NOT_REACHED'],

    [
      'the same code again',
      promo,
      context({ codesAlreadyApplied: ['SAVE10'], allowMultipleCodes: true }),
      'ONE_CODE_PER_CART',
    ],
    [
      'a second code when one code per cart',
      promo,
      context({ codesAlreadyApplied: ['OTHER'] }),
      'ONE_CODE_PER_CART',
    ],
    [
      'a second code when several are allowed',
      promo,
      context({ codesAlreadyApplied: ['OTHER'], allowMultipleCodes: true }),
      undefined,
    ],

    ['order: unknown first', undefined, context({ codesAlreadyApplied: ['OTHER'] }), 'UNKNOWN'],
    [
      'order: one code per cart before dates',
      promo,
      context({ codesAlreadyApplied: ['OTHER'], now: ms(from, -1) }),
      'ONE_CODE_PER_CART',
    ],
    [
      'order: not yet valid before used up',
      { ...promo, timesUsed: 5 },
      context({ now: ms(from, -1) }),
      'NOT_YET_VALID',
    ],
    ['order: expired before used up', { ...promo, timesUsed: 5 }, context({ now: ms(until, 1) }), 'EXPIRED'],
    ['order: used up before minimum order', { ...promo, timesUsed: 5 }, context({ netAmount: 0 }), 'USED_UP'],
  ])('%s', (_name, candidate, ctx, reason) => {
    expect(evaluatePromo(candidate, ctx)).toEqual(
      reason === undefined ? { ok: true } : { ok: false, code: 'VOUCHER_TOKEN_INVALID', reason },
    );
  });
});

describe('priceAlone', () => {
  it('adds the item fee and the cart fee to one item, as the cart would charge it', () => {
    expect(priceAlone(1500, { perItem: 25, perCart: 49 }, 'EUR')).toMatchObject({
      netAmount: 1500,
      totalServiceFee: 74,
      totalPrice: 1574,
    });
    expect(priceAlone(1500, { perItem: 0, perCart: 0 }, 'EUR').totalPrice).toBe(1500);
  });

  it('says a tenant charges fees when either fee is above zero', () => {
    expect(chargesServiceFees({ perItem: 0, perCart: 0 })).toBe(false);
    expect(chargesServiceFees({ perItem: 25, perCart: 0 })).toBe(true);
    expect(chargesServiceFees({ perItem: 0, perCart: 49 })).toBe(true);
  });
});
