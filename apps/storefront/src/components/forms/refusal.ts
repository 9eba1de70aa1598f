import { messageKeyFor } from '@shop/domain';

/** A session that ran out while the form was open: the shopper signs in again. */
export const isSignedOut = (status: number, code: string | undefined): boolean =>
  status === 401 && code !== 'AUTHENTICATION_FAILED';

/** Where a form shows a refusal of the API: beside the field it is about, or for the whole form. */
export type Refusal<F extends string> =
  | { kind: 'field'; field: F; messageKey: string }
  | { kind: 'form'; messageKey: string };

/** The refusal of `code`: beside the form's field that `fieldOf` names for it, else for the form. */
export function refusalOf<F extends string>(
  code: string | undefined,
  fieldOf: (code: string | undefined) => F | undefined,
): Refusal<F> {
  const messageKey = messageKeyFor(code);
  const field = fieldOf(code);
  return field === undefined ? { kind: 'form', messageKey } : { kind: 'field', field, messageKey };
}
