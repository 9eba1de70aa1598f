import { authAnswerSchema, checkoutAddressAnswerSchema } from '@shop/domain/contract';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from './cookie-names';

/**
 * The shopper's session as the storefront keeps it (decision 0037): the access token of a sign-in
 * lives in an httpOnly cookie that the storefront's server turns into `Authorization: Bearer`; the
 * page never holds it.
 */

type SessionCall =
  /** The answer may carry a new session's token, read by `token`. */
  | { effect: 'opens'; token: (answer: unknown) => string | undefined }
  /** The session ends: whatever the API answers, or only when it succeeds. */
  | { effect: 'ends'; onlyOnSuccess?: boolean };

/** The calls through `/api/*` that open or end the shopper's session. */
const SESSION_CALLS: Record<string, SessionCall> = {
  '/api/auth/authenticate': {
    effect: 'opens',
    token: (answer) => authAnswerSchema.safeParse(answer).data?.accessToken,
  },
  '/api/auth/ssoAuthenticate': {
    effect: 'opens',
    token: (answer) => authAnswerSchema.safeParse(answer).data?.accessToken,
  },
  // A guest who creates an account while paying (spec §6) is signed in by the answer.
  '/api/shop/rest/checkout-address': {
    effect: 'opens',
    token: (answer) => checkoutAddressAnswerSchema.safeParse(answer).data?.authData?.accessToken,
  },
  '/api/auth/signOut': { effect: 'ends' },
  // A wrong password or code deletes nothing and must not sign the shopper out.
  '/api/shop/rest/account/delete': { effect: 'ends', onlyOnSuccess: true },
};

/** What a POST to this path of `/api/*` does to the session, if anything. */
export function sessionCall(method: string, path: string): SessionCall | undefined {
  return method === 'POST' ? SESSION_CALLS[path] : undefined;
}

function cookie(name: string, value: string, maxAgeSeconds: number, attributes: string[]): string {
  return [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAgeSeconds}`, 'Path=/', ...attributes].join(
    '; ',
  );
}

/**
 * The session cookie: httpOnly, for a year (spec §6), Secure unless the shop is served on a
 * development host. SameSite=Lax instead of spec §5's Strict: the shopper comes back from the
 * payment provider's pages (another site) by a top-level navigation, which must arrive signed in
 * (decision 0037); Lax still keeps the cookie off every cross-site POST and subrequest.
 */
export function sessionCookie(accessToken: string, secure: boolean): string {
  return cookie(COOKIE_NAMES.accessToken, accessToken, COOKIE_MAX_AGE_SECONDS.accessToken, [
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ]);
}

/**
 * The cookies of a session the tenant's phone app opened (decision 0050), all for as long as the
 * session lives: the session itself, the channel `app` (sent as X-Channel), the app's number (the
 * checkout's contact phone, spec §3) and the app's return address. A cart of an earlier visit is
 * left behind: it may be in another currency.
 */
export function appSessionCookies(
  session: { accessToken: string; expiresAt: string; msisdn: string; returnUrl: string },
  secure: boolean,
  now = Date.now(),
): string[] {
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now) / 1000));
  const lax = ['SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return [
    cookie(COOKIE_NAMES.accessToken, session.accessToken, maxAge, ['HttpOnly', ...lax]),
    cookie(COOKIE_NAMES.channel, 'app', maxAge, ['HttpOnly', ...lax]),
    cookie(COOKIE_NAMES.appReturnUrl, session.returnUrl, maxAge, ['HttpOnly', ...lax]),
    cookie(COOKIE_NAMES.phoneNumber, session.msisdn, maxAge, lax),
    cookie(COOKIE_NAMES.cartName, '', 0, lax),
  ];
}

/** Spec §4: signing out forgets the session and the stored phone number. */
export function endedSessionCookies(secure: boolean): string[] {
  const attributes = ['SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return [
    cookie(COOKIE_NAMES.accessToken, '', 0, ['HttpOnly', ...attributes]),
    cookie(COOKIE_NAMES.phoneNumber, '', 0, attributes),
  ];
}

/** Success messages for the next page to show (read and removed by the page's alert area). */
export function noticeCookie(messageKeys: readonly string[], secure: boolean): string {
  return cookie(COOKIE_NAMES.notice, messageKeys.join(','), COOKIE_MAX_AGE_SECONDS.notice, [
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ]);
}

/**
 * A single sign-on under way (decision 0035): the `state` sent to the identity provider and the
 * page to go back to, for ten minutes. Lax, because the provider sends the shopper back by a
 * top-level navigation of its own site; httpOnly, because only the return route reads it.
 */
export function ssoStateCookie(state: string, returnTo: string, secure: boolean): string {
  return cookie(COOKIE_NAMES.ssoState, `${state}|${returnTo}`, COOKIE_MAX_AGE_SECONDS.ssoState, [
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ]);
}

export function endedSsoStateCookie(secure: boolean): string {
  return cookie(COOKIE_NAMES.ssoState, '', 0, ['HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])]);
}

/** The state and return page a {@link ssoStateCookie} holds (its value as the browser sends it back). */
export function readSsoState(value: string | undefined): { state: string; returnTo: string } | undefined {
  if (!value) return undefined;
  const decoded = decodeURIComponent(value);
  const separator = decoded.indexOf('|');
  if (separator < 1) return undefined;
  return { state: decoded.slice(0, separator), returnTo: decoded.slice(separator + 1) };
}
