'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiFailure } from '../../lib/api-answer';
import { forgotPassword } from '../../lib/auth-api';
import { goTo } from '../../lib/browser-cookies';
import { leaveNotice } from '../../lib/notice';
import { withReturn } from '../../lib/return-path';
import { UserNameField } from '../forms/UserNameField';
import { useFieldErrors } from '../forms/useFieldErrors';
import { failureKey, failureReference, fieldOf, userNameProblem } from './checks';

/**
 * "Forgot your password?": sends a reset code to the account and goes on to /reset-password
 * (spec §2), where the code sets a new password. A failure shows its code (spec §8).
 */
export function ForgotPasswordForm({
  id,
  initialUserName,
  phoneRegistration,
  target,
}: {
  id: string;
  initialUserName: string;
  phoneRegistration: boolean;
  target: string;
}) {
  const t = useTranslations('common');
  const [userName, setUserName] = useState(initialUserName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  const input = useRef<HTMLInputElement>(null);
  const { errors, setErrors, changed } = useFieldErrors<'userName'>({
    userName: (value) => userNameProblem(value, phoneRegistration),
  });

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const problem = userNameProblem(userName, phoneRegistration);
    setErrors({ userName: problem });
    if (problem) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    const sent = await forgotPassword({ userName: userName.trim() });
    if (sent.ok) {
      leaveNotice('passwordRecoverySent');
      await goTo(withReturn('/reset-password', target, { userName: userName.trim() }));
      return;
    }
    setBusy(false);
    setFailure(sent);
    if (fieldOf(sent.code) === 'userName') {
      setErrors({ userName: failureKey(sent) });
      input.current?.focus();
    }
  }

  return (
    <form
      id={id}
      className="auth-form forgot-password"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      data-testid="forgot-password-form"
    >
      <h2>{t('forgotPasswordTitle')}</h2>
      <p>{t('forgotPasswordText')}</p>
      <UserNameField
        label={t(phoneRegistration ? 'userNameOrPhoneLabel' : 'userNameLabel')}
        phoneRegistration={phoneRegistration}
        autoComplete="username"
        value={userName}
        onChange={(value) => {
          setUserName(value);
          changed('userName', value);
        }}
        error={errors.userName ? t(errors.userName) : undefined}
        inputRef={input}
      />
      <div className="auth-form__error" role="alert" data-testid="forgot-password-result">
        {failure && (
          <p className="field__error">
            {t('requestFailed', { message: t(failureKey(failure)), reference: failureReference(failure) })}
          </p>
        )}
      </div>
      <div className="auth-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {t('sendResetCode')}
        </button>
      </div>
    </form>
  );
}
