import { randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so an order number read out on the phone is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order number: the tenant's prefix and eight random characters, e.g. `FUN-7K3M9QX2`
 * (40 random bits; the unique index catches the rare clash and the caller draws again).
 */
export function newOrderNumber(shopId: string): string {
  const prefix = shopId
    .replace(/[^a-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const bytes = randomBytes(8);
  const code = Array.from(bytes, (byte) => ALPHABET[byte % 32]).join('');
  return `${prefix}-${code}`;
}
