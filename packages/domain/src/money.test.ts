import { describe, expect, it } from 'vitest';
import { CURRENCIES, formatDate, formatMoney } from './money';

/** Intl separates amount and symbol with a no-break space. */
const nbsp = '\u00a0';

describe('formatMoney (spec §9)', () => {
  it.each([
    [1500, 'EUR', 'de', `15${nbsp}€`],
    [1500, 'EUR', 'en', '€15'],
    [1550, 'EUR', 'de', `15,50${nbsp}€`],
    [1550, 'EUR', 'en', '€15.50'],
    [5, 'EUR', 'de', `0,05${nbsp}€`],
    [0, 'EUR', 'de', `0${nbsp}€`],
    [-0, 'EUR', 'de', `0${nbsp}€`],
    [-1500, 'EUR', 'de', `-15${nbsp}€`],
    [123450, 'EUR', 'de', `1.234,50${nbsp}€`],
    [1500, 'GBP', 'en', '£15'],
    [1999, 'GBP', 'en', '£19.99'],
    [1500, 'USD', 'en', '$15'],
    [1510, 'USD', 'de', `15,10${nbsp}$`],
  ])('formats %i %s in %s as %j', (amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });

  it('uses the decimals of a currency without minor units', () => {
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it.each([15.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'throws a RangeError for %d minor units',
    (amount) => {
      expect(() => formatMoney(amount, 'EUR', 'de')).toThrow(RangeError);
    },
  );

  it('throws a RangeError for an unknown currency code', () => {
    expect(() => formatMoney(1500, 'EURO', 'de')).toThrow(RangeError);
  });

  it('lists the three shop currencies', () => {
    expect(CURRENCIES).toEqual(['EUR', 'GBP', 'USD']);
  });
});

describe('formatDate', () => {
  const fifthOfMarch = new Date(2026, 2, 5, 23, 59);

  it.each(['de', 'en', 'nl'])('writes dd.mm.yyyy for a European-format tenant in %s', (locale) => {
    expect(formatDate(fifthOfMarch, locale, true)).toBe('05.03.2026');
  });

  it('pads days, months and years', () => {
    expect(formatDate(new Date(2026, 11, 31), 'de', true)).toBe('31.12.2026');
    const yearNine = new Date(2026, 0, 1);
    yearNine.setFullYear(9);
    expect(formatDate(yearNine, 'de', true)).toBe('01.01.0009');
  });

  it.each([
    ['en', '03/05/2026'],
    ['en-GB', '05/03/2026'],
    ['de', '05.03.2026'],
    ['nl', '05-03-2026'],
    ['fr', '05/03/2026'],
  ])('otherwise writes the numeric date of %s', (locale, expected) => {
    expect(formatDate(fifthOfMarch, locale, false)).toBe(expected);
  });
});
