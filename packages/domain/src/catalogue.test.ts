import { describe, expect, it } from 'vitest';
import {
  isAmountInRange,
  isBoughtInQuantity,
  isKindOnSale,
  isPurchasable,
  isSetupKind,
  PRODUCT_KINDS,
  PRODUCT_STATUSES,
  PRODUCT_VARIANTS,
  type PriceRange,
  type ProductStatus,
} from './catalogue';

describe('catalogue values (spec §3)', () => {
  it('lists the kinds, states and variants of a product', () => {
    expect(PRODUCT_KINDS).toEqual(['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER']);
    expect(PRODUCT_STATUSES).toEqual(['ACTIVE', 'INACTIVE', 'OUT_OF_STOCK', 'COMING_SOON']);
    expect(PRODUCT_VARIANTS).toEqual(['NORMAL', 'LIGHT']);
  });
});

describe('the kinds on sale (decisions 0017, 0040, 0041)', () => {
  it('sells every kind, now that automatic and SMS top-ups run', () => {
    expect(PRODUCT_KINDS.filter(isKindOnSale)).toEqual([
      'ONCE_OFF',
      'AUTOMATIC',
      'CASH_CODE',
      'SMS',
      'VOUCHER',
    ]);
    expect(PRODUCT_KINDS.filter(isSetupKind)).toEqual(['AUTOMATIC', 'SMS']);
  });
});

describe('isPurchasable', () => {
  it.each<[ProductStatus, boolean]>([
    ['ACTIVE', true],
    ['INACTIVE', false],
    ['OUT_OF_STOCK', false],
    ['COMING_SOON', false],
  ])('answers %s with %s', (status, expected) => {
    expect(isPurchasable(status)).toBe(expected);
  });
});

describe('isAmountInRange', () => {
  const range: PriceRange = { min: 500, max: 5000, step: 500 };

  it.each<[number, PriceRange, boolean]>([
    [500, range, true],
    [1500, range, true],
    [5000, range, true],
    [0, range, false],
    [499, range, false],
    [1499, range, false],
    [5500, range, false],
    [5001, range, false],
    [1500.5, range, false],
    [Number.NaN, range, false],
    [1500, { min: 500, max: 5000, step: 1 }, true],
    [1234, { min: 1000, max: 2000, step: 1 }, true],
    [1200, { min: 1000, max: 2000, step: 100 }, true],
    [1250, { min: 1000, max: 2000, step: 100 }, false],
    [1300, { min: 1100, max: 2000, step: 200 }, true],
    [1200, { min: 1100, max: 2000, step: 200 }, false],
    [1500, { min: 1500, max: 1500, step: 100 }, true],
    [1500, { min: 2000, max: 1000, step: 100 }, false],
    [1500, { min: 500, max: 5000, step: 0 }, false],
    [1500, { min: 500, max: 5000, step: -500 }, false],
    [1500, { min: 500, max: 5000, step: 2.5 }, false],
    [1500, { min: 500.5, max: 5000, step: 500 }, false],
    [1500, { min: 500, max: Number.POSITIVE_INFINITY, step: 500 }, false],
  ])('answers %d in %j with %s', (amount, priceRange, expected) => {
    expect(isAmountInRange(amount, priceRange)).toBe(expected);
  });
});

describe('isBoughtInQuantity', () => {
  it('lets a shopper choose how many vouchers, never how many top-ups of one number', () => {
    expect(isBoughtInQuantity('VOUCHER')).toBe(true);
    for (const kind of ['ONCE_OFF', 'CASH_CODE', 'AUTOMATIC', 'SMS'])
      expect(isBoughtInQuantity(kind)).toBe(false);
  });
});
