/**
 * The sandbox's test cards and the checks of a card form.
 *
 * - `4111 1111 1111 1111` approves,
 * - `4000 0000 0000 0002` is declined,
 * - `4000 0000 0000 3220` asks for 3-D Secure,
 * - `4000 0000 0000 0341` approves and saves, but every later merchant-initiated charge of it is
 *   declined (a card that ran out of funds since),
 * - `4000 0027 6000 3184` asks for 3-D Secure, and every later merchant-initiated charge of it is
 *   refused with `AUTHENTICATION_REQUIRED` (a bank that wants its cardholder each time),
 * - any other number that passes the Luhn check approves.
 *
 * Expiry is any month not yet passed, as MM/YY; CVC any 3 digits. Spaces in the number are fine.
 * The brand follows the number's first digits: `visa` (4), `mastercard` (51–55, 2221–2720),
 * `amex` (34, 37), `discover` (6011, 644–649, 65), else `unknown`.
 */
import type { CardDetails } from './types';

export const TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  laterDeclined: '4000000000000341',
  alwaysAuthenticate: '4000002760003184',
} as const;

/** Whether merchant-initiated charges of a saved card with these last digits are declined. */
export const declinesLaterCharges = (card: CardDetails | undefined): boolean =>
  card?.last4 === TEST_CARDS.laterDeclined.slice(-4);

/** Whether merchant-initiated charges of a saved card with these last digits need the cardholder. */
export const asksAuthenticationLater = (card: CardDetails | undefined): boolean =>
  card?.last4 === TEST_CARDS.alwaysAuthenticate.slice(-4);

/** Card fields as a form or JSON body carries them; unchecked. */
export interface CardInput {
  cardNumber?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

export type CardCheck =
  | { kind: 'approved' | 'declined' | 'three-d-secure'; card: CardDetails }
  | { kind: 'invalid'; field: 'cardNumber' | 'expiry' | 'cvc'; message: string };

/** The card's brand by its first digits. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (four === 6011 || two === 65 || (four >= 6440 && four <= 6499)) return 'discover';
  return 'unknown';
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (const [index, char] of [...digits].reverse().entries()) {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

/** Whether `MM/YY` names the current month or a later one (cards are valid through their month). */
export function isFutureExpiry(expiry: unknown, now: Date): boolean {
  if (typeof expiry !== 'string') return false;
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const thisYear = now.getUTCFullYear();
  return year > thisYear || (year === thisYear && month >= now.getUTCMonth() + 1);
}

/** The expiry as `MM/YY`, without the spaces a shopper may type around the slash. */
function normalisedExpiry(expiry: string): string {
  return expiry.replace(/\s+/g, '');
}

/**
 * What the card in a card form does. No card fields at all stands for the approving test card
 * (expiring in December three years on), so automated tests of other flows can approve with an
 * empty body.
 */
export function checkCard(input: CardInput, now: Date = new Date()): CardCheck {
  const { cardNumber, expiry, cvc } = input;
  if (cardNumber === undefined && expiry === undefined && cvc === undefined) {
    const year = String((now.getUTCFullYear() + 3) % 100).padStart(2, '0');
    return {
      kind: 'approved',
      card: { last4: TEST_CARDS.approved.slice(-4), brand: 'visa', expiry: `12/${year}` },
    };
  }
  const digits = typeof cardNumber === 'string' ? cardNumber.replace(/\s+/g, '') : '';
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return {
      kind: 'invalid',
      field: 'cardNumber',
      message: 'cardNumber must be a card number, such as the test card 4111 1111 1111 1111',
    };
  }
  if (!isFutureExpiry(expiry, now)) {
    return { kind: 'invalid', field: 'expiry', message: 'expiry must be a month not yet passed, as MM/YY' };
  }
  const code = typeof cvc === 'number' ? String(cvc) : cvc;
  if (typeof code !== 'string' || !/^\d{3}$/.test(code.trim())) {
    return { kind: 'invalid', field: 'cvc', message: 'cvc must be 3 digits' };
  }
  const card: CardDetails = {
    last4: digits.slice(-4),
    brand: cardBrand(digits),
    expiry: normalisedExpiry(expiry as string),
  };
  if (digits === TEST_CARDS.declined) return { kind: 'declined', card };
  if (digits === TEST_CARDS.threeDSecure || digits === TEST_CARDS.alwaysAuthenticate) {
    return { kind: 'three-d-secure', card };
  }
  return { kind: 'approved', card };
}
