/**
 * The sandbox operator's numbering plan: which fictional brand owns a mobile number.
 *
 * Deterministic on purpose: tests and demos rely on it. A number belongs to the brand of the
 * longest prefix below that it starts with; a number no prefix matches is unknown. The country
 * of a number is the one of its calling code.
 *
 * | prefix                                   | brand        | country |
 * |------------------------------------------|--------------|---------|
 * | +49170, +49171, +49175                   | funkfix      | de      |
 * | +49151, +49152                           | blitzmobil   | de      |
 * | +49160, +49162                           | tarifwerk    | de      |
 * | +49157, +49159, +49176 … +49179          | funkwelle    | de      |
 * | +49155, +49156                           | kiezfunk     | de      |
 * | +43660, +43699                           | alpenfunk    | at      |
 * | +43664, +43676                           | bergnetz     | at      |
 * | +316                                     | belwaarde    | nl      |
 * | +324                                     | belwaarde    | be      |
 * | +336, +337                               | rechargeplus | fr      |
 * | +447                                     | topnet       | gb      |
 * | +4456                                    | callhome     | gb      |
 *
 * funkwelle, kiezfunk and bergnetz are brands that no demo tenant sells.
 */

/** Brand id → display name. */
export const BRANDS = {
  funkfix: 'FunkFix',
  blitzmobil: 'Blitz Mobil',
  tarifwerk: 'Tarifwerk',
  alpenfunk: 'AlpenFunk',
  belwaarde: 'BelWaarde',
  rechargeplus: 'Recharge Plus',
  topnet: 'TopNet',
  callhome: 'CallHome',
  funkwelle: 'Funkwelle',
  kiezfunk: 'Kiezfunk',
  bergnetz: 'Bergnetz',
} as const;

export type BrandId = keyof typeof BRANDS;

/** Calling code (digits after `+`) → lower-case ISO country. */
export const CALLING_CODES: Readonly<Record<string, string>> = {
  '49': 'de',
  '43': 'at',
  '31': 'nl',
  '32': 'be',
  '33': 'fr',
  '44': 'gb',
};

/** Number prefix (E.164 with `+`) → owning brand. The one place that decides ownership. */
export const NUMBER_PREFIXES: Readonly<Record<string, BrandId>> = {
  '+49170': 'funkfix',
  '+49171': 'funkfix',
  '+49175': 'funkfix',
  '+49151': 'blitzmobil',
  '+49152': 'blitzmobil',
  '+49160': 'tarifwerk',
  '+49162': 'tarifwerk',
  '+49157': 'funkwelle',
  '+49159': 'funkwelle',
  '+49176': 'funkwelle',
  '+49177': 'funkwelle',
  '+49178': 'funkwelle',
  '+49179': 'funkwelle',
  '+49155': 'kiezfunk',
  '+49156': 'kiezfunk',
  '+43660': 'alpenfunk',
  '+43699': 'alpenfunk',
  '+43664': 'bergnetz',
  '+43676': 'bergnetz',
  '+316': 'belwaarde',
  '+324': 'belwaarde',
  '+336': 'rechargeplus',
  '+337': 'rechargeplus',
  '+447': 'topnet',
  '+4456': 'callhome',
};

/** An msisdn: digits with an optional leading `+`, 6 to 15 digits (E.164). */
const MSISDN = /^\+?\d{6,15}$/;

export interface NumberOwner {
  msisdn: string;
  country: string;
  brandId: BrandId;
  brandName: string;
}

export type NumberLookup =
  | { kind: 'found'; owner: NumberOwner }
  | { kind: 'unknown'; msisdn: string }
  | { kind: 'invalid' };

/** Prefixes longest first, so a longer prefix wins over a shorter one it starts with. */
const prefixesLongestFirst = Object.keys(NUMBER_PREFIXES).sort((a, b) => b.length - a.length);

/** Normalises an msisdn to E.164 with `+`; undefined when it is not a phone number. */
export function normaliseMsisdn(input: string): string | undefined {
  const trimmed = input.trim();
  if (!MSISDN.test(trimmed)) return undefined;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** The lower-case ISO country of a number (E.164 with `+`) by its calling code, whoever owns it. */
export function countryOf(msisdn: string): string | undefined {
  for (const length of [1, 2, 3]) {
    const country = CALLING_CODES[msisdn.slice(1, 1 + length)];
    if (country) return country;
  }
  return undefined;
}

/** Which brand owns a number, by the prefix table above. */
export function lookupNumber(input: string): NumberLookup {
  const msisdn = normaliseMsisdn(input);
  if (!msisdn) return { kind: 'invalid' };
  const prefix = prefixesLongestFirst.find((candidate) => msisdn.startsWith(candidate));
  const brandId = prefix === undefined ? undefined : NUMBER_PREFIXES[prefix];
  const country = countryOf(msisdn);
  if (!brandId || !country) return { kind: 'unknown', msisdn };
  return { kind: 'found', owner: { msisdn, country, brandId, brandName: BRANDS[brandId] } };
}
