import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures of the sandbox payment provider, shared with the API's tests.
 *
 * Each webhook carries `X-Sandbox-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw request
 * body (the exact bytes, before any JSON parsing) keyed with the shared secret.
 */

/** Name of the signature header (lower case, as Node reports incoming headers). */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

function hmacHex(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The `X-Sandbox-Signature` value for a raw body: `sha256=<hex HMAC-SHA256>`. */
export function signWebhook(body: string, secret: string): string {
  return `sha256=${hmacHex(body, secret)}`;
}

/**
 * Whether a signature header matches the raw body under the secret. Compares in constant time;
 * a missing, repeated or malformed header does not match.
 */
export function verifyWebhookSignature(
  body: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = Buffer.from(hmacHex(body, secret), 'hex');
  return timingSafeEqual(given, expected);
}
