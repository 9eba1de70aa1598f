import { COUNTRIES } from '@shop/tenants';
import type { CountryOption } from './AddressFields';

/** A country's name in the shopper's language: `DE` → "Deutschland". */
export function countryName(code: string, locale: string): string {
  const upper = code.toUpperCase();
  return new Intl.DisplayNames([locale], { type: 'region' }).of(upper) ?? upper;
}

/**
 * The countries an address may be in where the tenant lets the shopper choose: the shop's markets,
 * and the country the account's address is in already, by name.
 */
export function addressCountries(locale: string, current: string | null): CountryOption[] {
  const codes = new Set<string>(COUNTRIES.map((code) => code.toUpperCase()));
  if (current) codes.add(current.toUpperCase());
  return [...codes]
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
