import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPinCipher, maskPin } from '../src/vouchers/pin-crypto';

const key = () => randomBytes(32).toString('base64');

/** Flips one bit of one base64url part (0 iv, 1 tag, 2 ciphertext) of a stored PIN. */
function tamper(stored: string, part: number): string {
  const [version, ...parts] = stored.split(':');
  const bytes = Buffer.from(parts[part] as string, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 1;
  parts[part] = bytes.toString('base64url');
  return [version, ...parts].join(':');
}

describe('voucher PIN encryption', () => {
  it('gives back the PIN it encrypted, never storing it in clear', () => {
    const cipher = createPinCipher(key());
    const stored = cipher.encrypt('1234567890123456');
    expect(stored).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(stored).not.toContain('1234567890123456');
    expect(cipher.decrypt(stored)).toBe('1234567890123456');
  });

  it('uses a fresh IV each time, so equal PINs look different at rest', () => {
    const cipher = createPinCipher(key());
    expect(cipher.encrypt('ABCD1234EFGH')).not.toBe(cipher.encrypt('ABCD1234EFGH'));
  });

  it('refuses a stored PIN whose IV, tag or ciphertext was altered', () => {
    const cipher = createPinCipher(key());
    const stored = cipher.encrypt('1234567890123456');
    for (const part of [0, 1, 2]) {
      expect(() => cipher.decrypt(tamper(stored, part))).toThrow(/altered or written with another key/);
    }
    expect(() => cipher.decrypt(stored.replace(/^v1/, 'v2'))).toThrow(/v1 format/);
    expect(() => cipher.decrypt('v1:abc')).toThrow();
  });

  it('cannot read a PIN written with another key', () => {
    const stored = createPinCipher(key()).encrypt('1234567890123456');
    expect(() => createPinCipher(key()).decrypt(stored)).toThrow(/another key/);
  });

  it('hashes equal PINs equally under one key and differently under another', () => {
    const cipher = createPinCipher(key());
    expect(cipher.hash('1234567890123456')).toBe(cipher.hash('1234567890123456'));
    expect(cipher.hash('1234567890123456')).not.toBe(cipher.hash('1234567890123457'));
    expect(createPinCipher(key()).hash('1234567890123456')).not.toBe(cipher.hash('1234567890123456'));
    expect(cipher.hash('1234567890123456')).not.toContain('1234567890123456');
  });

  it('falls back to the development key only when no key is given, and says so', () => {
    const development = createPinCipher();
    expect(development.usesDevelopmentKey).toBe(true);
    expect(createPinCipher('').usesDevelopmentKey).toBe(true);
    expect(createPinCipher().decrypt(development.encrypt('87654321'))).toBe('87654321');
    expect(createPinCipher(key()).usesDevelopmentKey).toBe(false);
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => createPinCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes in base64/);
    expect(() => createPinCipher('not base64 at all!')).toThrow(/32 bytes in base64/);
  });
});

describe('masked PINs', () => {
  it('show only the last four characters', () => {
    expect(maskPin('1234567890123456')).toBe('••••••••••••3456');
    expect(maskPin('ABCD1234')).toBe('••••1234');
  });

  it('hide a PIN too short to show any of it', () => {
    expect(maskPin('12345')).toBe('•••••');
  });
});
