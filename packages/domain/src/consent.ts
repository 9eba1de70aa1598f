/**
 * The shopper's cookie consent (spec §3): necessary cookies are always on, statistics only once
 * the shopper has said yes (decision 0046). Kept in a cookie of the shop as `necessary:1|statistics:0`.
 */
export interface CookieConsent {
  readonly necessary: true;
  readonly statistics: boolean;
}

/** What holds before the shopper has chosen: nothing beyond what the shop needs to work. */
export const DEFAULT_CONSENT: CookieConsent = { necessary: true, statistics: false };

/** How long a choice is kept before the shop asks again (six months, as the CNIL recommends). */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export function serializeConsent(consent: CookieConsent): string {
  return `necessary:1|statistics:${consent.statistics ? 1 : 0}`;
}

/** The choice a cookie value records; undefined when the shopper has not chosen (or it is unreadable). */
export function parseConsent(value: string | undefined): CookieConsent | undefined {
  const match = /^necessary:1\|statistics:([01])$/.exec(value ?? '');
  return match ? { necessary: true, statistics: match[1] === '1' } : undefined;
}
