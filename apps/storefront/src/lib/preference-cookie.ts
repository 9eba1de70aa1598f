import type { PreferenceCookie } from './cookie-names';

/** A display choice lives a year. */
export const PREFERENCE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a shopper's display choice (language, theme) for a year; read back on the server. */
export function savePreference(name: PreferenceCookie, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // The Cookie Store API is not available in every browser the shop supports.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PREFERENCE_MAX_AGE_SECONDS}; samesite=strict${secure}`;
}
