import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whether `sha256=<hex>` is the HMAC-SHA256 of the raw body under the shared secret (constant time). */
export function signatureMatches(rawBody: string, header: string | undefined, secret: string): boolean {
  const given = header?.match(/^sha256=([0-9a-f]{64})$/)?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
