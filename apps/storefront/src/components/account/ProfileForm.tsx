'use client';

import { messageKeyFor } from '@shop/domain';
import { type AccountProfile, accountProfileSchema } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useRef, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { loginPath } from '../../lib/login-path';
import { callShopApi } from '../../lib/shop-api';
import { useHydrated } from '../checkout/useHydrated';
import { AddressFields, type CountryOption } from './AddressFields';
import { lookUpPostcode } from './address-lookup';
import { focusFirstError, TextField } from './fields';
import { NameFields } from './NameFields';
import {
  editProfileRequest,
  emailChanged,
  errorsAfterChange,
  errorsOf,
  type FieldErrors,
  fieldOfRefusal,
  isSignedOut,
  type ProfileField,
  type ProfileRules,
  type ProfileValues,
  profileProblems,
  profileValues,
} from './profile-checks';

/** The fields in the order of the form, for moving focus to the first error. */
const FIELD_ORDER: readonly ProfileField[] = [
  'firstname',
  'lastname',
  'email',
  'currentPassword',
  'phoneNumber',
  'countryCode',
  'zip',
  'city',
  'street',
  'houseNumber',
];

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; messageKey: string };

/**
 * The profile: names, e-mail (a new one needs the current password), number (fixed where it is
 * the account's user name) and address. Sent through the shop's `/api` with the session cookie;
 * a problem stays next to its field until it is fixed; the saved profile comes back from the API.
 */
export function ProfileForm({
  profile,
  rules,
  countries,
  tenantCountry,
  here,
}: {
  profile: AccountProfile;
  rules: ProfileRules;
  countries: readonly CountryOption[] | undefined;
  tenantCountry: CountryOption;
  /** This page, to come back to after signing in again. */
  here: string;
}) {
  const t = useTranslations('common');
  const form = useId();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(profile);
  const [values, setValues] = useState(() => profileValues(profile, rules));
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const needsPassword = emailChanged(values, saved.email);

  // A change may come from an answer that arrives later (the postcode look-up): it applies to the
  // values as they are then, not as they were when it was asked for.
  const latest = useRef(values);
  latest.current = values;

  function change(changes: Partial<ProfileValues>) {
    const next = { ...latest.current, ...changes };
    latest.current = next;
    setValues(next);
    setErrors((current) => errorsAfterChange(current, next, profileProblems(next, rules, saved.email)));
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const problems = errorsOf(profileProblems(values, rules, saved.email));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setStatus({ kind: 'idle' });
      focusFirstError(form, FIELD_ORDER, problems);
      return;
    }
    setStatus({ kind: 'saving' });
    const result = await callShopApi('/api/shop/rest/account/profile/edit', accountProfileSchema, {
      method: 'POST',
      body: JSON.stringify(editProfileRequest(values, rules, saved.email)),
    });
    if (result.ok) {
      setSaved(result.data);
      setValues(profileValues(result.data, rules));
      setStatus({ kind: 'saved' });
      return;
    }
    if (isSignedOut(result.status, result.code)) {
      await goTo(loginPath(here));
      return;
    }
    const field = fieldOfRefusal(result.code);
    const messageKey = messageKeyFor(result.code);
    if (field && field !== 'newPassword') {
      const refused: FieldErrors<ProfileField> = { [field]: { key: messageKey, refused: values[field] } };
      setErrors(refused);
      setStatus({ kind: 'idle' });
      focusFirstError(form, FIELD_ORDER, refused);
    } else {
      setStatus({ kind: 'failed', messageKey });
    }
  }

  const error = (field: ProfileField) => {
    const key = errors[field]?.key;
    return key ? t(key) : undefined;
  };

  return (
    <form className="account-form card" onSubmit={submit} noValidate aria-labelledby={`${form}-title`}>
      <h2 id={`${form}-title`}>{t('profileFormTitle')}</h2>
      <fieldset className="account-fieldset">
        <legend>{t('profileContactLegend')}</legend>
        <NameFields form={form} values={values} onChange={change} error={error} />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('emailLabel')}
          hint={rules.isPhoneAccount ? undefined : t('profileEmailHint')}
          value={values.email}
          onChange={(email) => change({ email })}
          autoComplete="email"
          maxLength={254}
          required={!rules.isPhoneAccount}
          error={error('email')}
        />
        {needsPassword && (
          <TextField
            form={form}
            name="currentPassword"
            type="password"
            label={t('profileCurrentPasswordLabel')}
            hint={t('profileCurrentPasswordForEmailHint')}
            value={values.currentPassword}
            onChange={(currentPassword) => change({ currentPassword })}
            autoComplete="current-password"
            required
            error={error('currentPassword')}
          />
        )}
        <TextField
          form={form}
          name="phoneNumber"
          type="tel"
          label={t('phoneNumberLabel')}
          hint={rules.isPhoneAccount ? t('profilePhoneIsUserName') : undefined}
          value={values.phoneNumber}
          onChange={(phoneNumber) => change({ phoneNumber })}
          autoComplete="tel"
          maxLength={32}
          readOnly={rules.isPhoneAccount}
          error={error('phoneNumber')}
        />
      </fieldset>
      <AddressFields
        form={form}
        values={values}
        errors={errors}
        onChange={change}
        countries={countries}
        tenantCountry={tenantCountry}
        houseNumberOptional={rules.houseNumberOptional}
        lookup={lookUpPostcode}
      />
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={!hydrated}>
          {t('saveProfile')}
        </button>
        <p className="account-form__status" role="status" data-testid="profile-status">
          {status.kind === 'saving' && t('profileSaving')}
          {status.kind === 'saved' && t('successfulModification')}
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
