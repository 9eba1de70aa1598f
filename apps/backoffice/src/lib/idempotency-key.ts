/**
 * A fresh Idempotency-Key: one per action a staff member means, sent again with every retry of
 * it. Browsers give randomUUID to secure contexts only, so elsewhere it is built from random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
