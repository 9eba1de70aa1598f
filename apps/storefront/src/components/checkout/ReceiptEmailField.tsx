'use client';

import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import { describedBy, FieldMessages } from '../FieldMessages';

/** A well-formed e-mail address, as the checkout forms check it before sending. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const ids = { email: useId(), error: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.email}>{t(required ? 'emailLabel' : 'emailOptionalLabel')}</label>
      <input
        ref={inputRef}
        id={ids.email}
        type="email"
        autoComplete="email"
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error)}
      />
      <FieldMessages ids={ids} hint={t('emailHint')} error={error} />
    </div>
  );
}
