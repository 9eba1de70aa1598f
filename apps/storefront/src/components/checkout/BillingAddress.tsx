'use client';

import { AddressFields } from '../account/AddressFields';
import { NameFields } from '../account/NameFields';
import type { FieldErrors } from '../forms/field-errors';
import { useErrorText } from '../forms/useErrorText';
import type { BillingAddressField, BillingAddressRules, BillingAddressValues } from './billing-address';

/** Names and postal address, in the payment form of the app flow. */
export function BillingAddress({
  form,
  values,
  errors,
  onChange,
  rules,
}: {
  form: string;
  values: BillingAddressValues;
  errors: FieldErrors<BillingAddressField>;
  onChange: (changes: Partial<BillingAddressValues>) => void;
  rules: BillingAddressRules;
}) {
  const error = useErrorText(errors);
  return (
    <div className="billing-address" data-testid="billing-address">
      <NameFields form={form} values={values} onChange={onChange} error={error} required />
      <AddressFields
        form={form}
        values={values}
        errors={errors}
        onChange={onChange}
        countries={rules.countries}
        tenantCountry={rules.country}
        houseNumberOptional={rules.houseNumberOptional}
      />
    </div>
  );
}
