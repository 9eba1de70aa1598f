import { OTP_LENGTH } from '@shop/domain';
import { codeProblem } from '../forms/code-check';
import { isSignedOut, refusalOf } from '../forms/refusal';

/** The signed-in shopper's own data (docs/decisions/0036), as the shop's `/api/*` passes it on. */
export const OWN_DATA_EXPORT_PATH = '/api/shop/rest/account/export';
export const DELETION_CODE_PATH = '/api/shop/rest/account/delete/code';
export const DELETE_ACCOUNT_PATH = '/api/shop/rest/account/delete';

/** How the shopper confirms the deletion: the account's password, or the code sent for it. */
export type DeletionProof = 'password' | 'code';

/** What the form checks before it asks the API: a password is given, a code has its six digits. */
export function deletionProblem(proof: DeletionProof, value: string): string | undefined {
  if (proof === 'password') return value === '' ? 'privacyPasswordRequired' : undefined;
  return codeProblem(value, OTP_LENGTH);
}

/** What a refused deletion (or a refused code) means for the form. */
export type DeletionRefusal =
  /** The session is gone: the shopper signs in again and comes back. */
  | { kind: 'signedOut' }
  /** The password or the code was wrong: shown beside that field until it changes. */
  | { kind: 'field'; proof: DeletionProof; messageKey: string }
  /** Anything else, under the form; an order still being delivered is explained. */
  | { kind: 'form'; messageKeys: string[] };

/** The proof a refusal is about: a wrong password, or a wrong or old code. */
function proofOf(code: string | undefined): DeletionProof | undefined {
  if (code === 'AUTHENTICATION_FAILED') return 'password';
  if (code === 'INVALID_VERIFICATION_CODE') return 'code';
  return undefined;
}

export function deletionRefusal(status: number, code: string | undefined): DeletionRefusal {
  if (isSignedOut(status, code)) return { kind: 'signedOut' };
  const refusal = refusalOf(code, proofOf);
  if (refusal.kind === 'field')
    return { kind: 'field', proof: refusal.field, messageKey: refusal.messageKey };
  if (code === 'ACCOUNT_HAS_OPEN_ORDERS') {
    return { kind: 'form', messageKeys: [refusal.messageKey, 'privacyOpenOrdersExplained'] };
  }
  return { kind: 'form', messageKeys: [refusal.messageKey] };
}
