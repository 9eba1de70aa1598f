/** The countries the shops serve (tenant countries and phone country codes), lower-case ISO 3166-1. */
export const COUNTRIES = ['de', 'at', 'fr', 'nl', 'be', 'gb'] as const;
export type Country = (typeof COUNTRIES)[number];

export const isCountry = (value: string): value is Country =>
  (COUNTRIES as readonly string[]).includes(value);

interface PostcodeFormat {
  /** The postcode without spaces, in upper case. */
  compact: RegExp;
  /** How the country writes it. */
  written: (compact: string) => string;
}

const asIs = (compact: string) => compact;

const FORMATS: Record<Country, PostcodeFormat> = {
  de: { compact: /^\d{5}$/, written: asIs },
  at: { compact: /^\d{4}$/, written: asIs },
  fr: { compact: /^\d{5}$/, written: asIs },
  be: { compact: /^\d{4}$/, written: asIs },
  nl: { compact: /^\d{4}[A-Z]{2}$/, written: (compact) => `${compact.slice(0, 4)} ${compact.slice(4)}` },
  // Outward code (area, district) and inward code (sector digit, two letters), e.g. SW1A 1AA, M1 1AE.
  gb: {
    compact: /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/,
    written: (compact) => `${compact.slice(0, -3)} ${compact.slice(-3)}`,
  },
};

/**
 * A postcode as its country writes it ("1012ab" → "1012 AB", "sw1a1aa" → "SW1A 1AA",
 * " 10115 " → "10115"), or undefined when it is no postcode of that country.
 */
export function normalisePostcode(input: string, country: Country): string | undefined {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const format = FORMATS[country];
  return format.compact.test(compact) ? format.written(compact) : undefined;
}
