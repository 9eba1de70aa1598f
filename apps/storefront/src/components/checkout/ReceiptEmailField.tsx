'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { useFieldIds } from '../forms/field-ids';
import { Field, fieldAria } from '../forms/fields';

/**
 * The e-mail address the receipt goes to, with its hint and error; optional where the voucher PINs
 * go by SMS or WhatsApp and no account is opened.
 */
export function ReceiptEmailField({
  value,
  onChange,
  error,
  inputRef,
  required = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  required?: boolean;
}) {
  const t = useTranslations('common');
  const ids = useFieldIds();
  const hint = t('emailHint');
  return (
    <Field ids={ids} label={t(required ? 'emailLabel' : 'emailOptionalLabel')} hint={hint} error={error}>
      <input
        ref={inputRef}
        id={ids.input}
        type="email"
        autoComplete="email"
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(ids, hint, error)}
      />
    </Field>
  );
}
