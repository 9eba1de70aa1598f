import 'server-only';
import { type CookieConsent, parseConsent } from '@shop/domain';
import { cookies } from 'next/headers';
import { COOKIE_NAMES } from './cookie-names';

/** The shopper's cookie consent; undefined until they have chosen (the banner asks then). */
export async function currentConsent(): Promise<CookieConsent | undefined> {
  return parseConsent((await cookies()).get(COOKIE_NAMES.consent)?.value);
}
