import { describe, expect, it } from 'vitest';
import type { Currency } from './money';
import { redemptionMessageKey, voucherCurrency } from './voucher';

describe('voucherCurrency (spec §5)', () => {
  it.each<[string, Currency, Currency]>([
    ['00881234567890', 'EUR', 'USD'],
    ['00881234567890', 'GBP', 'USD'],
    ['  0088123456 ', 'GBP', 'USD'],
    ['00991234567890', 'GBP', 'EUR'],
    ['00991234567890', 'USD', 'EUR'],
    ['\t0099123456', 'GBP', 'EUR'],
    ['12345678', 'GBP', 'GBP'],
    ['12345678', 'EUR', 'EUR'],
    ['0089123456', 'GBP', 'GBP'],
    ['1234008812', 'GBP', 'GBP'],
    ['0-088123456', 'GBP', 'GBP'],
    ['008', 'GBP', 'GBP'],
    ['', 'EUR', 'EUR'],
  ])('answers for %j in a %s shop %s', (code, tenantCurrency, expected) => {
    expect(voucherCurrency(code, tenantCurrency)).toBe(expected);
  });
});

describe('redemptionMessageKey', () => {
  it('tells how a brand is redeemed, and gives general advice for a brand it does not know', () => {
    expect(redemptionMessageKey('pixelpass')).toBe('redeemVoucherGaming');
    expect(redemptionMessageKey('kinogold')).toBe('redeemVoucherCinema');
    expect(redemptionMessageKey('fernruf')).toBe('redeemVoucherCalling');
    expect(redemptionMessageKey('a-new-brand')).toBe('redeemVoucherGeneric');
  });
});
