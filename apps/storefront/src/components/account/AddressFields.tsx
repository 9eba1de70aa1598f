'use client';

import { isPostcodeOf } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FieldErrors } from '../forms/field-errors';
import { SelectField } from '../forms/fields';
import { TextField } from '../forms/TextField';
import { useErrorText } from '../forms/useErrorText';
import type { AddressLookup } from './address-lookup';
import type { ProfileField, ProfileValues } from './profile-checks';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
}

type AddressValues = Pick<ProfileValues, 'zip' | 'city' | 'street' | 'houseNumber' | 'countryCode'>;

/**
 * The address part of the profile form: the country (a choice where the tenant has
 * `hasAddressCountrySelection`, else the tenant's, named), postcode and town, street and house
 * number (optional where the tenant has `isHouseNumberOptional`).
 */
export function AddressFields({
  form,
  values,
  errors,
  onChange,
  countries,
  tenantCountry,
  houseNumberOptional,
  lookup,
}: {
  form: string;
  values: AddressValues;
  errors: FieldErrors<ProfileField>;
  onChange: (changes: Partial<AddressValues>) => void;
  /** The countries to choose from; undefined where the shopper does not choose. */
  countries: readonly CountryOption[] | undefined;
  tenantCountry: CountryOption;
  houseNumberOptional: boolean;
  /** The postcode look-up (see address-lookup.ts). */
  lookup?: AddressLookup;
}) {
  const t = useTranslations('common');
  const error = useErrorText(errors);
  const country = countries?.find((option) => option.code === values.countryCode) ?? tenantCountry;
  const [streets, setStreets] = useState<string[]>([]);
  const streetList = useId();

  async function lookUpPostcode() {
    const postcode = values.zip.trim();
    if (!lookup || !isPostcodeOf(postcode, country.code)) return;
    const found = await lookup({ postcode, countryCode: country.code, countryName: country.name });
    setStreets(found?.streets ?? []);
    const fill: Partial<AddressValues> = {};
    if (found?.postcode && found.postcode !== postcode) fill.zip = found.postcode;
    if (found?.city && !values.city.trim()) fill.city = found.city;
    if (found?.street && !values.street.trim()) fill.street = found.street;
    if (Object.keys(fill).length > 0) onChange(fill);
  }

  return (
    <fieldset className="account-fieldset">
      <legend>{t('profileAddressLabel')}</legend>
      {countries ? (
        <SelectField
          form={form}
          name="countryCode"
          label={t('addressCountryLabel')}
          value={values.countryCode}
          onChange={(countryCode) => onChange({ countryCode })}
          options={countries.map((option) => ({ value: option.code, label: option.name }))}
          autoComplete="country"
          error={error('countryCode')}
        />
      ) : (
        <p className="account-fieldset__country" data-testid="address-country">
          <span>{t('addressCountryLabel')}</span> <strong>{tenantCountry.name}</strong>
        </p>
      )}
      <div className="account-fields-row account-fields-row--postcode">
        <TextField
          form={form}
          name="zip"
          label={t('addressPostcodeLabel')}
          value={values.zip}
          onChange={(zip) => onChange({ zip })}
          onBlur={() => void lookUpPostcode()}
          autoComplete="postal-code"
          maxLength={20}
          error={error('zip')}
        />
        <TextField
          form={form}
          name="city"
          label={t('addressCityLabel')}
          value={values.city}
          onChange={(city) => onChange({ city })}
          autoComplete="address-level2"
          maxLength={100}
          error={error('city')}
        />
      </div>
      <div className="account-fields-row account-fields-row--street">
        <TextField
          form={form}
          name="street"
          label={t('addressStreetLabel')}
          value={values.street}
          onChange={(street) => onChange({ street })}
          autoComplete="address-line1"
          maxLength={200}
          list={streets.length > 1 ? streetList : undefined}
          error={error('street')}
        />
        {streets.length > 1 ? (
          <datalist id={streetList}>
            {streets.map((street) => (
              <option key={street} value={street} />
            ))}
          </datalist>
        ) : null}
        <TextField
          form={form}
          name="houseNumber"
          label={houseNumberOptional ? t('addressHouseNumberOptionalLabel') : t('addressHouseNumberLabel')}
          value={values.houseNumber}
          onChange={(houseNumber) => onChange({ houseNumber })}
          maxLength={20}
          error={error('houseNumber')}
        />
      </div>
    </fieldset>
  );
}
