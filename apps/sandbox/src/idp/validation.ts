import { fail, isRecord, type Parsed } from '../validation';
import { type AssertionRequest, DEFAULT_LIFETIME_SECONDS } from './assertions';

/**
 * Checks of what reaches the identity provider: the shop id in the path, the shop's redirect,
 * the twin's body and the login form. A failure names the field.
 */

const SHOP_ID = /^[a-z0-9-]{1,63}$/;
const E164 = /^\+\d{6,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_SECONDS = 24 * 60 * 60;
const MAX_STATE_LENGTH = 512;

export const isShopId = (value: string): boolean => SHOP_ID.test(value);

export interface Redirect {
  redirectUri: string;
  state?: string;
}

/** `redirect_uri` (an absolute http or https URL) and `state` (optional) of the shop's request. */
export function parseRedirect(query: Record<string, unknown>): Parsed<Redirect> {
  const { redirect_uri: redirectUri, state } = query;
  let url: URL | undefined;
  try {
    url = typeof redirectUri === 'string' ? new URL(redirectUri) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return fail('redirect_uri must be an absolute http or https URL');
  }
  if (state !== undefined && (typeof state !== 'string' || state.length > MAX_STATE_LENGTH)) {
    return fail(`state must be a text of at most ${MAX_STATE_LENGTH} characters`);
  }
  return { ok: true, value: { redirectUri: url.toString(), ...(state ? { state } : {}) } };
}

function wholeSeconds(value: unknown, field: string, min: number, fallback: number): Parsed<number> {
  if (value === undefined) return { ok: true, value: fallback };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > DAY_SECONDS) {
    return fail(`${field} must be a whole number of seconds from ${min} to ${DAY_SECONDS}`);
  }
  return { ok: true, value };
}

function email(value: unknown): Parsed<string | undefined> {
  if (value === undefined || value === '') return { ok: true, value: undefined };
  if (typeof value !== 'string' || !EMAIL.test(value.trim()) || value.length > 254) {
    return fail('email must be an e-mail address');
  }
  return { ok: true, value: value.trim() };
}

/**
 * The body of `POST /idp/{shopId}/assertions`: `{ msisdn, email?, emailVerified?, expiresInSeconds?,
 * issuedSecondsAgo?, audience?, forge? }`. Unknown fields are ignored.
 */
export function parseAssertionRequest(body: unknown): Parsed<AssertionRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { msisdn, emailVerified, audience, forge } = body;
  if (typeof msisdn !== 'string' || !E164.test(msisdn.trim())) {
    return fail('msisdn must be a phone number in E.164 form: +, then 6 to 15 digits');
  }
  const address = email(body.email);
  if (!address.ok) return address;
  if (emailVerified !== undefined && typeof emailVerified !== 'boolean') {
    return fail('emailVerified must be true or false');
  }
  const lifetime = wholeSeconds(
    body.expiresInSeconds,
    'expiresInSeconds',
    -DAY_SECONDS,
    DEFAULT_LIFETIME_SECONDS,
  );
  if (!lifetime.ok) return lifetime;
  const age = wholeSeconds(body.issuedSecondsAgo, 'issuedSecondsAgo', 0, 0);
  if (!age.ok) return age;
  if (audience !== undefined && (typeof audience !== 'string' || audience === '' || audience.length > 100)) {
    return fail('audience must be a text of 1 to 100 characters');
  }
  if (forge !== undefined && typeof forge !== 'boolean') return fail('forge must be true or false');
  return {
    ok: true,
    value: {
      msisdn: msisdn.trim(),
      ...(address.value ? { email: address.value } : {}),
      emailVerified: emailVerified ?? true,
      expiresInSeconds: lifetime.value,
      issuedSecondsAgo: age.value,
      ...(audience === undefined ? {} : { audience }),
      forge: forge ?? false,
    },
  };
}

export interface LoginForm {
  msisdn: string;
  email?: string;
  emailVerified: boolean;
}

/** The login page's form: a number as people write it (spaces, dashes, `00` for `+`), an e-mail. */
export function parseLoginForm(
  body: Record<string, unknown>,
): Parsed<LoginForm> & { field?: 'msisdn' | 'email' } {
  const typed = typeof body.msisdn === 'string' ? body.msisdn.replace(/[\s()./-]/g, '') : '';
  const msisdn = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  if (!E164.test(msisdn)) {
    return { ...fail('Enter the number in international form, such as +4915112345678'), field: 'msisdn' };
  }
  const address = email(body.email);
  if (!address.ok) return { ...fail('Enter an e-mail address, or leave the field empty'), field: 'email' };
  return {
    ok: true,
    value: {
      msisdn,
      ...(address.value ? { email: address.value } : {}),
      emailVerified: body.emailVerified === 'yes',
    },
  };
}
