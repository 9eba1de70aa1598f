import { addressProblems } from '@shop/domain';
import type { CountryOption } from '../account/AddressFields';

/** The address the app flow asks for while paying (spec §3: real fields, not "N/A"). */
export interface BillingAddressValues {
  firstname: string;
  lastname: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  countryCode: string;
}
export type BillingAddressField = keyof BillingAddressValues;

export interface BillingAddressRules {
  /** The countries the address may be in, by name. */
  countries: readonly CountryOption[];
  /** The country chosen first. */
  country: CountryOption;
  houseNumberOptional: boolean;
}

export const emptyBillingAddress = (country: string): BillingAddressValues => ({
  firstname: '',
  lastname: '',
  street: '',
  houseNumber: '',
  zip: '',
  city: '',
  countryCode: country,
});

/** What keeps the address from being sent, as message keys by field: here every part is needed. */
export function billingAddressProblems(
  values: BillingAddressValues,
  { houseNumberOptional }: Pick<BillingAddressRules, 'houseNumberOptional'>,
): Partial<Record<BillingAddressField, string>> {
  const problems: Partial<Record<BillingAddressField, string>> = {};
  if (!values.firstname.trim()) problems.firstname = 'firstnameRequired';
  if (!values.lastname.trim()) problems.lastname = 'lastnameRequired';
  const place = addressProblems(values, { houseNumberOptional });
  // An address left wholly empty passes `addressProblems`; here it is needed.
  const emptyPlace = !values.zip.trim() && !values.city.trim() && !values.street.trim();
  return {
    ...problems,
    ...(emptyPlace
      ? {
          zip: 'postcodeRequired',
          city: 'cityRequired',
          street: 'streetRequired',
          ...(houseNumberOptional ? {} : { houseNumber: 'houseNumberRequired' }),
        }
      : place),
  };
}
