import type { AuthenticateRequest } from '@shop/domain/contract';
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
