import { readCookie, writeCookie } from './browser-cookies';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from './cookie-names';

export function savedPhoneNumber(): string | undefined {
  return readCookie(COOKIE_NAMES.phoneNumber) || undefined;
}

/** Keeps the number (E.164, with its leading +) a top-up was put in the cart for. */
export function savePhoneNumber(msisdn: string): void {
  writeCookie(COOKIE_NAMES.phoneNumber, msisdn, COOKIE_MAX_AGE_SECONDS.phoneNumber);
}

/** Forgets the number, as signing out does (spec §4) and as deleting the account must. */
export function forgetPhoneNumber(): void {
  writeCookie(COOKIE_NAMES.phoneNumber, undefined, 0);
}
