'use client';

import { ACCOUNT_CODE_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { sendLoginCode } from '../../lib/auth-api';
import { CodeEntry } from '../forms/CodeEntry';
import { focusFirstProblem } from '../forms/first-problem';
import { PasswordField } from '../forms/PasswordField';
import { ResendCodeButton } from '../forms/ResendCodeButton';
import { UserNameField } from '../forms/UserNameField';
import { useFieldErrors } from '../forms/useFieldErrors';
import { useHydrated } from '../forms/useHydrated';
import { accountCodeProblem, failureKey, fieldOf, passwordProblem, userNameProblem } from './checks';
import { type LoginMode, SignInModeChoice } from './SignInModeChoice';
import { signIn } from './sign-in';

type Field = 'userName' | 'password' | 'code';
const ORDER: readonly Field[] = ['userName', 'password', 'code'];

export interface SignInFormProps {
  target: string;
  phoneRegistration: boolean;
  userName: string;
  setUserName: (userName: string) => void;
  /** The password was right but the account is not confirmed: the confirm dialog is offered. */
  onNeedsConfirmation: (password: string) => void;
  /** Spec §4: the password must be replaced; the reset dialog opens with the recovery token. */
  onNeedsNewPassword: (recoveryToken: string) => void;
  /** The forgot-password part below the form: its id, whether it is open, and its toggle. */
  forgot: { id: string; open: boolean; toggle: () => void };
  /** The submit button, where focus returns when a dialog closes. */
  submitRef: RefObject<HTMLButtonElement | null>;
}

/** Sign in by password or by a code sent by SMS to the account's number. */
export function SignInForm(props: SignInFormProps) {
  const { target, phoneRegistration, userName } = props;
  const t = useTranslations('common');
  const hydrated = useHydrated();
  const [mode, setMode] = useState<LoginMode>('normal');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSentAt, setCodeSentAt] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [formError, setFormError] = useState<{ key: string; offerConfirmation?: boolean }>();
  const { errors, setErrors, changed } = useFieldErrors<Field>({
    userName: (value) => userNameProblem(value, phoneRegistration),
    password: passwordProblem,
    code: accountCodeProblem,
  });
  const codeInput = useRef<HTMLInputElement>(null);
  const refs = {
    userName: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: codeInput,
  };

  // A code has gone out: the field for it has appeared, and the shopper types there next.
  useEffect(() => {
    if (codeSentAt !== undefined) codeInput.current?.focus();
  }, [codeSentAt]);

  function showProblems(next: Partial<Record<Field, string>>): boolean {
    setErrors(next);
    return focusFirstProblem(ORDER, next, refs);
  }

  function chooseMode(next: LoginMode) {
    setMode(next);
    setErrors({});
    setFormError(undefined);
    setNotice('');
  }

  async function requestCode() {
    const sent = await sendLoginCode({ userName: userName.trim() });
    if (!sent.ok) {
      if (fieldOf(sent.code) === 'userName') showProblems({ userName: failureKey(sent) });
      else setFormError({ key: failureKey(sent) });
      return;
    }
    setCode('');
    setCodeSentAt(Date.now());
    setNotice(t('loginCodeSent'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const sendingCode = mode === 'otp' && codeSentAt === undefined;
    const problems = showProblems({
      userName: userNameProblem(userName, phoneRegistration),
      ...(mode === 'normal' ? { password: passwordProblem(password) } : {}),
      ...(mode === 'otp' && !sendingCode ? { code: accountCodeProblem(code) } : {}),
    });
    if (problems) return;
    setBusy(true);
    if (sendingCode) {
      await requestCode();
      setBusy(false);
      return;
    }
    const outcome = await signIn(
      mode === 'normal' ? { userName: userName.trim(), password } : { userName: userName.trim(), code },
      target,
      ['successfulAuthentication'],
    );
    if (outcome.kind === 'signedIn') return;
    setBusy(false);
    if (outcome.kind === 'newPassword') {
      props.onNeedsNewPassword(outcome.recoveryToken);
      return;
    }
    const { failure } = outcome;
    if (failure.code === 'ACCOUNT_NOT_CONFIRMED') {
      setFormError({ key: failureKey(failure), offerConfirmation: true });
    } else if (failure.code === 'NotAuthorizedException') {
      if (mode === 'normal') showProblems({ password: 'incorrectUsernameOrPassword' });
      else showProblems({ code: 'invalidVerificationCode' });
    } else if (fieldOf(failure.code) === 'userName') {
      showProblems({ userName: failureKey(failure) });
    } else {
      setFormError({ key: failureKey(failure) });
    }
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    setFormError(undefined);
    await requestCode();
    setBusy(false);
  }

  const fieldError = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="sign-in-form">
      <fieldset className="auth-form__fields" disabled={!hydrated}>
        <SignInModeChoice mode={mode} onChange={chooseMode} />
        <UserNameField
          label={t(phoneRegistration ? 'userNameOrPhoneLabel' : 'userNameLabel')}
          phoneRegistration={phoneRegistration}
          autoComplete="username"
          value={userName}
          onChange={(value) => {
            props.setUserName(value);
            changed('userName', value);
            if (errors.password === 'incorrectUsernameOrPassword')
              setErrors((e) => ({ ...e, password: undefined }));
            if (codeSentAt !== undefined) {
              // A code went to the account typed before; a new name needs a new code.
              setCodeSentAt(undefined);
              setNotice('');
            }
          }}
          error={fieldError('userName')}
          inputRef={refs.userName}
        />
        {mode === 'normal' ? (
          <>
            <PasswordField
              label={t('passwordLabel')}
              autoComplete="current-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                changed('password', value);
              }}
              error={fieldError('password')}
              inputRef={refs.password}
            />
            <button
              type="button"
              className="link-button"
              aria-expanded={props.forgot.open}
              aria-controls={props.forgot.id}
              onClick={props.forgot.toggle}
            >
              {t('forgotPasswordLink')}
            </button>
          </>
        ) : (
          <>
            <p className="field__hint">{t('loginCodeHint')}</p>
            {codeSentAt !== undefined && (
              <CodeEntry
                name="code"
                length={ACCOUNT_CODE_LENGTH}
                inputClassName="code-input"
                label={t('otpCodeLabel')}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  changed('code', value);
                }}
                error={fieldError('code')}
                inputRef={refs.code}
              />
            )}
          </>
        )}
        <div className="auth-form__error" role="alert">
          {formError && (
            <p className="field__error">
              {t(formError.key)}{' '}
              {formError.offerConfirmation && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => props.onNeedsConfirmation(password)}
                >
                  {t('confirmAccountOffer')}
                </button>
              )}
            </p>
          )}
        </div>
        <p role="status" className="auth-form__notice">
          {notice}
        </p>
        <div className="auth-form__actions">
          <button ref={props.submitRef} type="submit" className="button" disabled={busy}>
            {mode === 'otp' && codeSentAt === undefined ? t('sendLoginCode') : t('signInButton')}
          </button>
          {mode === 'otp' && codeSentAt !== undefined && (
            <ResendCodeButton
              sentAt={codeSentAt}
              className="secondary-button"
              disabled={busy}
              onClick={resend}
            />
          )}
        </div>
      </fieldset>
    </form>
  );
}
