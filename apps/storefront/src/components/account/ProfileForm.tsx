'use client';

import { type AccountProfile, accountProfileSchema } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useRef, useState } from 'react';
import { callShopApi } from '../../lib/shop-api';
import { TextField } from '../forms/TextField';
import { useAccountForm } from '../forms/useAccountForm';
import { useErrorText } from '../forms/useErrorText';
import { useHydrated } from '../forms/useHydrated';
import { AddressFields, type CountryOption } from './AddressFields';
import { lookUpPostcode } from './address-lookup';
import { NameFields } from './NameFields';
import {
  editProfileRequest,
  emailChanged,
  fieldOfRefusal,
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

/** The profile's field a refusal is about; a new password is the other form's. */
function profileFieldOf(code: string | undefined): ProfileField | undefined {
  const field = fieldOfRefusal(code);
  return field === 'newPassword' ? undefined : field;
}

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
  const { errors, status, changed, passes, save } = useAccountForm({
    form,
    order: FIELD_ORDER,
    here,
    fieldOf: profileFieldOf,
  });
  const error = useErrorText(errors);
  const needsPassword = emailChanged(values, saved.email);

  // A change may come from an answer that arrives later (the postcode look-up): it applies to the
  // values as they are then, not as they were when it was asked for.
  const latest = useRef(values);
  latest.current = values;

  function change(changes: Partial<ProfileValues>) {
    const next = { ...latest.current, ...changes };
    latest.current = next;
    setValues(next);
    changed(next, profileProblems(next, rules, saved.email));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    if (!passes(profileProblems(values, rules, saved.email))) return;
    const edited = await save(values, () =>
      callShopApi('/api/shop/rest/account/profile/edit', accountProfileSchema, {
        method: 'POST',
        body: JSON.stringify(editProfileRequest(values, rules, saved.email)),
      }),
    );
    if (edited) {
      setSaved(edited);
      setValues(profileValues(edited, rules));
    }
  }

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
