'use client';

import { useState } from 'react';
import type { ApiResult } from '../../lib/api-answer';
import { goTo } from '../../lib/browser-cookies';
import { loginPath } from '../../lib/login-path';
import { errorsAfterChange, errorsOf, type FieldErrors, refusedErrors } from './field-errors';
import { focusFirstError } from './first-problem';
import { isSignedOut, refusalOf } from './refusal';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; messageKey: string };

/**
 * The errors and the saving of a form of the signed-in shopper's account. A problem the form
 * finds, or a refusal of the API about a field, stands beside that field until it is fixed, the
 * focus on the first; any other refusal is the form's message; a session that ran out sends the
 * shopper to sign in and come back to `here`.
 */
export function useAccountForm<F extends string>({
  form,
  order,
  here,
  fieldOf,
}: {
  /** The form's id, which the fields' ids start with. */
  form: string;
  /** The fields in the order of the form. */
  order: readonly F[];
  here: string;
  /** The field of the form a refusal's code is about, if any. */
  fieldOf: (code: string | undefined) => F | undefined;
}) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  function showErrors(shown: FieldErrors<F>) {
    setErrors(shown);
    setStatus({ kind: 'idle' });
    focusFirstError(form, order, shown);
  }

  /** The shopper changed the form (to `values`, whose problems are now `problems`). */
  function changed(values: Readonly<Record<F, string>>, problems: Partial<Record<F, string>>) {
    setErrors((current) => errorsAfterChange(current, values, problems));
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  }

  /** Shows the form's problems before sending; answers whether there are none and it may be sent. */
  function passes(problems: Partial<Record<F, string>>): boolean {
    const found = errorsOf(problems);
    if (Object.keys(found).length === 0) {
      setErrors(found);
      return true;
    }
    showErrors(found);
    return false;
  }

  /** Sends the form; answers what the API saved, or undefined where it refused. */
  async function save<T>(
    values: Readonly<Record<F, string>>,
    send: () => Promise<ApiResult<T>>,
  ): Promise<T | undefined> {
    setStatus({ kind: 'saving' });
    const result = await send();
    if (result.ok) {
      setStatus({ kind: 'saved' });
      return result.data;
    }
    if (isSignedOut(result.status, result.code)) {
      await goTo(loginPath(here));
      return undefined;
    }
    const refusal = refusalOf(result.code, fieldOf);
    if (refusal.kind === 'field') showErrors(refusedErrors(refusal.field, refusal.messageKey, values));
    else setStatus({ kind: 'failed', messageKey: refusal.messageKey });
    return undefined;
  }

  return { errors, status, changed, passes, save };
}
