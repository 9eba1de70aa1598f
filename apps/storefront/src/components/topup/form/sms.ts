import { isValidSmsPin, type PriceRange } from '@shop/domain';
import type { CartItemRequest } from '@shop/domain/contract';
import { AUTOMATIC_FIELDS, SMS_FIELDS } from './form-post';

/** The SMS top-up a brand's form offers: its product and the shop's short number. */
export interface SmsOffer {
  productId: string;
  range: PriceRange;
  shortNumber: string;
}

/** How the shopper sets up SMS top-ups. */
export interface SmsChoice {
  /** The consent PIN every SMS will carry. */
  pin: string;
  /** No top-up now: only the registration, on a saved method. */
  setupOnly: boolean;
  /** The saved method SMS top-ups charge when nothing is paid now. */
  savedMethod: string;
}

export const smsStart = (): SmsChoice => ({ pin: '', setupOnly: false, savedMethod: '' });

/** The SMS a shopper sends to top up, as the shop explains it: "KOOP 15 1234" in Dutch. */
export { smsTopupExampleText as smsExample } from '@shop/domain';

/** A problem of the SMS set-up, named by its field. */
export type SmsProblem =
  | { field: 'smsPin'; key: 'smsPinRequired' }
  | { field: 'savedMethod'; key: 'savedMethodRequired' };

/** Checks the set-up by the API's rules: a PIN of 4 to 6 digits, and a saved method when nothing is paid now. */
export function smsProblems(choice: SmsChoice | undefined): SmsProblem[] {
  const problems: SmsProblem[] = [];
  if (!choice || !isValidSmsPin(choice.pin)) problems.push({ field: 'smsPin', key: 'smsPinRequired' });
  if (choice?.setupOnly && !choice.savedMethod)
    problems.push({ field: 'savedMethod', key: 'savedMethodRequired' });
  return problems;
}

/**
 * The cart item of the registration (spec §3 Cart item sent): the number, the PIN as
 * `smsTopupConsent`, and the first top-up's amount, or `setupOnly` when nothing is topped up now.
 */
export function smsCartItem(
  offer: SmsOffer,
  choice: SmsChoice,
  phoneNumber: string,
  amount: number | null,
): CartItemRequest | undefined {
  const base = { productId: offer.productId, phoneNumber, smsTopupConsent: choice.pin };
  if (choice.setupOnly) return { ...base, setupOnly: true };
  return amount === null ? undefined : { ...base, amount };
}

/** The choice as a post of the form has it (the PIN, and a set-up alone with its saved method). */
export function smsFromFields(field: (name: string) => string): SmsChoice {
  return {
    pin: field(SMS_FIELDS.pin).trim(),
    setupOnly: field(AUTOMATIC_FIELDS.setupOnly) === '1',
    savedMethod: field(AUTOMATIC_FIELDS.savedMethod),
  };
}
