import { AUTO_TOPUP_STATUSES, LANGUAGES } from '@shop/domain';
import type { AutoTopupRow, PaymentToken } from '@shop/domain/contract';
import { baseTranslations } from '@shop/tenants';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import {
  type AutoTopupFormat,
  autoTopupActions,
  autoTopupDate,
  autoTopupKindKey,
  autoTopupSentence,
  autoTopupStatus,
  capInputValue,
  chargedThisMonth,
  currencySymbol,
  lightLinkPhrase,
  methodChoice,
  methodName,
  nextRunText,
  readMonthlyCap,
  runsOnLastDayOfShortMonths,
  usableMethods,
} from './auto-topup-display';

const row: AutoTopupRow = {
  autoTopupId: '5b1f7c52-8d0e-4d56-9a55-0c1e8f6f2a10',
  autoTopupType: 'LOW_BALANCE',
  topupType: 'LOW_BALANCE',
  autoTopupLight: false,
  brand: 'blitzmobil',
  paymentToken: 'card-1',
  paymentTokenName: 'Demo card',
  status: 'ENABLED',
  shopId: 'blitzmobil',
  userId: 'u-1',
  msisdn: '+4915112340102',
  productId: 'blitzmobil-automatic',
  amount: 1500,
  currency: 'EUR',
  lowBalanceLimit: 500,
  tariffEnabled: false,
  recurringDay: null,
  nextRunAt: null,
  monthlyCap: null,
  charges: [],
  createdAt: '2026-11-01T10:00:00.000Z',
};
const weekly = { ...row, autoTopupType: 'WEEKLY', topupType: 'RECURRING', lowBalanceLimit: null } as const;
const monthly = { ...weekly, autoTopupType: 'MONTHLY' } as const;

const german: AutoTopupFormat = {
  locale: 'de',
  dateLocale: 'de-DE',
  europeanDateFormat: true,
  timeZone: 'Europe/Berlin',
};
const british: AutoTopupFormat = {
  locale: 'en',
  dateLocale: 'en-GB',
  europeanDateFormat: false,
  timeZone: 'Europe/London',
};

/** The sentence as the shopper reads it, in a language of the shop's base texts. */
function said(language: (typeof LANGUAGES)[number], top: Parameters<typeof autoTopupSentence>[0]) {
  const t = createTranslator({
    locale: language,
    messages: { common: baseTranslations[language].common },
    namespace: 'common',
  });
  const { key, values } = autoTopupSentence(top, { locale: language });
  return t(key, values);
}

