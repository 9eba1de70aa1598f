import { describe, expect, it } from 'vitest';
import { callingCode, formatMsisdn, parseMsisdn } from './phone';
import { withLeadingPlus, withoutLeadingPlus } from './phone-prefix';

describe('withLeadingPlus (spec §5)', () => {
  it.each([
    ['4917012345678', '+4917012345678'],
    ['+4917012345678', '+4917012345678'],
    ['004917012345678', '+4917012345678'],
    ['  4917012345678 ', '+4917012345678'],
    [' +4917012345678', '+4917012345678'],
    ['', ''],
    ['   ', ''],
  ])('turns %j into %j', (phone, expected) => {
    expect(withLeadingPlus(phone)).toBe(expected);
  });
});

describe('withoutLeadingPlus (spec §5)', () => {
  it.each([
    ['+4917012345678', '4917012345678'],
    ['4917012345678', '4917012345678'],
    [' +4917012345678 ', '4917012345678'],
    ['', ''],
  ])('turns %j into %j', (phone, expected) => {
    expect(withoutLeadingPlus(phone)).toBe(expected);
  });
});

describe('parseMsisdn', () => {
  const germanMobile = {
    ok: true,
    msisdn: '+491701234567',
    country: 'de',
    national: '0170 1234567',
    international: '+49 170 1234567',
  };

  it.each([
    '0170 1234567',
    '01701234567',
    '0170/123-45-67',
    '(0170) 1234567',
    '+49 170 1234567',
    '+491701234567',
    '0049 170 1234567',
    '491701234567',
    ' 1701234567 ',
  ])('reads %j as a German mobile number', (input) => {
    expect(parseMsisdn(input, ['de'])).toEqual(germanMobile);
  });

  it('takes the first allowed country as the region of a national number', () => {
    expect(parseMsisdn('0664 1234567', ['at', 'de'])).toEqual({
      ok: true,
      msisdn: '+436641234567',
      country: 'at',
      national: '0664 1234567',
      international: '+43 664 1234567',
    });
    expect(parseMsisdn('0170 1234567', ['de', 'at'])).toMatchObject({ ok: true, country: 'de' });
  });

  it.each([
    ['+33 6 12 34 56 78', ['fr'], '+33612345678', 'fr', '06 12 34 56 78'],
    ['06 12345678', ['nl'], '+31612345678', 'nl', '06 12345678'],
    ['0470 12 34 56', ['be'], '+32470123456', 'be', '0470 12 34 56'],
    ['07400 123456', ['gb'], '+447400123456', 'gb', '07400 123456'],
    ['+44 7400 123456', ['GB'], '+447400123456', 'gb', '07400 123456'],
    ['030 123456', ['de'], '+4930123456', 'de', '030 123456'],
  ] as const)('reads %j for %j as %s', (input, allowed, msisdn, country, national) => {
    expect(parseMsisdn(input, allowed)).toMatchObject({ ok: true, msisdn, country, national });
  });

  it('reads digits without a prefix as international before national', () => {
    // As a German national number this would be 0491 7012345678, which is valid too.
    expect(parseMsisdn('4917012345678', ['de'])).toMatchObject({ ok: true, msisdn: '+4917012345678' });
  });

  it('falls back to the national reading when the international one is in no allowed country', () => {
    // +43 664 1234567 is Austrian; as a German national number it is 04366 41234567.
    expect(parseMsisdn('436641234567', ['de'])).toMatchObject({
      ok: true,
      country: 'de',
      msisdn: '+49436641234567',
    });
    expect(parseMsisdn('436641234567', ['at'])).toMatchObject({
      ok: true,
      country: 'at',
      msisdn: '+436641234567',
    });
  });

  it.each([
    ['+43 664 1234567', ['de']],
    ['0043 664 1234567', ['de', 'fr']],
    ['+1 202 555 0123', ['de', 'gb']],
    ['07911 123456', ['gb']],
    ['+800 1234 5678', ['de']],
    ['+49 170 1234567', []],
    ['+49 170 1234567', ['xx']],
  ] as const)('refuses %j for %j as a country not allowed', (input, allowed) => {
    expect(parseMsisdn(input, allowed)).toEqual({ ok: false, reason: 'COUNTRY_NOT_ALLOWED' });
  });

  it.each([
    ['', ['de']],
    ['   ', ['de']],
    ['0170', ['de']],
    ['+491', ['de']],
    ['07700 900123', ['gb']],
    ['call 0170 1234567', ['de']],
    ['0170 1234567 ext. 5', ['de']],
    ['49+1701234567', ['de']],
    ['++491701234567', ['de']],
    ['0170 1234567', []],
    ['0170 1234567', ['xx']],
  ] as const)('refuses %j for %j as invalid', (input, allowed) => {
    expect(parseMsisdn(input, allowed)).toEqual({ ok: false, reason: 'INVALID' });
  });
});

describe('callingCode', () => {
  it('answers the calling code of each tenant country', () => {
    expect(['de', 'at', 'fr', 'nl', 'be', 'gb'].map(callingCode)).toEqual([
      '+49',
      '+43',
      '+33',
      '+31',
      '+32',
      '+44',
    ]);
  });
  it('refuses an unknown country', () => {
    expect(() => callingCode('xx')).toThrow(RangeError);
  });
});

describe('formatMsisdn', () => {
  it.each([
    ['+491701234567', '+49 170 1234567'],
    ['491701234567', '+49 170 1234567'],
    ['+31612345678', '+31 6 12345678'],
    ['+447700900123', '+44 7700 900123'],
    ['not a number', 'not a number'],
  ])('writes %s as %s', (stored, shown) => {
    expect(formatMsisdn(stored)).toBe(shown);
  });
});
