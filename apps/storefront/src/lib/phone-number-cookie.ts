import { readCookie, writeCookie } from './browser-cookies';

/** Spec §3: the number of the shopper's last top-up, sent as the checkout contact phone. */
export const PHONE_NUMBER_COOKIE = 'phoneNumber';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function savedPhoneNumber(): string | undefined {
  return readCookie(PHONE_NUMBER_COOKIE) || undefined;
}

/** Keeps the number (E.164, with its leading +) a top-up was put in the cart for. */
export function savePhoneNumber(msisdn: string): void {
  writeCookie(PHONE_NUMBER_COOKIE, msisdn, THIRTY_DAYS_SECONDS);
}
