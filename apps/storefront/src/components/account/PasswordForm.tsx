'use client';

import { messageKeyFor, PASSWORD_MIN_LENGTH } from '@shop/domain';
import { accountProfileSchema, type EditProfileRequest } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { loginPath } from '../../lib/login-path';
import { callShopApi } from '../../lib/shop-api';
import { useHydrated } from '../checkout/useHydrated';
import { focusFirstError, TextField } from './fields';
import {
  errorsAfterChange,
  errorsOf,
  type FieldErrors,
  fieldOfRefusal,
  isSignedOut,
  type PasswordValues,
  passwordProblems,
} from './profile-checks';

type PasswordField = keyof PasswordValues;
const FIELD_ORDER: readonly PasswordField[] = ['currentPassword', 'newPassword'];
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '' };

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; messageKey: string };

/**
 * A new password for the account: the current one and the new one, whose rule is shown before
 * anything is typed. The API checks the current password (AUTHENTICATION_FAILED) and whether the
 * new one is too common; each refusal stays next to its field until that field changes.
 */
export function PasswordForm({ userName, here }: { userName: string; here: string }) {
  const t = useTranslations('common');
  const form = useId();
  const hydrated = useHydrated();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  function change(changes: Partial<PasswordValues>) {
    const next = { ...values, ...changes };
    setValues(next);
    setErrors((current) => errorsAfterChange(current, next, passwordProblems(next, userName)));
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const problems = errorsOf(passwordProblems(values, userName));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setStatus({ kind: 'idle' });
      focusFirstError(form, FIELD_ORDER, problems);
      return;
    }
    setStatus({ kind: 'saving' });
    const result = await callShopApi('/api/shop/rest/account/profile/edit', accountProfileSchema, {
      method: 'POST',
      body: JSON.stringify({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      } satisfies EditProfileRequest),
    });
    if (result.ok) {
      setValues(EMPTY);
      setStatus({ kind: 'saved' });
      return;
    }
    if (isSignedOut(result.status, result.code)) {
      await goTo(loginPath(here));
      return;
    }
    const field = fieldOfRefusal(result.code);
    const messageKey = messageKeyFor(result.code);
    if (field === 'currentPassword' || field === 'newPassword') {
      const refused: FieldErrors<PasswordField> = { [field]: { key: messageKey, refused: values[field] } };
      setErrors(refused);
      setStatus({ kind: 'idle' });
      focusFirstError(form, FIELD_ORDER, refused);
    } else {
      setStatus({ kind: 'failed', messageKey });
    }
  }

  const error = (field: PasswordField) => {
    const key = errors[field]?.key;
    return key ? t(key) : undefined;
  };

  return (
    <form className="account-form card" onSubmit={submit} noValidate aria-labelledby={`${form}-title`}>
      <h2 id={`${form}-title`}>{t('profileChangePassword')}</h2>
      {/* Tells a password manager which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <TextField
        form={form}
        name="currentPassword"
        type="password"
        label={t('profileCurrentPasswordLabel')}
        value={values.currentPassword}
        onChange={(currentPassword) => change({ currentPassword })}
        autoComplete="current-password"
        required
        error={error('currentPassword')}
      />
      <TextField
        form={form}
        name="newPassword"
        type="password"
        label={t('profileNewPasswordLabel')}
        hint={t('profilePasswordRule', { min: PASSWORD_MIN_LENGTH })}
        value={values.newPassword}
        onChange={(newPassword) => change({ newPassword })}
        autoComplete="new-password"
        required
        error={error('newPassword')}
      />
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={!hydrated}>
          {t('profileChangePassword')}
        </button>
        <p className="account-form__status" role="status" data-testid="password-status">
          {status.kind === 'saving' && t('profileSaving')}
          {status.kind === 'saved' && t('passwordHasChanged')}
        </p>
      </div>
      {status.kind === 'failed' && (
        <p className="account-form__error" role="alert">
          {t(status.messageKey)}
        </p>
      )}
    </form>
  );
}
