import { LANGUAGES, type Language, parseSmsTopup, smsTopupKeywords } from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { baseTranslations, tenants } from '@shop/tenants';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import {
  changeDoneKey,
  paidWith,
  readSmsPin,
  smsTopupExample,
  smsTopupShortNumber,
  smsTopupStatus,
} from './sms-topup-display';

const translator = (language: Language) =>
  createTranslator({
    locale: language,
    messages: { common: baseTranslations[language].common },
    namespace: 'common',
  });

/** The instruction as the card writes it, its example and short number as plain text. */
function instruction(language: Language, shortNumber: string): string {
  const plain = (chunks: string) => chunks;
  return translator(language).markup('smsTopupHowTo', {
    example: smsTopupExample(language).text,
    shortNumber,
    kbd: plain,
    number: plain,
  });
}

describe('where SMS top-ups are offered', () => {
  const shop = (smsTopup: boolean, smsShortNumber?: string) => ({
    smsShortNumber,
    topup: { options: { allowedTypes: [], pauseAllowed: false, smsTopup }, lowBalanceLimit: null },
  });

  it('gives the short number of a shop that offers them, and none elsewhere', () => {
    expect(smsTopupShortNumber(shop(true, '4411'))).toBe('4411');
    expect(smsTopupShortNumber(shop(false, '4411'))).toBeUndefined();
    expect(smsTopupShortNumber(shop(true))).toBeUndefined();
  });

  it('is belwaarde alone among the demo shops', () => {
    const offering = tenants().all.filter((tenant) => smsTopupShortNumber(tenant) !== undefined);
    expect(offering.map((tenant) => tenant.shopId)).toEqual(['belwaarde']);
  });
});

describe('what to text', () => {
  it('starts with the first keyword of the page’s language, then 15 and the placeholder PIN', () => {
    expect(smsTopupExample('nl')).toEqual({
      text: 'KOOP 15 1234',
      keyword: 'KOOP',
      amount: '15',
      pin: '1234',
    });
    expect(smsTopupExample('en').text).toBe('BUY 15 1234');
    expect(smsTopupExample('de').text).toBe('KAUF 15 1234');
  });

  it('is a text the shop reads as a top-up of 15 with that PIN, in every language', () => {
    for (const language of LANGUAGES) {
      expect(parseSmsTopup(smsTopupExample(language).text, smsTopupKeywords([language])), language).toEqual({
        ok: true,
        amount: 1500,
        pin: '1234',
      });
    }
  });

  it('says where to send it, in every language', () => {
    expect(instruction('nl', '4411')).toBe('Stuur KOOP 15 1234 naar 4411');
    expect(instruction('en', '4411')).toBe('Send BUY 15 1234 to 4411');
    for (const language of LANGUAGES) {
      const said = instruction(language, '4411');
      expect(said, language).toContain(smsTopupExample(language).text);
      expect(said, language).toContain('4411');
    }
  });

  it('is the example of the explanation when no number is registered, in every language', () => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      const said = t.markup('smsTopupsEmptyHint', {
        example: smsTopupExample(language).text,
        shortNumber: '4411',
        bySms: t('topupType_SMS'),
        kbd: (chunks: string) => chunks,
      });
      expect(said, language).toContain(`${smsTopupExample(language).text}`);
      expect(said, language).toContain('4411');
      expect(said, language).toContain(t('topupType_SMS'));
    }
  });

  it('explains the parts: the keyword, the amount and the shopper’s own PIN', () => {
    const { keyword, amount, pin } = smsTopupExample('en');
    expect(translator('en')('smsTopupHowToExplained', { keyword, amount, pin })).toBe(
      'BUY is the keyword, 15 the amount to top up, and in place of 1234 you type your own PIN.',
    );
  });
});

describe('the status of a registration', () => {
  it('is active or locked, each with its text', () => {
    expect(smsTopupStatus('ACTIVE')).toEqual({ label: 'active', key: 'smsTopupStatus_active' });
    expect(smsTopupStatus('LOCKED')).toEqual({ label: 'locked', key: 'smsTopupStatus_locked' });
    expect(translator('en')('smsTopupStatus_locked')).toBe('Locked');
  });

  it('says what a change did: unlocked, a new PIN that unlocked, or saved', () => {
    expect(changeDoneKey('unlock', 'LOCKED', 'ACTIVE')).toBe('smsTopupUnlockedDone');
    expect(changeDoneKey('pin', 'LOCKED', 'ACTIVE')).toBe('smsTopupPinUnlockedDone');
    expect(changeDoneKey('pin', 'ACTIVE', 'ACTIVE')).toBe('successfulModification');
    expect(changeDoneKey('method', 'LOCKED', 'LOCKED')).toBe('successfulModification');
  });
});

describe('the method that pays', () => {
  const token = (id: string, changes: Partial<PaymentToken> = {}): PaymentToken => ({
    id,
    paymentTokenId: id,
    orderNumber: null,
    recurring: true,
    amount: null,
    currency: 'EUR',
    name: 'Demo card',
    method: 'creditcard',
    status: 'ACTIVE',
    cardBrand: 'visa',
    cardLast4: '1111',
    cardExpiryDate: '12/30',
    inUse: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  });

  it('is named with its card where it is a usable method, else as the registration names it', () => {
    const row = { paymentToken: 'a', paymentTokenName: 'Demo card' };
    expect(paidWith(row, [token('b'), token('a')])).toBe('Demo card (Visa •••• 1111)');
    expect(paidWith(row, [token('b')])).toBe('Demo card');
  });
});

describe('a new PIN as typed', () => {
  it('takes 4 to 6 digits, spaces ignored', () => {
    expect(readSmsPin('4821')).toEqual({ ok: true, pin: '4821' });
    expect(readSmsPin(' 48 21 09 ')).toEqual({ ok: true, pin: '482109' });
  });

  it('refuses nothing, too few or too many digits, and anything but digits', () => {
    expect(readSmsPin('  ')).toEqual({ ok: false, problem: 'pinRequired' });
    for (const typed of ['482', '4821093', '48a1', '48-21', '４８２１']) {
      expect(readSmsPin(typed), typed).toEqual({ ok: false, problem: 'pinInvalid' });
    }
  });
});
