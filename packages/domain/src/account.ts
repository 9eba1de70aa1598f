import { parseMsisdn } from './phone';

/** Spec §6: a session (and the cookie that holds it) lasts 365 days. */
export const SESSION_DAYS = 365;

/** Spec §2 and §9: order history pages of 15; the account overview shows the latest 3. */
export const ORDER_HISTORY_PAGE_SIZE = 15;
export const LATEST_ORDERS_SHOWN = 3;

/** Spec §7: the offset of a history page (pages count from 1). */
export const historyOffset = (page: number): number =>
  (Math.max(1, Math.trunc(page)) - 1) * ORDER_HISTORY_PAGE_SIZE;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Codes sent by e-mail or SMS to confirm, reset or sign in: six digits. */
export const ACCOUNT_CODE_LENGTH = 6;
export const ACCOUNT_CODE_PATTERN = /^\d{6}$/;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a text has the form of an e-mail address (whether it reaches anybody, only a mail tells). */
export const isEmailAddress = (value: string): boolean => EMAIL.test(value) && value.length <= 254;

export type UserName =
  | { ok: true; kind: 'email'; userName: string }
  | { ok: true; kind: 'phone'; userName: string }
  | { ok: false };

/**
 * What a shopper types into the login field, as the account's user name: an e-mail, lower-cased
 * (spec §5: login is case-insensitive), or, where the tenant allows phone registration, a mobile
 * number of its countries in E.164.
 */
export function readUserName(
  input: string,
  tenant: { phoneRegistration: boolean; phoneCountryCodes: readonly string[] },
): UserName {
  const value = input.trim();
  if (value.includes('@')) {
    return isEmailAddress(value) ? { ok: true, kind: 'email', userName: value.toLowerCase() } : { ok: false };
  }
  if (!tenant.phoneRegistration) return { ok: false };
  const phone = parseMsisdn(value, tenant.phoneCountryCodes);
  return phone.ok ? { ok: true, kind: 'phone', userName: phone.msisdn } : { ok: false };
}

export type PasswordProblem =
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordTooCommon'
  | 'passwordContainsUserName';

/**
 * Why a new password is refused, as its message key, or undefined when it is fine: long enough,
 * not one of the commonly used passwords, not containing the user name nor equal to its e-mail's
 * local part.
 */
export function passwordProblem(
  password: string,
  userName: string,
  isCommon: (password: string) => boolean,
): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if ([...password].length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  if (isCommon(password.toLowerCase())) return 'passwordTooCommon';
  const lower = password.toLowerCase();
  const name = userName.toLowerCase();
  const local = name.split('@')[0] ?? name;
  if (lower.includes(name) || lower === local) return 'passwordContainsUserName';
  return undefined;
}

/** An e-mail address shown without giving it away: `d***@funkfix.example`. */
export const maskEmail = (email: string): string => `${email[0]}***${email.slice(email.indexOf('@'))}`;
