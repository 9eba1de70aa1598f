import { describe, expect, it } from 'vitest';
import { amountInput, formatAmount, parseAmount } from './money';

describe('parseAmount', () => {
  it('reads a decimal point or a decimal comma as minor units', () => {
    expect(parseAmount('5.00', 'EUR')).toBe(500);
    expect(parseAmount('5,00', 'EUR')).toBe(500);
    expect(parseAmount('5,5', 'EUR')).toBe(550);
    expect(parseAmount('5', 'EUR')).toBe(500);
    expect(parseAmount(' 12.34 ', 'GBP')).toBe(1234);
  });

  it('takes thousands grouped with the other separator', () => {
    expect(parseAmount('1,234.50', 'USD')).toBe(123_450);
    expect(parseAmount('1.234,50', 'EUR')).toBe(123_450);
    expect(parseAmount('1 234,50', 'EUR')).toBe(123_450);
  });

  it('refuses what it would have to guess', () => {
    expect(parseAmount('', 'EUR')).toBeUndefined();
    expect(parseAmount('5.001', 'EUR')).toBeUndefined();
    expect(parseAmount('1.234.56', 'EUR')).toBeUndefined();
    expect(parseAmount('-5', 'EUR')).toBeUndefined();
    expect(parseAmount('5 €', 'EUR')).toBeUndefined();
    expect(parseAmount('5.', 'EUR')).toBeUndefined();
    expect(parseAmount('abc', 'EUR')).toBeUndefined();
  });

  it('follows the currency’s decimals', () => {
    expect(parseAmount('500', 'JPY')).toBe(500);
    expect(parseAmount('5,00', 'JPY')).toBeUndefined();
  });

  it('reads zero as zero: whether it may be refunded is for the form to say', () => {
    expect(parseAmount('0,00', 'EUR')).toBe(0);
  });
});

describe('formatAmount', () => {
  it('shows minor units in the currency with its decimals', () => {
    expect(formatAmount(1500, 'EUR', 'en')).toBe('€15.00');
    expect(formatAmount(1234, 'GBP', 'en')).toBe('£12.34');
    expect(formatAmount(500, 'JPY', 'en')).toBe('¥500');
  });
});

describe('amountInput', () => {
  it('writes minor units as a field takes them back', () => {
    expect(amountInput(1500, 'EUR')).toBe('15.00');
    expect(parseAmount(amountInput(1999, 'EUR'), 'EUR')).toBe(1999);
  });
});
