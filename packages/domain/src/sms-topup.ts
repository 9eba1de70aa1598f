// ---------------------------------------------------------------------------------------------
// SMS top-ups: a registered number tops up by texting "KOOP 15 1234" to the shop's short number.
// ---------------------------------------------------------------------------------------------

import type { Language } from './locale';

/**
 * The words that start an SMS top-up, per language; the first is the one shops show in their
 * example. A shop understands the words of each of its languages.
 */
export const SMS_TOPUP_KEYWORDS: Readonly<Record<Language, readonly string[]>> = {
  nl: ['KOOP', 'OPWAARDEREN'],
  en: ['BUY', 'TOPUP'],
  de: ['KAUF', 'AUFLADEN'],
  fr: ['ACHAT', 'RECHARGE'],
  es: ['COMPRA', 'RECARGA'],
  it: ['COMPRA', 'RICARICA'],
  pl: ['KUP', 'DOLADUJ'],
  ro: ['CUMPAR', 'REINCARCA'],
};

/** The words a shop with these languages understands, without repeats. */
export function smsTopupKeywords(languages: readonly Language[]): string[] {
  return [...new Set(languages.flatMap((language) => SMS_TOPUP_KEYWORDS[language]))];
}

/** The SMS a shop gives as its example, in a language: "KOOP 15 1234" in Dutch. */
export const smsTopupExampleText = (language: Language, amount = 15, pin = '1234') =>
  `${SMS_TOPUP_KEYWORDS[language][0]} ${amount} ${pin}`;

/** The consent PIN a shopper chooses when registering: 4 to 6 digits. */
export const SMS_PIN_PATTERN = /^\d{4,6}$/;

export const isValidSmsPin = (pin: string): boolean => SMS_PIN_PATTERN.test(pin);

/** Wrong PINs in a row after which the number's SMS top-ups are locked until the shopper unlocks them. */
export const SMS_PIN_MAX_FAILURES = 5;

/** The statuses of an SMS top-up registration: LOCKED after too many wrong PINs, until unlocked. */
export const SMS_TOPUP_STATUSES = ['ACTIVE', 'LOCKED', 'DELETED'] as const;
export type SmsTopupStatus = (typeof SMS_TOPUP_STATUSES)[number];

/** What a wrong PIN does: one more failure, and the lock once there are {@link SMS_PIN_MAX_FAILURES}. */
export function afterWrongPin(failures: number): { failures: number; locked: boolean; triesLeft: number } {
  const next = failures + 1;
  return {
    failures: next,
    locked: next >= SMS_PIN_MAX_FAILURES,
    triesLeft: Math.max(0, SMS_PIN_MAX_FAILURES - next),
  };
}

/** What an SMS asks for: a top-up of `amount` minor units, confirmed by `pin`; or why it cannot be read. */
export type SmsTopupCommand =
  | { ok: true; amount: number; pin: string }
  | { ok: false; reason: 'NOT_UNDERSTOOD' | 'AMOUNT' };

const AMOUNT = /^[€£]?(\d{1,4})(?:[.,](\d{1,2}))?(?:[€£]|EUR|GBP)?$/;

/** Upper case, accents and extra spaces gone: "încarcă  15" reads as "INCARCA 15". */
const normalise = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().trim().split(/\s+/);

/** An amount as a shopper types it ("15", "15,50", "€7.5") in minor units; undefined when it is none. */
export function parseSmsAmount(word: string): number | undefined {
  const match = AMOUNT.exec(word);
  if (!match) return undefined;
  const cents = (match[2] ?? '').padEnd(2, '0');
  const amount = Number(match[1]) * 100 + Number(cents);
  return amount > 0 ? amount : undefined;
}

/**
 * Reads an SMS top-up ("KOOP 15 1234": keyword, amount in major units, PIN) with one of the
 * shop's keywords. Anything else is not understood; a keyword and PIN with an unreadable amount
 * is an amount problem, so the answer can say which amounts work.
 */
export function parseSmsTopup(text: string, keywords: readonly string[]): SmsTopupCommand {
  const words = normalise(text);
  if (words.length !== 3) return { ok: false, reason: 'NOT_UNDERSTOOD' };
  const [keyword = '', amountWord = '', pin = ''] = words;
  if (!keywords.includes(keyword) || !isValidSmsPin(pin)) return { ok: false, reason: 'NOT_UNDERSTOOD' };
  const amount = parseSmsAmount(amountWord);
  if (amount === undefined) return { ok: false, reason: 'AMOUNT' };
  return { ok: true, amount, pin };
}

/**
 * The amounts an SMS may ask for: the SMS product's range, capped by what the shop lets one
 * cart hold, as a top-up bought in the shop would be.
 */
export function smsAmountRange(
  range: { min: number; max: number; step: number },
  limits: { perProductFaceValue?: number; totalFaceValue?: number },
): { min: number; max: number; step: number } {
  const max = Math.min(
    range.max,
    limits.perProductFaceValue ?? range.max,
    limits.totalFaceValue ?? range.max,
  );
  return { min: range.min, max, step: range.step };
}
