import { freeSetupKind, isSetupKind, type PaymentItem } from '@shop/domain';
import type { DetailedCart, DetailedCartLine } from '@shop/domain/contract';

/** The kinds of automatic top-up a shopper sets up (RECURRING is named by its weekly or monthly type). */
export type SetupType = 'LOW_BALANCE' | 'WEEKLY' | 'MONTHLY' | 'TARIFF';

/** What an automatic top-up does, as far as it is known: the form knows all of it, a cart line less. */
export interface SetupDescription {
  type: SetupType;
  /** What each run tops up, minor units. */
  amount: number;
  /** LOW_BALANCE: the balance under which it tops up, minor units. */
  limit?: number | undefined;
  /** LOW_BALANCE: it also tops up when the tariff renews. */
  tariff?: boolean | undefined;
  /** WEEKLY: Monday 1 … Sunday 7. MONTHLY: the day of the month, 1–31. */
  day?: number | undefined;
  /** Set up without a top-up now (the line costs nothing). */
  setupOnly: boolean;
  /** A light top-up: a link by SMS instead of a charge (decision 0042). */
  light?: boolean | undefined;
}

/** Translates a key with its values, as next-intl's `t` does. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** How the summary writes money and weekdays in the shopper's language. */
export interface SetupFormat {
  money: (minor: number) => string;
  weekday: (day: number) => string;
}

/** The weekday (Monday 1 … Sunday 7) in the language of `locale`: 1 January 2024 was a Monday. */
export function weekdayName(locale: string, day: number): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** "whenever your balance falls under €5.00", "every Monday", "on day 31 of every month"… */
export function whenItTopsUp(setup: SetupDescription, t: Translate, format: SetupFormat): string {
  switch (setup.type) {
    case 'LOW_BALANCE':
      if (setup.limit === undefined) return t('autoTopupWhen_TARIFF');
      return t(setup.tariff ? 'autoTopupWhen_LOW_BALANCE_TARIFF' : 'autoTopupWhen_LOW_BALANCE', {
        limit: format.money(setup.limit),
      });
    case 'TARIFF':
      return t('autoTopupWhen_TARIFF');
    case 'WEEKLY':
      return setup.day === undefined
        ? t('autoTopupWhen_WEEKLY_ANY')
        : t('autoTopupWhen_WEEKLY', { weekday: format.weekday(setup.day) });
    case 'MONTHLY':
      return setup.day === undefined
        ? t('autoTopupWhen_MONTHLY_ANY')
        : t('autoTopupWhen_MONTHLY', { day: setup.day });
  }
}

/**
 * The set-up in one plain sentence: "€15.00 now, then €15.00 whenever your balance falls under
 * €5.00, charged to the payment method you use now." A set-up without a top-up now names the
 * saved method it charges.
 */
export function setupSentence(
  setup: SetupDescription,
  t: Translate,
  format: SetupFormat,
  savedMethod?: string,
): string {
  const values = { amount: format.money(setup.amount), when: whenItTopsUp(setup, t, format) };
  if (setup.light) return t('autoTopupSummaryLight', values);
  return setup.setupOnly && savedMethod
    ? t('autoTopupSummarySetupOnly', { ...values, method: savedMethod })
    : t(setup.setupOnly ? 'autoTopupSummaryLater' : 'autoTopupSummaryPaid', values);
}

/**
 * What a cart line of an automatic top-up says it sets up (spec §3 line additionalData): a
 * recurrence type, else a low-balance limit, else the tariff renewal. The line names neither the
 * day of a schedule nor whether a low-balance top-up also follows the tariff.
 */
export function setupOfLine(line: DetailedCartLine): SetupDescription | undefined {
  if (line.kind !== 'AUTOMATIC') return undefined;
  const { recurrenceType, lowBalanceLimit, autoTopupAmount } = line.additionalData;
  const type: SetupType =
    recurrenceType === 'WEEKLY' || recurrenceType === 'MONTHLY'
      ? recurrenceType
      : lowBalanceLimit !== undefined
        ? 'LOW_BALANCE'
        : 'TARIFF';
  return {
    type,
    amount: autoTopupAmount ?? line.amount,
    ...(type === 'LOW_BALANCE' ? { limit: lowBalanceLimit } : {}),
    setupOnly: line.grossAmount === 0,
    ...(line.additionalData.autoTopupLight ? { light: true } : {}),
  };
}

/**
 * What a cart sets up for later: nothing; an automatic or SMS top-up whose first top-up is paid
 * now; one set up alone, paid by nobody now (spec §4: a free automatic or SMS set-up); or light
 * top-ups only, which charge no method at all.
 */
export type CartSetup = 'none' | 'paid' | 'free' | 'light';

export function cartSetup(cart: {
  items: readonly (Pick<DetailedCartLine, 'kind'> & {
    additionalData?: DetailedCartLine['additionalData'];
  })[];
  summary: Pick<DetailedCart['summary'], 'totalPrice'>;
}): CartSetup {
  const setups = cart.items.filter((item) => isSetupKind(item.kind));
  if (setups.length === 0) return 'none';
  // Light top-ups charge nothing, ever: only an account is needed, no method.
  if (cart.summary.totalPrice === 0 && setups.every((item) => item.additionalData?.autoTopupLight))
    return 'light';
  const items = cart.items.map((item) => ({ kind: item.kind as PaymentItem['kind'] }));
  return freeSetupKind(items, cart.summary.totalPrice) ? 'free' : 'paid';
}

/** Which later top-ups a cart sets up, for the words that name them: SMS, or automatic ones. */
export const setupKindOf = (cart: {
  items: readonly Pick<DetailedCartLine, 'kind'>[];
}): 'SMS' | 'AUTOMATIC' => (cart.items.some((item) => item.kind === 'AUTOMATIC') ? 'AUTOMATIC' : 'SMS');

/** A number a cart registers for SMS top-ups; `setupOnly` when nothing is topped up now. */
export interface SmsSetup {
  phoneNumber: string;
  setupOnly: boolean;
}

/** The SMS top-up registrations among a cart's lines (spec §3: topupConsentType "sms"). */
export function smsSetupsOf(lines: readonly DetailedCartLine[]): SmsSetup[] {
  return lines.flatMap((line) =>
    line.kind === 'SMS' && line.phoneNumber
      ? [{ phoneNumber: line.phoneNumber, setupOnly: line.grossAmount === 0 }]
      : [],
  );
}
