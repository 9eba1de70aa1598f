import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: 6 digits, a new code every 30 s, HMAC-SHA-1. */
const PERIOD_SECONDS = 30;
const settings = { algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS } as const;

/** A new secret of 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads (as a QR code or pasted). */
export const totpUri = (secret: string, email: string): string =>
  new TOTP({ ...settings, issuer: 'Prepaid shop back office', label: email, secret }).toString();

/** The current code of a secret (the demo and the tests sign in with it). */
export const currentTotp = (secret: string, at = Date.now()): string =>
  new TOTP({ ...settings, secret }).generate({ timestamp: at });

/**
 * The time step a code belongs to, when it is the current one or the one just before or after
 * (a phone's clock a little off, a code typed as it changed); undefined for any other code.
 */
export function totpStep(secret: string, code: string, at: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ ...settings, secret });
  const delta = totp.validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: at }) + delta;
}
