'use client';

import { PASSWORD_MIN_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { ApiFailure } from '../../lib/api-answer';
import { resetPassword } from '../../lib/auth-api';
import { goTo } from '../../lib/browser-cookies';
import { leaveNotice } from '../../lib/notice';
import { withReturn } from '../../lib/return-path';
import { PasswordField } from '../forms/PasswordField';
import { useFieldErrors } from '../forms/useFieldErrors';
import { AuthDialog } from './AuthDialog';
import { failureKey, failureReference, fieldOf, newPasswordProblem } from './checks';
import { signIn } from './sign-in';

/**
 * Spec §4: a sign-in whose password is stored under an old scheme opens the reset dialog with the
 * recovery token as its verification code; the shopper only chooses the new password and is then
 * signed in with it. A failure shows the error's name (spec §8).
 */
export function NewPasswordDialog({
  userName,
  recoveryToken,
  target,
  onClose,
  returnFocusTo,
}: {
  userName: string;
  recoveryToken: string;
  target: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('common');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  const input = useRef<HTMLInputElement>(null);
  const { errors, setErrors, changed } = useFieldErrors<'password'>({ password: newPasswordProblem });

  function passwordError(key: string) {
    setErrors({ password: key });
    input.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const problem = newPasswordProblem(password);
    if (problem) {
      passwordError(problem);
      return;
    }
    setBusy(true);
    const changedPassword = await resetPassword({ userName, verificationCode: recoveryToken, password });
    if (!changedPassword.ok) {
      setBusy(false);
      setFailure(changedPassword);
      if (fieldOf(changedPassword.code) === 'password') passwordError(failureKey(changedPassword));
      return;
    }
    const outcome = await signIn({ userName, password }, target, [
      'passwordHasChanged',
      'successfulAuthentication',
    ]);
    if (outcome.kind === 'signedIn') return;
    // The password is changed; the sign-in page takes it from here.
    leaveNotice('passwordHasChanged');
    await goTo(withReturn('/login', target));
  }

  return (
    <AuthDialog
      title={t('newPasswordTitle')}
      description={t('passwordNeedsRehash')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      testId="new-password-dialog"
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        {/* Lets a password manager store the new password for the right account. */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        <PasswordField
          label={t('newPasswordLabel')}
          autoComplete="new-password"
          hint={t('passwordRule', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(value) => {
            setPassword(value);
            changed('password', value);
          }}
          error={errors.password ? t(errors.password) : undefined}
          inputRef={input}
        />
        <div className="auth-form__error" role="alert" data-testid="new-password-result">
          {failure && (
            <p className="field__error">
              {t('passwordNotChanged', {
                message: t(failureKey(failure)),
                reference: failureReference(failure),
              })}
            </p>
          )}
        </div>
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('savePassword')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </AuthDialog>
  );
}
