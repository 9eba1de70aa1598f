import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipBody, pageBody, plainBody } from './page-body';

const NONCE = 'PLACEHOLDER0123456789==';
const KEY = '0f0f0f0f-0000-4000-a000-000000000000';
const page = [
  '<!DOCTYPE html><html><head><style nonce="',
  NONCE,
  '">body{color:red}</style></head><body><form><input type="hidden" name="idempotencyKey" value="',
  KEY,
  '"></form>',
  'Guthaben aufladen – 15 € · Ümlaut '.repeat(2_000),
  '<script nonce="',
  NONCE,
  '">self.__next_f.push([1,"x"])</script></body></html>',
].join('');
const answered = (nonce: string, key: string) => page.replaceAll(NONCE, nonce).replaceAll(KEY, key);

describe('a kept page body', () => {
  it('answers each stand-in with its value, plain and as gzip', () => {
    const body = pageBody(page, [NONCE, KEY]);
    const values = ['n0nce+/A==', 'a-new-key'];
    expect(plainBody(body, values).toString()).toBe(answered(...(values as [string, string])));
    const gzipped = gzipBody(body, values);
    expect(gunzipSync(gzipped).toString()).toBe(answered(...(values as [string, string])));
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it('gives two answers two different bodies, each whole', () => {
    const body = pageBody(page, [NONCE, KEY]);
    const first = gunzipSync(gzipBody(body, ['AAAA', 'key-1'])).toString();
    const second = gunzipSync(gzipBody(body, ['BBBB', 'key-2'])).toString();
    expect(first).toContain('nonce="AAAA"');
    expect(first).toContain('value="key-1"');
    expect(second).toContain('nonce="BBBB"');
    expect(second).toContain('value="key-2"');
    expect(first).not.toContain(NONCE);
    expect(first).not.toContain(KEY);
  });

  it('keeps a page without stand-ins as it is', () => {
    const body = pageBody('<p>no scripts</p>', [NONCE, KEY]);
    expect(gunzipSync(gzipBody(body, ['AAAA', 'key'])).toString()).toBe('<p>no scripts</p>');
  });
});
