import { ACCOUNT_CODE_LENGTH, messageKeyFor, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain';
import type { ApiFailure } from '../../lib/api-answer';
import { codeProblem } from '../forms/code-check';
import { EMAIL } from '../forms/email';

/**
 * The checks the sign-in forms make before calling the API, each answering the message key of
 * the problem or undefined; the API checks again (a phone number's country, common passwords).
 */

/** What a mobile number may look like as typed: digits, spaces, dashes, brackets, a leading +. */
const PHONE_AS_TYPED = /^\+?[\d\s()/-]{6,}$/;

/** The login field: an e-mail, or an e-mail or a mobile number where phone registration is allowed (spec §5). */
export function userNameProblem(value: string, phoneRegistration: boolean): string | undefined {
  const typed = value.trim();
  if (!typed) return phoneRegistration ? 'userNameOrPhoneRequired' : 'userNameRequired';
  if (EMAIL.test(typed)) return undefined;
  if (!phoneRegistration) return 'emailInvalid';
  return !typed.includes('@') && PHONE_AS_TYPED.test(typed) ? undefined : 'invalidUserName';
}

export function passwordProblem(password: string): string | undefined {
  return password ? undefined : 'passwordRequired';
}

/** A new password: the length rule shown with the field (the API also refuses common ones). */
export function newPasswordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return undefined;
}

/** An account's code sent by e-mail or SMS: six digits. */
export const accountCodeProblem = (code: string): string | undefined =>
  codeProblem(code, ACCOUNT_CODE_LENGTH);

export type AuthField = 'userName' | 'password' | 'code';

/** The field an API refusal is about, to show it there; undefined for a refusal of the whole form. */
export function fieldOf(code: string | undefined): AuthField | undefined {
  switch (code) {
    case 'INVALID_USER_NAME':
    case 'CUSTOMER_DUPLICATION_ERROR':
      return 'userName';
    case 'NotAuthorizedException':
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'PASSWORD_TOO_COMMON':
    case 'PASSWORD_CONTAINS_USER_NAME':
      return 'password';
    case 'INVALID_VERIFICATION_CODE':
      return 'code';
    default:
      return undefined;
  }
}

/**
 * Spec §8: a failed recovery call shows the error's code (or, without one, the HTTP status) with
 * its message, so that support can tell what happened.
 */
export function failureReference(failure: Pick<ApiFailure, 'status' | 'code'>): string {
  return failure.code ?? (failure.status ? `HTTP ${failure.status}` : 'NETWORK');
}

/** The message key of a failure the form shows as a whole. */
export const failureKey = (failure: Pick<ApiFailure, 'code'>): string => messageKeyFor(failure.code);
