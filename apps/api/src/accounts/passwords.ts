import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  DomainError,
  type ErrorCode,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
  passwordProblem,
} from '@shop/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/** Argon2id (the library's `Algorithm.Argon2id`, a const enum) with OWASP's settings: 19 MiB, two passes, one lane. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The scheme of the shop whose accounts were taken over: salted SHA-1, `$legacy-sha1${salt}${hex}`.
 * Such a hash is checked but never written; its owner must choose a new password (the rehash flow).
 */
const LEGACY_PREFIX = '$legacy-sha1$';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export type PasswordCheck = 'valid' | 'valid-needs-rehash' | 'wrong';

/** Checks a password against a stored hash of either scheme. */
export async function checkPassword(stored: string | null, password: string): Promise<PasswordCheck> {
  if (!stored) return 'wrong';
  if (stored.startsWith(LEGACY_PREFIX)) {
    const [salt = '', expected = ''] = stored.slice(LEGACY_PREFIX.length).split('$');
    const actual = createHash('sha1').update(`${salt}${password}`).digest('hex');
    return expected.length === actual.length && timingSafeEqual(Buffer.from(expected), Buffer.from(actual))
      ? 'valid-needs-rehash'
      : 'wrong';
  }
  return (await verify(stored, password).catch(() => false)) ? 'valid' : 'wrong';
}

/** A hash of the old scheme, for the demo account that shows the rehash flow. */
export function legacyHash(password: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${LEGACY_PREFIX}${salt}$${createHash('sha1').update(`${salt}${password}`).digest('hex')}`;
}

/**
 * A stand-in hash checked when no account matches, so that a wrong user name takes as long to
 * refuse as a wrong password and the answer time tells nobody which accounts exist.
 */
let decoy: Promise<string> | undefined;
export async function checkAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verify(await decoy, password).catch(() => false);
}

const REFUSALS = {
  passwordTooShort: ['PASSWORD_TOO_SHORT', `must have at least ${PASSWORD_MIN_LENGTH} characters`],
  passwordTooLong: ['PASSWORD_TOO_LONG', `must have at most ${PASSWORD_MAX_LENGTH} characters`],
  passwordTooCommon: ['PASSWORD_TOO_COMMON', 'is one of the most commonly used passwords'],
  passwordContainsUserName: ['PASSWORD_CONTAINS_USER_NAME', 'must not contain the user name'],
} as const satisfies Record<PasswordProblem, readonly [ErrorCode, string]>;

/** Refuses a new password that breaks the rule, with the code of the rule it breaks. */
export function assertNewPassword(password: string, userName: string): void {
  const problem = passwordProblem(password, userName, isCommonPassword);
  if (!problem) return;
  const [code, message] = REFUSALS[problem];
  throw new DomainError(code, `password ${message}`);
}
