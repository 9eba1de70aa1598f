'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '../forms/TextField';

type Names = { firstname: string; lastname: string };

/** First and last name side by side, as the profile and the app flow's payment form ask for them. */
export function NameFields({
  form,
  values,
  onChange,
  error,
  required = false,
}: {
  form: string;
  values: Names;
  onChange: (changes: Partial<Names>) => void;
  /** The translated error of a field, if any. */
  error: (field: keyof Names) => string | undefined;
  required?: boolean;
}) {
  const t = useTranslations('common');
  return (
    <div className="account-fields-row">
      <TextField
        form={form}
        name="firstname"
        label={t('profileFirstnameLabel')}
        value={values.firstname}
        onChange={(firstname) => onChange({ firstname })}
        autoComplete="given-name"
        maxLength={100}
        required={required}
        error={error('firstname')}
      />
      <TextField
        form={form}
        name="lastname"
        label={t('profileLastnameLabel')}
        value={values.lastname}
        onChange={(lastname) => onChange({ lastname })}
        autoComplete="family-name"
        maxLength={100}
        required={required}
        error={error('lastname')}
      />
    </div>
  );
}
