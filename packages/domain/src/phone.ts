import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { withLeadingPlus } from './phone-prefix';

export type MsisdnResult =
  | {
      ok: true;
      /** E.164, e.g. +491701234567. */
      msisdn: string;
      /** Lower-case tenant country code, e.g. de. */
      country: string;
      /** National format, e.g. 0170 1234567. */
      national: string;
      /** International format, e.g. +49 170 1234567. */
      international: string;
    }
  | { ok: false; reason: 'INVALID' | 'COUNTRY_NOT_ALLOWED' };

/** Digits, spaces and the punctuation people write phone numbers with. */
const PHONE_CHARACTERS = /^[\d\s+\-./()]*$/;

/**
 * Reads a phone number entered as a national number (in the first allowed country) or as an
 * international one with +, 00 or no prefix. A number starting with a single 0 is national; one
 * starting with another digit is read as international first and as national second, and the first
 * valid reading in an allowed country wins. Country codes are lower-case tenant codes (de, at, fr,
 * nl, be, gb). Validity is libphonenumber's `isValid()` with its min metadata, which cannot tell
 * mobile from fixed-line numbers. A valid number of no allowed country (or of no country at all,
 * like +800) is COUNTRY_NOT_ALLOWED.
 */
export function parseMsisdn(input: string, allowedCountries: readonly string[]): MsisdnResult {
  const allowed = allowedCountries
    .map((code) => code.toUpperCase())
    .filter((code): code is CountryCode => isSupportedCountry(code));
  const region: CountryCode | undefined = allowed[0];
  if (!PHONE_CHARACTERS.test(input)) return { ok: false, reason: 'INVALID' };
  const compact = input.replace(/[^\d+]/g, '');
  if (compact.lastIndexOf('+') > 0) return { ok: false, reason: 'INVALID' };

  const readings: string[] = [];
  const national = (): void => {
    if (region) readings.push(compact);
  };
  if (compact.startsWith('+')) readings.push(compact);
  else if (compact.startsWith('00')) readings.push(`+${compact.slice(2)}`);
  else if (compact.startsWith('0')) national();
  else {
    readings.push(`+${compact}`);
    national();
  }

  let validElsewhere = false;
  for (const reading of readings) {
    const parsed = parsePhoneNumberFromString(reading, { defaultCountry: region, extract: false });
    if (!parsed?.isValid()) continue;
    if (parsed.country && allowed.includes(parsed.country)) {
      return {
        ok: true,
        msisdn: parsed.number,
        country: parsed.country.toLowerCase(),
        national: parsed.formatNational(),
        international: parsed.formatInternational(),
      };
    }
    validElsewhere = true;
  }
  return { ok: false, reason: validElsewhere ? 'COUNTRY_NOT_ALLOWED' : 'INVALID' };
}

/** The international calling code of a tenant country code, e.g. `de` → `+49`, `gb` → `+44`. */
export function callingCode(country: string): string {
  const code = country.toUpperCase();
  if (!isSupportedCountry(code)) throw new RangeError(`Unknown country ${country}`);
  return `+${getCountryCallingCode(code as CountryCode)}`;
}

/** A stored number (E.164) as people read it, e.g. +49 170 1234567; as given when it cannot be read. */
export function formatMsisdn(msisdn: string): string {
  return parsePhoneNumberFromString(withLeadingPlus(msisdn))?.formatInternational() ?? msisdn;
}

/** The lower-case country of an international number (`+4366…` → `at`), when its calling code tells. */
export function countryOfNumber(msisdn: string): string | undefined {
  return parsePhoneNumberFromString(msisdn)?.country?.toLowerCase();
}

/**
 * The brand id of an operator the shop knows only by its name (an aggregator's operator no
 * tenant sells): its letters and digits, lower case (`Blitz Mobil` → `blitzmobil`).
 */
export const brandIdOfName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
