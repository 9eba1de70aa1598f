/**
 * The sandbox's test cards and the checks of a card form.
 *
 * - `4111 1111 1111 1111` approves,
 * - `4000 0000 0000 0002` is declined,
 * - `4000 0000 0000 3220` asks for 3-D Secure,
 * - any other number that passes the Luhn check approves.
 *
 * Expiry is any month not yet passed, as MM/YY; CVC any 3 digits. Spaces in the number are fine.
 */

export const TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

/** Card fields as a form or JSON body carries them; unchecked. */
export interface CardInput {
  cardNumber?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

export type CardCheck =
  | { kind: 'approved' | 'declined' | 'three-d-secure'; cardLast4: string }
  | { kind: 'invalid'; field: 'cardNumber' | 'expiry' | 'cvc'; message: string };

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

/**
 * What the card in a card form does. No card fields at all stands for the approving test card,
 * so automated tests of other flows can approve with an empty body.
 */
export function checkCard(input: CardInput, now: Date = new Date()): CardCheck {
  const { cardNumber, expiry, cvc } = input;
  if (cardNumber === undefined && expiry === undefined && cvc === undefined) {
    return { kind: 'approved', cardLast4: TEST_CARDS.approved.slice(-4) };
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
  const cardLast4 = digits.slice(-4);
  if (digits === TEST_CARDS.declined) return { kind: 'declined', cardLast4 };
  if (digits === TEST_CARDS.threeDSecure) return { kind: 'three-d-secure', cardLast4 };
  return { kind: 'approved', cardLast4 };
}
