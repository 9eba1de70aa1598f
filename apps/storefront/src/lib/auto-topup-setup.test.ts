import type { DetailedCartLine } from '@shop/domain/contract';
import { baseTranslations } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import {
  cartSetup,
  type SetupDescription,
  setupOfLine,
  setupSentence,
  weekdayName,
  whenItTopsUp,
} from './auto-topup-setup';

/** The shop's own texts, their `{placeholders}` filled in as next-intl fills them. */
function texts(language: 'en' | 'de') {
  const common = baseTranslations[language].common;
  return (key: string, values: Record<string, string | number> = {}) =>
    (common[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** Money as Intl writes it, its no-break space a plain one so that the expected texts read plainly. */
const euro = (locale: string) => ({
  money: (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
      .format(minor / 100)
      .replace(/\u00a0/g, ' '),
  weekday: (day: number) => weekdayName(locale, day),
});

const lowBalance: SetupDescription = { type: 'LOW_BALANCE', amount: 1500, limit: 500, setupOnly: false };

describe('the set-up in one plain sentence', () => {
  it('says what is topped up now, then when, and what pays', () => {
    expect(setupSentence(lowBalance, texts('en'), euro('en'))).toBe(
      '€15.00 now, then €15.00 whenever your balance falls under €5.00, charged to the payment method you use now.',
    );
    expect(setupSentence(lowBalance, texts('de'), euro('de'))).toBe(
      '15,00 € jetzt, danach 15,00 €, sobald dein Guthaben unter 5,00 € fällt – bezahlt mit der Zahlungsart, die du jetzt verwendest.',
    );
  });

  it('names the saved method a set-up without a top-up now charges', () => {
    const monthly: SetupDescription = { type: 'MONTHLY', amount: 2000, day: 31, setupOnly: true };
    expect(setupSentence(monthly, texts('en'), euro('en'), 'Demo card •••• 1111')).toBe(
      'Nothing now, then €20.00 on day 31 of every month, charged to Demo card •••• 1111.',
    );
  });

  it('names the weekday in the shopper language, the tariff, and a schedule whose day is unknown', () => {
    const weekly: SetupDescription = { type: 'WEEKLY', amount: 1000, day: 1, setupOnly: false };
    expect(whenItTopsUp(weekly, texts('de'), euro('de'))).toBe('jeden Montag');
    expect(whenItTopsUp({ ...weekly, day: 7 }, texts('en'), euro('en'))).toBe('every Sunday');
    expect(whenItTopsUp({ ...weekly, day: undefined }, texts('en'), euro('en'))).toBe('every week');
    expect(whenItTopsUp({ ...lowBalance, tariff: true }, texts('en'), euro('en'))).toBe(
      'whenever your balance falls under €5.00 and whenever your tariff renews',
    );
    expect(whenItTopsUp({ type: 'TARIFF', amount: 1000, setupOnly: false }, texts('en'), euro('en'))).toBe(
      'whenever your tariff renews',
    );
  });
});

const line = (patch: Partial<DetailedCartLine>): DetailedCartLine => ({
  itemKey: 'k',
  productId: 'funkfix-automatic',
  product_id: 'funkfix-automatic',
  kind: 'AUTOMATIC',
  brand: { brandId: 'funkfix', name: 'FunkFix' },
  amount: 1500,
  serviceFee: 0,
  grossAmount: 1500,
  quantity: 1,
  phoneNumber: '+4917012345678',
  additionalData: {},
  ...patch,
});

describe('what a cart line sets up', () => {
  it('reads a low-balance limit, a recurrence type, else the tariff; and what each run tops up', () => {
    expect(setupOfLine(line({ additionalData: { lowBalanceLimit: 500, autoTopupAmount: 1500 } }))).toEqual({
      type: 'LOW_BALANCE',
      amount: 1500,
      limit: 500,
      setupOnly: false,
    });
    expect(
      setupOfLine(
        line({
          amount: 0,
          grossAmount: 0,
          additionalData: { recurrenceType: 'MONTHLY', autoTopupAmount: 2000 },
        }),
      ),
    ).toEqual({ type: 'MONTHLY', amount: 2000, setupOnly: true });
    expect(setupOfLine(line({}))?.type).toBe('TARIFF');
    expect(setupOfLine(line({ kind: 'ONCE_OFF' }))).toBeUndefined();
  });

  it('tells a cart with nothing to set up from a paid and a free set-up', () => {
    const summary = (totalPrice: number) => ({ totalPrice });
    expect(cartSetup({ items: [line({ kind: 'ONCE_OFF' })], summary: summary(1500) })).toBe('none');
    expect(cartSetup({ items: [line({})], summary: summary(1500) })).toBe('paid');
    expect(cartSetup({ items: [line({ grossAmount: 0 })], summary: summary(0) })).toBe('free');
  });

  it('tells light top-ups apart: nothing charged, now or later (decision 0042)', () => {
    const light = line({
      grossAmount: 0,
      additionalData: { lowBalanceLimit: 500, autoTopupAmount: 1500, autoTopupLight: true },
    });
    expect(cartSetup({ items: [light], summary: { totalPrice: 0 } })).toBe('light');
    expect(cartSetup({ items: [light, line({ grossAmount: 0 })], summary: { totalPrice: 0 } })).toBe('free');
    const setup = setupOfLine(light);
    expect(setup).toMatchObject({ light: true, setupOnly: true, amount: 1500, limit: 500 });
    expect(setupSentence(setup as SetupDescription, texts('en'), euro('en'))).toBe(
      'Nothing now, and nothing charged automatically: whenever your balance falls under €5.00, we send you an SMS with a link to top up €15.00.',
    );
  });
});