describe('what an automatic top-up does, in words', () => {
  it('says a light one sends a link instead of topping up', () => {
    expect(said('en', { ...row, autoTopupLight: true })).toBe(
      'A link by SMS to top up €15 on +49 1511 2340102 whenever the balance falls below €5',
    );
  });

  it('says the amount, the number and when: under a balance, with the tariff, at the renewal', () => {
    expect(said('en', row)).toBe('€15 to +49 1511 2340102 whenever the balance falls below €5');
    expect(said('de', row)).toBe('15\u00a0€ auf +49 1511 2340102, sobald das Guthaben unter 5\u00a0€ fällt');
    expect(said('en', { ...row, tariffEnabled: true })).toBe(
      '€15 to +49 1511 2340102 whenever the balance falls below €5, and when the tariff renews',
    );
    expect(said('en', { ...row, autoTopupType: 'TARIFF', lowBalanceLimit: null, tariffEnabled: true })).toBe(
      '€15 to +49 1511 2340102 when the tariff renews',
    );
    // A low-balance top-up without a limit reacts to the renewal only.
    expect(said('en', { ...row, lowBalanceLimit: null, tariffEnabled: true })).toBe(
      '€15 to +49 1511 2340102 when the tariff renews',
    );
  });

  it('names the weekday of a weekly one, Monday 1 to Sunday 7, as each language says it', () => {
    expect(said('en', { ...weekly, recurringDay: 1 })).toBe('€15 to +49 1511 2340102 every Monday');
    expect(said('en', { ...weekly, recurringDay: 7 })).toBe('€15 to +49 1511 2340102 every Sunday');
    expect(said('de', { ...weekly, recurringDay: 3 })).toBe('15\u00a0€ auf +49 1511 2340102 jeden Mittwoch');
    expect(said('pl', { ...weekly, recurringDay: 3 })).toMatch(/w każdą środę$/);
    expect(said('fr', { ...weekly, recurringDay: 5 })).toMatch(/chaque vendredi$/);
  });

  it('names the day of a monthly one as an ordinal, and the last day of shorter months', () => {
    expect(said('en', { ...monthly, recurringDay: 31 })).toBe(
      '€15 to +49 1511 2340102 on the 31st of each month',
    );
    expect(said('en', { ...monthly, recurringDay: 2 })).toMatch(/on the 2nd of each month$/);
    expect(said('en', { ...monthly, recurringDay: 23 })).toMatch(/on the 23rd of each month$/);
    expect(said('en', { ...monthly, recurringDay: 11 })).toMatch(/on the 11th of each month$/);
    expect(said('de', { ...monthly, recurringDay: 31 })).toMatch(/am 31\. jedes Monats$/);
    expect(said('fr', { ...monthly, recurringDay: 1 })).toMatch(/le 1er de chaque mois$/);
    expect(runsOnLastDayOfShortMonths({ ...monthly, recurringDay: 29 })).toBe(true);
    expect(runsOnLastDayOfShortMonths({ ...monthly, recurringDay: 28 })).toBe(false);
    expect(runsOnLastDayOfShortMonths({ ...weekly, recurringDay: 7 })).toBe(false);
  });

  it('reads in every language for every kind and day, with nothing left unformatted', () => {
    const tops = [
      row,
      { ...row, tariffEnabled: true },
      { ...row, autoTopupType: 'TARIFF' as const },
      { ...row, autoTopupType: 'RECURRING' as const, recurringDay: null },
      ...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ ...weekly, recurringDay: day })),
      ...[1, 2, 3, 22, 31].map((day) => ({ ...monthly, recurringDay: day })),
    ];
    for (const language of LANGUAGES) {
      for (const top of tops) {
        const sentence = said(language, top);
        expect(sentence, `${language} ${top.autoTopupType}`).toContain('+49 1511 2340102');
        expect(sentence, `${language} ${top.autoTopupType}`).not.toMatch(/[{}#]|autoTopup/);
      }
    }
  });

  it('labels the kind and the status as spec §4 does', () => {
    expect(autoTopupKindKey(row)).toBe('autoTopupKind_LOW_BALANCE');
    expect(autoTopupKindKey({ ...row, lowBalanceLimit: null })).toBe('autoTopupKind_TARIFF');
    expect(autoTopupKindKey(monthly)).toBe('autoTopupKind_MONTHLY');
    expect(autoTopupStatus('ENABLED')).toEqual({ label: 'active', key: 'autoTopupStatus_active' });
    expect(autoTopupStatus('DISABLED').label).toBe('paused');
    expect(autoTopupStatus('INVALID_AFTER_ENABLED').label).toBe('invalid');
    expect(autoTopupStatus('INVALID_AFTER_DISABLED').label).toBe('invalid');
    for (const status of AUTO_TOPUP_STATUSES) {
      expect(baseTranslations.en.common, status).toHaveProperty(autoTopupStatus(status).key);
    }
  });
});

describe('what the shopper may do with a top-up', () => {
  // activate, pause, cancel, edit (another method, a limit), methodActivates; pause where allowed.
  const table: Record<(typeof AUTO_TOPUP_STATUSES)[number], [boolean, boolean, boolean, boolean, boolean]> = {
    // Active: pauses only where the shop allows it; cancels in every shop.
    ENABLED: [false, true, true, true, false],
    DISABLED: [true, false, true, true, false],
    // Invalid after a second decline: another method repairs it, which activates it.
    INVALID_AFTER_ENABLED: [true, false, true, true, true],
    INVALID_AFTER_DISABLED: [true, false, true, true, true],
    // One that can no longer run is only cancelled.
    INVALID: [false, false, true, false, false],
    REJECTED: [false, false, true, false, false],
    DELETED: [false, false, false, false, false],
  };

  for (const status of AUTO_TOPUP_STATUSES) {
    it(`${status}: as the domain's transition table allows`, () => {
      const [activate, pause, cancel, edit, methodActivates] = table[status];
      const expected = { activate, pause, cancel, edit, methodActivates };
      expect(autoTopupActions(status, { pauseAllowed: true })).toEqual(expected);
      expect(autoTopupActions(status, { pauseAllowed: false })).toEqual({ ...expected, pause: false });
    });
  }
});

