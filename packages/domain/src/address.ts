import { isCountry, normalisePostcode } from './postcode';

/**
 * A shopper's postal address as the account keeps it (spec §3 address record). Country codes are
 * ISO 3166-1 alpha-2, written upper case (`DE`); a lower-case code is read the same.
 */
export interface PostalAddress {
  zip: string;
  city: string;
  street: string;
  houseNumber: string;
  countryCode: string;
}

export type AddressField = keyof Omit<PostalAddress, 'countryCode'>;

/** Whether a postcode has the form of the country's postcodes; a country not served takes any postcode. */
export function isPostcodeOf(zip: string, countryCode: string): boolean {
  const country = countryCode.toLowerCase();
  return isCountry(country) ? normalisePostcode(zip, country) !== undefined : zip.trim().length > 0;
}

export type AddressProblem =
  | 'postcodeRequired'
  | 'postcodeInvalid'
  | 'cityRequired'
  | 'streetRequired'
  | 'houseNumberRequired';

/**
 * What keeps an address from being sent, as message keys by field. An address left empty is
 * fine (an account needs none); once any part is given, postcode, town and street are needed, and
 * the house number too unless the tenant has `isHouseNumberOptional` (streets without numbers).
 */
export function addressProblems(
  address: PostalAddress,
  { houseNumberOptional }: { houseNumberOptional: boolean },
): Partial<Record<AddressField, AddressProblem>> {
  const value = (field: AddressField) => address[field].trim();
  const fields: AddressField[] = ['zip', 'city', 'street', 'houseNumber'];
  if (fields.every((field) => value(field) === '')) return {};
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  if (!value('zip')) problems.zip = 'postcodeRequired';
  else if (!isPostcodeOf(value('zip'), address.countryCode)) problems.zip = 'postcodeInvalid';
  if (!value('city')) problems.city = 'cityRequired';
  if (!value('street')) problems.street = 'streetRequired';
  if (!value('houseNumber') && !houseNumberOptional) problems.houseNumber = 'houseNumberRequired';
  return problems;
}

/** Countries that write the house number before the street ("221B Baker Street", "12 rue de Rivoli"). */
const NUMBER_BEFORE_STREET: ReadonlySet<string> = new Set(['GB', 'FR']);

/**
 * The address as its country writes it on an envelope, without the country: the street line
 * (number after the street, or before it in GB and FR), then postcode and town (town first in GB).
 * Parts left empty are left out, and so are lines left empty.
 */
export function addressLines(address: PostalAddress): string[] {
  const country = address.countryCode.toUpperCase();
  const join = (...parts: string[]) =>
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
  const street = NUMBER_BEFORE_STREET.has(country)
    ? join(address.houseNumber, address.street)
    : join(address.street, address.houseNumber);
  const town = country === 'GB' ? join(address.city, address.zip) : join(address.zip, address.city);
  return [street, town].filter(Boolean);
}
