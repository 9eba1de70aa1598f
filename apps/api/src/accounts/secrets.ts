import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_CODE_LENGTH } from '@shop/domain';

/** A session token or recovery token: 256 random bits. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A code a shopper types: six random digits. */
export const newCode = (): string =>
  String(randomInt(0, 10 ** ACCOUNT_CODE_LENGTH)).padStart(ACCOUNT_CODE_LENGTH, '0');

/** What is stored of a token or code: its SHA-256, bound to what it is for. */
export const digest = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\0')).digest('hex');

export function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