describe('the facts of a top-up', () => {
  it('writes dates in the shop’s time zone: the next run with its weekday', () => {
    // 23:30 UTC on 30 November is already 1 December in Berlin.
    expect(autoTopupDate('2026-11-30T23:30:00.000Z', german)).toBe('01.12.2026');
    expect(autoTopupDate('2026-11-30T23:30:00.000Z', british)).toBe('30/11/2026');
    expect(nextRunText('2026-11-30T07:00:00.000Z', german)).toBe('Montag, 30.11.2026');
  });

  it('says until when a light top-up’s link opens, in the shop’s zone, and whether it is on its way', () => {
    const link = { sentAt: '2026-11-28T23:30:00.000Z', expiresAt: '2026-11-30T23:30:00.000Z' };
    expect(lightLinkPhrase(link, german)).toEqual({
      key: 'autoTopupLightLinkOpen',
      values: { until: '01.12.2026 00:30' },
    });
    expect(lightLinkPhrase({ ...link, sentAt: null }, british)).toEqual({
      key: 'autoTopupLightLinkSending',
      values: { until: '30/11/2026 23:30' },
    });
  });

  it('counts what this month’s delivered top-ups charged', () => {
    const charge = { amount: 1500, currency: 'EUR', createdAt: '2026-11-02T08:00:00.000Z' };
    expect(
      chargedThisMonth([
        { ...charge, orderNumber: 'BLI-A', orderStatus: 'committed' },
        { ...charge, orderNumber: 'BLI-B', orderStatus: 'failed' },
        { ...charge, orderNumber: 'BLI-C', orderStatus: 'partiallyCommitted', amount: 1000 },
      ]),
    ).toBe(2500);
    expect(chargedThisMonth([])).toBe(0);
  });

  const token = (id: string, changes: Partial<PaymentToken> = {}): PaymentToken => ({
    id,
    paymentTokenId: id,
    orderNumber: null,
    recurring: false,
    amount: null,
    currency: 'EUR',
    name: 'Demo card',
    method: 'creditcard',
    status: 'ACTIVE',
    cardBrand: 'visa',
    cardLast4: '1111',
    cardExpiryDate: '12/30',
    inUse: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  });

  it('names a saved method with its card, unless its name already says it', () => {
    expect(methodName(token('a'))).toBe('Demo card (Visa •••• 1111)');
    expect(methodName(token('a', { name: 'Visa •••• 1111' }))).toBe('Visa •••• 1111');
    expect(
      methodName(token('a', { name: 'PayPal', method: 'paypal', cardBrand: null, cardLast4: null })),
    ).toBe('PayPal');
  });

  it('offers the usable methods, the top-up’s own first, and another one first for a repair', () => {
    const methods = usableMethods([
      token('a'),
      token('b', { status: 'DECLINED' }),
      token('c', { name: 'Work card', cardLast4: '4444' }),
    ]);
    expect(methods.map((method) => method.id)).toEqual(['a', 'c']);
    expect(methodChoice(methods, 'c', false)).toMatchObject({ chosen: 'c' });
    expect(methodChoice(methods, 'c', false).options.map((method) => method.id)).toEqual(['c', 'a']);
    expect(methodChoice(methods, 'c', true)).toMatchObject({ chosen: 'a' });
    // Its own method is no longer usable: the choice starts at another one.
    expect(methodChoice(methods, 'b', false)).toMatchObject({ chosen: 'a' });
    expect(methodChoice([token('a')], 'a', true).chosen).toBeUndefined();
  });
});

describe('the monthly limit as typed', () => {
  it('reads whole and decimal amounts with a comma or a point, in minor units', () => {
    expect(readMonthlyCap('50', 1500)).toEqual({ ok: true, cap: 5000 });
    expect(readMonthlyCap(' 50,5 ', 1500)).toEqual({ ok: true, cap: 5050 });
    expect(readMonthlyCap('50.25', 1500)).toEqual({ ok: true, cap: 5025 });
    expect(readMonthlyCap('15', 1500)).toEqual({ ok: true, cap: 1500 });
  });

  it('refuses what is no amount, less than one top-up, or more than the API takes', () => {
    for (const typed of ['', 'abc', '50,123', '-5', '1e3', '5 0 0 0 0 0 0 0']) {
      expect(readMonthlyCap(typed, 1500), typed).toEqual({ ok: false, problem: 'capInvalid' });
    }
    expect(readMonthlyCap('14,99', 1500)).toEqual({ ok: false, problem: 'capTooLow' });
    expect(readMonthlyCap('0', 0)).toEqual({ ok: false, problem: 'capTooLow' });
    expect(readMonthlyCap('100001', 1500)).toEqual({ ok: false, problem: 'capTooHigh' });
    expect(readMonthlyCap('100000', 1500)).toEqual({ ok: true, cap: 10_000_000 });
  });

  it('shows a limit to change as the shop’s language writes amounts', () => {
    expect(capInputValue(5000, 'de')).toBe('50');
    expect(capInputValue(5050, 'de')).toBe('50,50');
    expect(capInputValue(5050, 'en')).toBe('50.50');
    expect(capInputValue(1_000_000, 'de')).toBe('10000');
    expect(capInputValue(null, 'de')).toBe('');
    expect(currencySymbol('EUR', 'de')).toBe('€');
    expect(currencySymbol('GBP', 'en')).toBe('£');
  });
});
