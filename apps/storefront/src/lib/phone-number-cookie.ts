import { readCookie, writeCookie } from './browser-cookies';
import { COOKIE_NAMES } from './cookie-names';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function savedPhoneNumber(): string | undefined {
  return readCookie(COOKIE_NAMES.phoneNumber) || undefined;
}

/** Keeps the number (E.164, with its leading +) a top-up was put in the cart for. */
export function savePhoneNumber(msisdn: string): void {
  writeCookie(COOKIE_NAMES.phoneNumber, msisdn, THIRTY_DAYS_SECONDS);
}
