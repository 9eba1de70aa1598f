import type { AuthenticateRequest } from '@shop/domain/contract';
import { useState } from 'react';
import type { ApiFailure } from '../../lib/api-answer';
import { authenticate } from '../../lib/auth-api';
import { goTo } from '../../lib/browser-cookies';
import { leaveNotice } from '../../lib/notice';

export type SignInOutcome =
  /** Signed in: the page is on its way to the target. */
  | { kind: 'signedIn' }
  /** Spec §4: the password is right but stored under an old scheme; a new one is set with this token. */
  | { kind: 'newPassword'; recoveryToken: string }
  | { kind: 'failed'; failure: ApiFailure };

/**
 * Signs in (the session cookie is set by the shop's server, decision 0037) and goes on to the
 * target page, which shows the notices; answers what else happened.
 */
export async function signIn(
  request: AuthenticateRequest,
  target: string,
  notices: string[],
): Promise<SignInOutcome> {
  const result = await authenticate(request);
  if (!result.ok) return { kind: 'failed', failure: result };
  if (result.data.passwordNeedsRehash) {
    const token = result.data.passwordRecoveryToken;
    return token
      ? { kind: 'newPassword', recoveryToken: token }
      : { kind: 'failed', failure: { status: 200, code: undefined } };
  }
  leaveNotice(...notices);
  await goTo(target);
  return { kind: 'signedIn' };
}

/**
 * The problems of a form's fields, as message keys. A problem stays until fixed: after a change
 * it is checked again with the field's check (a refusal of the API goes once the field changes).
 */
export function useFieldErrors<F extends string>(
  checks: Partial<Record<F, (value: string) => string | undefined>>,
) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const changed = (field: F, value: string) =>
    setErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: checks[field]?.(value) },
    );
  return { errors, setErrors, changed };
}

/** The first field with a problem, in the order of the form, to put the focus in. */
export function firstWithProblem<F extends string>(order: readonly F[], errors: Partial<Record<F, string>>) {
  return order.find((field) => errors[field] !== undefined);
}
