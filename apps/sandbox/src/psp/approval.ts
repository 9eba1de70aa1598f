import { checkCard } from './cards';
import { BANKS, type CardDetails, CRYPTO_CURRENCIES, type PaymentMethod } from './types';

/**
 * What approving a payment does, by method and by what the shopper entered on the hosted page
 * (or sent to the JSON twin). Fields left out take a default that approves; fields given must be
 * valid. PayPal's e-mail and password are accepted as they are; the e-mail names the PayPal
 * account paid with (as PayPal's payer), `buyer@example.com` when none is given. Payments and saved
 * payment methods (tokens) are approved alike.
 */
export type Approval =
  | { kind: 'approved' | 'declined' | 'three-d-secure'; card?: CardDetails; payerEmail?: string }
  | { kind: 'invalid'; field: string; message: string };

export const DEFAULT_PAYPAL_PAYER = 'buyer@example.com';

function checkChoice(
  input: Record<string, unknown>,
  field: 'bank' | 'cryptoCurrency',
  choices: readonly string[],
): Approval {
  const value = input[field];
  if (value === undefined || choices.includes(value as string)) return { kind: 'approved' };
  return { kind: 'invalid', field, message: `${field} must be one of ${choices.join(', ')}` };
}

export function checkApproval(
  method: PaymentMethod,
  input: Record<string, unknown>,
  now = new Date(),
): Approval {
  switch (method) {
    case 'creditcard':
      return checkCard(input, now);
    case 'ideal':
      return checkChoice(input, 'bank', BANKS);
    case 'crypto':
      return checkChoice(input, 'cryptoCurrency', CRYPTO_CURRENCIES);
    case 'paypal': {
      const email = typeof input.paypalEmail === 'string' ? input.paypalEmail.trim() : '';
      return { kind: 'approved', payerEmail: email || DEFAULT_PAYPAL_PAYER };
    }
    default:
      return { kind: 'approved' };
  }
}
