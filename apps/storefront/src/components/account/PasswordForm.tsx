'use client';

import { PASSWORD_MIN_LENGTH } from '@shop/domain';
import { accountProfileSchema, type EditProfileRequest } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { callShopApi } from '../../lib/shop-api';
import { TextField } from '../forms/TextField';
import { useAccountForm } from '../forms/useAccountForm';
import { useErrorText } from '../forms/useErrorText';
import { useHydrated } from '../forms/useHydrated';
import { fieldOfRefusal, type PasswordValues, passwordProblems } from './profile-checks';

type PasswordField = keyof PasswordValues;
const FIELD_ORDER: readonly PasswordField[] = ['currentPassword', 'newPassword'];
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '' };

/** The password form's field a refusal is about; the profile's fields are the other form's. */
function passwordFieldOf(code: string | undefined): PasswordField | undefined {
  const field = fieldOfRefusal(code);
  return field === 'currentPassword' || field === 'newPassword' ? field : undefined;
}

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
  const { errors, status, changed, passes, save } = useAccountForm({
    form,
    order: FIELD_ORDER,
    here,
    fieldOf: passwordFieldOf,
  });
  const error = useErrorText(errors);

  function change(changes: Partial<PasswordValues>) {
    const next = { ...values, ...changes };
    setValues(next);
    changed(next, passwordProblems(next, userName));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    if (!passes(passwordProblems(values, userName))) return;
    const changedPassword = await save(values, () =>
      callShopApi('/api/shop/rest/account/profile/edit', accountProfileSchema, {
        method: 'POST',
        body: JSON.stringify({
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
        } satisfies EditProfileRequest),
      }),
    );
    if (changedPassword) setValues(EMPTY);
  }

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
