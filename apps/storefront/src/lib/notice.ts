import { SUCCESS_MESSAGE_KEYS } from '@shop/domain';
import { readCookie, writeCookie } from './browser-cookies';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from './cookie-names';

/** The messages a page may leave for the next one: spec §8's success messages and the code notices. */
export const NOTICE_KEYS: readonly string[] = [
  ...SUCCESS_MESSAGE_KEYS,
  'passwordRecoverySent',
  'privacyAccountDeleted',
];

/** Leaves success messages for the page the shopper goes to next. */
export function leaveNotice(...messageKeys: string[]): void {
  writeCookie(COOKIE_NAMES.notice, messageKeys.join(','), COOKIE_MAX_AGE_SECONDS.notice);
}

/** The success messages the previous page left, once: reading removes them. Unknown keys are dropped. */
export function takeNotices(): string[] {
  const value = readCookie(COOKIE_NAMES.notice);
  if (value === undefined) return [];
  writeCookie(COOKIE_NAMES.notice, undefined, 0);
  return value.split(',').filter((key) => NOTICE_KEYS.includes(key));
}
