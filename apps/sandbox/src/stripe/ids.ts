import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type IdPrefix = 'cus' | 'pm' | 'pi' | 'ch' | 're' | 'evt' | 'req' | 'cs_test' | 'seti';

/** An id shaped like Stripe's: the object's prefix, then 24 letters and digits, e.g. `pi_3Qx…`. */
export function stripeId(prefix: IdPrefix): string {
  const letters = [...randomBytes(24)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${prefix}_${letters}`;
}

/** Stripe's `created`: Unix time in seconds. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
