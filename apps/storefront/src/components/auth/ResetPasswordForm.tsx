'use client';

import { ACCOUNT_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiFailure } from '../../lib/api-answer';
import { forgotPassword, resetPassword } from '../../lib/auth-api';
import { goTo } from '../../lib/browser-cookies';
import { leaveNotice } from '../../lib/notice';
import { withReturn } from '../../lib/return-path';
import { CodeEntry } from '../forms/CodeEntry';
import { focusFirstProblem } from '../forms/first-problem';
import { PasswordField } from '../forms/PasswordField';
import { ResendCodeButton } from '../forms/ResendCodeButton';
import { UserNameField } from '../forms/UserNameField';
import { useFieldErrors } from '../forms/useFieldErrors';
import { useHydrated } from '../forms/useHydrated';
import {
  accountCodeProblem,
  failureKey,
  failureReference,
  fieldOf,
  newPasswordProblem,
  userNameProblem,
} from './checks';

type Field = 'userName' | 'code' | 'password';
const ORDER: readonly Field[] = ['userName', 'code', 'password'];

/**
 * /reset-password (spec §2): the code sent by "forgot password" and a new password; afterwards
 * the shopper signs in with it on /login. A failure shows the error's name (spec §8) besides the
 * problem next to its field.
 */
export function ResetPasswordForm({
  initialUserName,
  phoneRegistration,
  target,
  codeJustSent,
}: {
  initialUserName: string;
  phoneRegistration: boolean;
  /** Where the sign-in after the reset goes on to. */
  target: string | undefined;
  /** The shopper comes from asking for a code: a new one may be asked for after the usual wait. */
  codeJustSent: boolean;
}) {
  const t = useTranslations('common');
  const hydrated = useHydrated();
  const [userName, setUserName] = useState(initialUserName);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ failure: ApiFailure; of: 'reset' | 'newCode' }>();
  const [notice, setNotice] = useState('');
  const [sentAt, setSentAt] = useState(0);

  // Counted from when the page runs, so that the server's HTML and the browser's agree.
  useEffect(() => {
    if (codeJustSent) setSentAt(Date.now());
  }, [codeJustSent]);
  const { errors, setErrors, changed } = useFieldErrors<Field>({
    userName: (value) => userNameProblem(value, phoneRegistration),
    code: accountCodeProblem,
    password: newPasswordProblem,
  });
  const refs = {
    userName: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  function showProblems(next: Partial<Record<Field, string>>): boolean {
    setErrors(next);
    return focusFirstProblem(ORDER, next, refs);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    setNotice('');
    if (
      showProblems({
        userName: userNameProblem(userName, phoneRegistration),
        code: accountCodeProblem(code),
        password: newPasswordProblem(password),
      })
    )
      return;
    setBusy(true);
    const result = await resetPassword({ userName: userName.trim(), verificationCode: code, password });
    if (result.ok) {
      leaveNotice('passwordHasChanged');
      await goTo(withReturn('/login', target));
      return;
    }
    setBusy(false);
    setFailure({ failure: result, of: 'reset' });
    const field = fieldOf(result.code);
    if (field) showProblems({ [field]: failureKey(result) });
  }

  async function sendNewCode() {
    if (busy) return;
    setFailure(undefined);
    setNotice('');
    if (showProblems({ userName: userNameProblem(userName, phoneRegistration) })) return;
    setBusy(true);
    const sent = await forgotPassword({ userName: userName.trim() });
    setBusy(false);
    if (!sent.ok) {
      setFailure({ failure: sent, of: 'newCode' });
      return;
    }
    setCode('');
    setSentAt(Date.now());
    setNotice(t('passwordRecoverySent'));
    refs.code.current?.focus();
  }

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      data-testid="reset-password-form"
    >
      <fieldset className="auth-form__fields" disabled={!hydrated}>
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
          inputRef={refs.userName}
        />
        <CodeEntry
          name="code"
          length={ACCOUNT_CODE_LENGTH}
          inputClassName="code-input"
          label={t('resetCodeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            changed('code', value);
          }}
          error={errors.code ? t(errors.code) : undefined}
          inputRef={refs.code}
        />
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
          inputRef={refs.password}
        />
        <div className="auth-form__error" role="alert" data-testid="reset-password-result">
          {failure && (
            <p className="field__error">
              {t(failure.of === 'reset' ? 'passwordNotChanged' : 'requestFailed', {
                message: t(failureKey(failure.failure)),
                reference: failureReference(failure.failure),
              })}
            </p>
          )}
        </div>
        <p role="status" className="auth-form__notice">
          {notice}
        </p>
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('savePassword')}
          </button>
          <ResendCodeButton
            sentAt={sentAt}
            className="secondary-button"
            disabled={busy}
            onClick={sendNewCode}
          />
        </div>
        <p>
          <a href={withReturn('/login', target)}>{t('backToSignIn')}</a>
        </p>
      </fieldset>
    </form>
  );
}
