'use client';

import { isLanguage, PASSWORD_MIN_LENGTH } from '@shop/domain';
import type { RegisterAnswer } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { register } from '../../lib/auth-api';
import { savedPhoneNumber } from '../../lib/phone-number-cookie';
import { focusFirstProblem } from '../forms/first-problem';
import { PasswordField } from '../forms/PasswordField';
import { UserNameField } from '../forms/UserNameField';
import { useFieldErrors } from '../forms/useFieldErrors';
import { useHydrated } from '../forms/useHydrated';
import { failureKey, fieldOf, newPasswordProblem, userNameProblem } from './checks';

type Field = 'userName' | 'password';
const ORDER: readonly Field[] = ['userName', 'password'];

/**
 * Opening an account (spec §7 register): the confirmation code goes by e-mail, or by SMS to a
 * phone account; the confirm dialog takes it. The number of the last top-up, when the shop keeps
 * one, becomes the account's number (spec §7: the phone comes from the cookie).
 */
export function RegisterForm({
  phoneRegistration,
  onRegistered,
  submitRef,
}: {
  phoneRegistration: boolean;
  onRegistered: (answer: RegisterAnswer, password: string) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('common');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const { errors, setErrors, changed } = useFieldErrors<Field>({
    userName: (value) => userNameProblem(value, phoneRegistration),
    password: newPasswordProblem,
  });
  const refs = { userName: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  function showProblems(next: Partial<Record<Field, string>>): boolean {
    setErrors(next);
    return focusFirstProblem(ORDER, next, refs);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    if (
      showProblems({
        userName: userNameProblem(userName, phoneRegistration),
        password: newPasswordProblem(password),
      })
    )
      return;
    setBusy(true);
    const phoneNumber = savedPhoneNumber();
    const result = await register({
      userName: userName.trim(),
      password,
      ...(isLanguage(locale) ? { language: locale } : {}),
      ...(phoneNumber ? { phoneNumber } : {}),
    });
    setBusy(false);
    if (result.ok) {
      onRegistered(result.data, password);
      return;
    }
    const field = fieldOf(result.code);
    if (field === 'userName' || field === 'password') showProblems({ [field]: failureKey(result) });
    else setFormError(failureKey(result));
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="register-form">
      <fieldset className="auth-form__fields" disabled={!hydrated}>
        <UserNameField
          label={t(phoneRegistration ? 'userNameOrPhoneLabel' : 'userNameLabel')}
          phoneRegistration={phoneRegistration}
          autoComplete={phoneRegistration ? 'username' : 'email'}
          value={userName}
          onChange={(value) => {
            setUserName(value);
            changed('userName', value);
          }}
          error={errors.userName ? t(errors.userName) : undefined}
          inputRef={refs.userName}
        />
        <PasswordField
          label={t('passwordLabel')}
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
        <div className="auth-form__error" role="alert">
          {formError && <p className="field__error">{t(formError)}</p>}
        </div>
        <div className="auth-form__actions">
          <button ref={submitRef} type="submit" className="button" disabled={busy}>
            {t('registerButton')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
