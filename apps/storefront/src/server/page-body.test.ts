import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newNonce } from '../lib/security-headers';
import { gzipBody, pageBody, plainBody } from './page-body';

const NONCE = 'PLACEHOLDERPLACEHOLDER==';
const KEY = '0f0f0f0f-0000-4000-a000-000000000000';
const styles = Array.from({ length: 600 }, (_, i) => `.c${i}{margin:${i}px ${(i * 7) % 13}rem}`).join('');
const page = [
  `<!DOCTYPE html><html><head><style nonce="`,
  NONCE,
  `">${styles}</style></head><body><form><input type="hidden" name="idempotencyKey" value="`,
  KEY,
  '"></form>',
  'Guthaben aufladen – 15 € · Ümlaut '.repeat(200),
  '<script nonce="',
  NONCE,
  // The framework's payload repeats what came before the stand-ins: the styles, the key.
  `">self.__next_f.push([1,"${styles}","${KEY}"])</script></body></html>`,
].join('');
const answered = ([nonce, key]: readonly string[]) =>
  page.replaceAll(NONCE, nonce ?? '').replaceAll(KEY, key ?? '');

describe('a kept page body', () => {
  it('answers each stand-in with its value, plain and as gzip', () => {
    const body = pageBody(page, [NONCE, KEY]);
    const values = [newNonce(), randomUUID()];
    expect(plainBody(body, values).toString()).toBe(answered(values));
    expect(gunzipSync(gzipBody(body, values)).toString()).toBe(answered(values));
  });

  it('gives two answers two different bodies, each whole', () => {
    const body = pageBody(page, [NONCE, KEY]);
    const firstValues = [newNonce(), randomUUID()];
    const secondValues = [newNonce(), randomUUID()];
    const first = gunzipSync(gzipBody(body, firstValues)).toString();
    const second = gunzipSync(gzipBody(body, secondValues)).toString();
    expect(first).toBe(answered(firstValues));
    expect(second).toBe(answered(secondValues));
    expect(first).not.toContain(NONCE);
    expect(first).not.toContain(KEY);
  });

  it('compresses about as well as the whole page at once: each piece refers to what came before it', () => {
    const body = pageBody(page, [NONCE, KEY]);
    const whole = gzipSync(answered([newNonce(), randomUUID()])).length;
    expect(gzipBody(body, [newNonce(), randomUUID()]).length).toBeLessThan(whole * 1.1);
  });

  it('refuses a value of another length than its stand-in', () => {
    const body = pageBody(page, [NONCE, KEY]);
    expect(() => gzipBody(body, ['short', randomUUID()])).toThrow();
  });

  it('keeps a page without stand-ins as it is', () => {
    const body = pageBody('<p>no scripts</p>', [NONCE, KEY]);
    expect(gunzipSync(gzipBody(body, [newNonce(), randomUUID()])).toString()).toBe('<p>no scripts</p>');
  });
});
