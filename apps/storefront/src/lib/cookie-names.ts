/**
 * Every cookie the shop reads or sets, by name. The names belong to the contract (spec §1–§4, §7)
 * and never change; the browser journeys use them too (`@shop/storefront/cookie-names`).
 */
export const COOKIE_NAMES = {
  /** The shopper's language choice, `xx` or `xx-YY` (spec §2). */
  locale: 'LOCALE',
  /** The shopper's theme choice, `light` or `dark` (spec §1). */
  theme: 'theme',
  /** The shopper's cart, kept across reloads (spec §4). */
  cartName: 'cartName',
  /** The number of the shopper's last top-up, sent as the checkout contact phone (spec §3). */
  phoneNumber: 'phoneNumber',
  /**
   * The client address of spec §7's X-CLIENT-IP. A browser cannot choose its address, so the
   * storefront never reads it: it sends the connection's (decision 0062).
   */
  clientIp: 'CLIENT_IP',
  /** The session's channel passed on as X-Channel, `web` without it (spec §7). */
  channel: 'channel',
  /**
   * The signed-in shopper's access token (spec §6: 365 days), httpOnly: the storefront passes it
   * on to the API as `Authorization: Bearer`, so the browser's scripts never hold it.
   */
  accessToken: 'accessToken',
  /**
   * Success messages (spec §8) for the next page to show, comma-separated message keys: a
   * sign-in, a sign-out or a new password ends with a page load (decision 0032).
   */
  notice: 'notice',
  /** A single sign-on under way: its `state` and the page to go back to (decision 0035). */
  ssoState: 'ssoState',
  /**
   * Where the deep link hands the shopper back to the tenant's phone app, set (httpOnly) when the
   * app opened the shop (decision 0050); with `channel=app` it marks an app session.
   */
  appReturnUrl: 'appReturnUrl',
  /** The shopper's cookie consent (spec §3), `necessary:1|statistics:0` or `…:1` (decision 0046). */
  consent: 'cookieConsent',
  /** Statistics only, set after consent (spec §9, decision 0047): the analytics client id. */
  analyticsClientId: 'analyticsClientId',
  /** Statistics only: the advertising click that brought the shopper, `gclid.…`. */
  analyticsClickId: 'analyticsClickId',
  /** Statistics only: when the shopper's visit started, in seconds. */
  analyticsSessionId: 'analyticsSessionId',
} as const;

/** Cookies the shop cannot work without; everything else needs the shopper's consent (decision 0046). */
export const NECESSARY_COOKIES: ReadonlySet<string> = new Set([
  COOKIE_NAMES.locale,
  COOKIE_NAMES.theme,
  COOKIE_NAMES.cartName,
  COOKIE_NAMES.phoneNumber,
  COOKIE_NAMES.clientIp,
  COOKIE_NAMES.channel,
  COOKIE_NAMES.accessToken,
  COOKIE_NAMES.notice,
  COOKIE_NAMES.ssoState,
  COOKIE_NAMES.appReturnUrl,
  COOKIE_NAMES.consent,
]);

/** A display choice kept for a year and read back on the server. */
export type PreferenceCookie = typeof COOKIE_NAMES.locale | typeof COOKIE_NAMES.theme;

/** How long the shop keeps what it remembers for the checkout (spec §3, §4). */
export const COOKIE_MAX_AGE_SECONDS = {
  cartName: 7 * 24 * 60 * 60,
  phoneNumber: 30 * 24 * 60 * 60,
  accessToken: 365 * 24 * 60 * 60,
  notice: 60,
  ssoState: 10 * 60,
} as const;
