import { describe, expect, it } from 'vitest';
import {
  afterWrongPin,
  isValidSmsPin,
  parseSmsAmount,
  parseSmsTopup,
  SMS_PIN_MAX_FAILURES,
  SMS_TOPUP_KEYWORDS,
  smsAmountRange,
  smsTopupKeywords,
} from './sms-topup';

const dutch = smsTopupKeywords(['nl', 'en']);

describe('reading an SMS top-up', () => {
  it('reads the example text', () => {
    expect(parseSmsTopup('KOOP 15 1234', dutch)).toEqual({ ok: true, amount: 1500, pin: '1234' });
  });

  it('does not mind case, extra spaces or a line break', () => {
    expect(parseSmsTopup('  koop   15\n1234 ', dutch)).toEqual({ ok: true, amount: 1500, pin: '1234' });
  });

  it('reads cents with a comma or a point, and a currency sign', () => {
    expect(parseSmsTopup('KOOP 7,50 1234', dutch)).toMatchObject({ amount: 750 });
    expect(parseSmsTopup('KOOP 7.5 1234', dutch)).toMatchObject({ amount: 750 });
    expect(parseSmsTopup('KOOP €20 1234', dutch)).toMatchObject({ amount: 2000 });
    expect(parseSmsTopup('KOOP 20EUR 1234', dutch)).toMatchObject({ amount: 2000 });
  });

  it('takes PINs of 4 to 6 digits and keeps leading zeros', () => {
    expect(parseSmsTopup('KOOP 15 0042', dutch)).toMatchObject({ pin: '0042' });
    expect(parseSmsTopup('KOOP 15 123456', dutch)).toMatchObject({ pin: '123456' });
    expect(parseSmsTopup('KOOP 15 123', dutch)).toEqual({ ok: false, reason: 'NOT_UNDERSTOOD' });
    expect(parseSmsTopup('KOOP 15 1234567', dutch)).toEqual({ ok: false, reason: 'NOT_UNDERSTOOD' });
    expect(parseSmsTopup('KOOP 15 12a4', dutch)).toEqual({ ok: false, reason: 'NOT_UNDERSTOOD' });
  });

  it('understands the keywords of each of the shop’s languages, and only those', () => {
    expect(parseSmsTopup('BUY 10 1234', dutch)).toMatchObject({ ok: true, amount: 1000 });
    expect(parseSmsTopup('opwaarderen 10 1234', dutch)).toMatchObject({ ok: true });
    expect(parseSmsTopup('KAUF 10 1234', dutch)).toEqual({ ok: false, reason: 'NOT_UNDERSTOOD' });
    expect(parseSmsTopup('KAUF 10 1234', smsTopupKeywords(['de']))).toMatchObject({ ok: true });
  });

  it('reads accented keywords without their accents', () => {
    expect(parseSmsTopup('Reîncarcă 10 1234', smsTopupKeywords(['ro']))).toMatchObject({ ok: true });
    expect(parseSmsTopup('doładuj 10 1234', smsTopupKeywords(['pl']))).toEqual({
      ok: false,
      reason: 'NOT_UNDERSTOOD',
    });
    expect(parseSmsTopup('DOLADUJ 10 1234', smsTopupKeywords(['pl']))).toMatchObject({ ok: true });
  });

  it('says when only the amount cannot be read', () => {
    for (const amount of ['0', '0,00', 'fifteen', '15,505', '12345', '-5']) {
      expect(parseSmsTopup(`KOOP ${amount} 1234`, dutch)).toEqual({ ok: false, reason: 'AMOUNT' });
    }
  });

  it('does not understand anything else', () => {
    for (const text of ['', 'KOOP', 'KOOP 15', 'HELLO 15 1234', 'KOOP 15 1234 extra', '15 1234 KOOP', '🙂']) {
      expect(parseSmsTopup(text, dutch)).toEqual({ ok: false, reason: 'NOT_UNDERSTOOD' });
    }
  });

  it('has keywords for every language, none of them with spaces or accents', () => {
    for (const words of Object.values(SMS_TOPUP_KEYWORDS)) {
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) expect(word).toMatch(/^[A-Z]+$/);
    }
  });

  it('lists a keyword once when two languages share it', () => {
    expect(smsTopupKeywords(['es', 'it']).filter((word) => word === 'COMPRA')).toHaveLength(1);
  });
});

describe('amounts', () => {
  it('are whole minor units', () => {
    expect(parseSmsAmount('15')).toBe(1500);
    expect(parseSmsAmount('0,01')).toBe(1);
    expect(parseSmsAmount('9999,99')).toBe(999_999);
    expect(parseSmsAmount('£5')).toBe(500);
  });
});

describe('the consent PIN', () => {
  it('is 4 to 6 digits', () => {
    expect(['1234', '000000', '98765'].every(isValidSmsPin)).toBe(true);
    expect(['123', '1234567', 'abcd', '12 34', ''].some(isValidSmsPin)).toBe(false);
  });

  it('locks after five wrong tries in a row', () => {
    let failures = 0;
    const seen: boolean[] = [];
    for (let i = 0; i < SMS_PIN_MAX_FAILURES; i += 1) {
      const next = afterWrongPin(failures);
      failures = next.failures;
      seen.push(next.locked);
    }
    expect(seen).toEqual([false, false, false, false, true]);
    expect(afterWrongPin(0).triesLeft).toBe(4);
    expect(afterWrongPin(4).triesLeft).toBe(0);
  });
});

describe('the amounts an SMS may ask for', () => {
  it('are the product’s, capped by the shop’s cart limits', () => {
    const range = { min: 500, max: 15_000, step: 100 };
    expect(smsAmountRange(range, {})).toEqual(range);
    expect(smsAmountRange(range, { perProductFaceValue: 10_000 })).toEqual({ ...range, max: 10_000 });
    expect(smsAmountRange(range, { perProductFaceValue: 10_000, totalFaceValue: 5_000 })).toEqual({
      ...range,
      max: 5_000,
    });
  });
});
