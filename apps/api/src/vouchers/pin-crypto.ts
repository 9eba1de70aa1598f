import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Voucher PINs at rest: encrypted with AES-256-GCM and identified by a keyed hash, both from
 * one 32-byte key (`VOUCHER_PIN_KEY`, base64). The two uses get keys of their own, derived with
 * HKDF, so the hash never reveals anything about the encryption key.
 */
export interface PinCipher {
  /** `v1:<iv>:<tag>:<ciphertext>` in base64url, with a fresh random IV every time. */
  encrypt(pin: string): string;
  /** The PIN of `encrypt`'s output; throws when the value was altered or another key wrote it. */
  decrypt(stored: string): string;
  /** HMAC-SHA256 of the PIN (base64url): equal PINs give equal hashes, so duplicates are found. */
  hash(pin: string): string;
  /** True when no key was given and the fixed development key is in use. */
  readonly usesDevelopmentKey: boolean;
}

/** A fixed key for development and tests only: anybody who reads this file can decrypt with it. */
export const DEVELOPMENT_PIN_KEY = 'ZGV2ZWxvcG1lbnQtb25seSB2b3VjaGVyIHBpbiBrZXk=';

export const DEVELOPMENT_KEY_WARNING =
  'VOUCHER_PIN_KEY is not set: voucher PINs are encrypted with the public development key. ' +
  'Set VOUCHER_PIN_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`) before selling real PINs.';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function readKey(keyBase64: string): Buffer {
  const trimmed = keyBase64.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== 32) {
    throw new Error('VOUCHER_PIN_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

const derive = (key: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `voucher-pin ${purpose} ${VERSION}`, 32));

/** A cipher over `keyBase64`; without one (or a blank one), over the fixed development key. */
export function createPinCipher(keyBase64?: string): PinCipher {
  const usesDevelopmentKey = keyBase64 === undefined || keyBase64.trim() === '';
  const key = readKey(usesDevelopmentKey ? DEVELOPMENT_PIN_KEY : (keyBase64 as string));
  const encryptionKey = derive(key, 'encryption');
  const hashKey = derive(key, 'hash');

  return {
    usesDevelopmentKey,
    encrypt(pin) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, ciphertext, ...rest] = stored.split(':');
      const ivBytes = Buffer.from(iv ?? '', 'base64url');
      const tagBytes = Buffer.from(tag ?? '', 'base64url');
      if (version !== VERSION || ciphertext === undefined || rest.length > 0) {
        throw new Error('A stored voucher PIN is not in the v1 format');
      }
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new Error('A stored voucher PIN has a malformed IV or tag');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, ivBytes);
        decipher.setAuthTag(tagBytes);
        const plain = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new Error(
          'A stored voucher PIN cannot be decrypted: it was altered or written with another key',
        );
      }
    },
    hash(pin) {
      return createHmac('sha256', hashKey).update(pin, 'utf8').digest('base64url');
    },
  };
}

/** The PIN as logs may show it: all but the last four characters hidden. */
export function maskPin(pin: string): string {
  const shown = pin.length >= 8 ? 4 : 0;
  return '•'.repeat(pin.length - shown) + pin.slice(pin.length - shown);
}
