'use client';

import { useTranslations } from 'next-intl';
import { type RefObject, useId } from 'react';
import { TOPUP_FIELDS } from './form-post';
import type { PhoneCountry } from './props';

export interface PhoneNumberFieldProps {
  countries: PhoneCountry[];
  country: string;
  setCountry: (country: string) => void;
  phone: string;
  setPhone: (phone: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  error: string | undefined;
  /** A way on that goes with the error, e.g. the page of the brand that owns the number. */
  errorLink?: { href: string; label: string };
}

/** The number to top up, with the country of its calling code. */
export function PhoneNumberField({
  countries,
  country,
  setCountry,
  phone,
  setPhone,
  inputRef,
  error,
  errorLink,
}: PhoneNumberFieldProps) {
  const t = useTranslations('common');
  const ids = { phone: useId(), country: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.phone}>{t('phoneNumberLabel')}</label>
      <div className="phone-input">
        <label className="visually-hidden" htmlFor={ids.country}>
          {t('phoneCountryLabel')}
        </label>
        <select
          id={ids.country}
          name={TOPUP_FIELDS.country}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        >
          {countries.map(({ code, callingCode }) => (
            <option key={code} value={code}>
              {`${code.toUpperCase()} ${callingCode}`}
            </option>
          ))}
        </select>
        <input
          ref={inputRef}
          id={ids.phone}
          name={TOPUP_FIELDS.msisdn}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
      </div>
      {error && (
        <p className="field__error" id={ids.error} data-testid="phone-error">
          {error}
          {errorLink && (
            <>
              {' '}
              <a href={errorLink.href}>{errorLink.label}</a>
            </>
          )}
        </p>
      )}
    </div>
  );
}
