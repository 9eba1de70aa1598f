import { BRANDS, type BrandId, countryOf, lookupNumber } from '../operator/numbers';

/**
 * The sandbox operator's brands as DT One operators. DT One knows an operator per country, so
 * each brand has one fixed operator id per country it serves (BelWaarde two: the Netherlands and
 * Belgium). Which brand owns a number stays `operator/numbers.ts`'s business.
 *
 * | id   | brand        | country |   | id   | brand        | country |
 * |------|--------------|---------|---|------|--------------|---------|
 * | 4101 | funkfix      | DEU     |   | 4201 | alpenfunk    | AUT     |
 * | 4102 | blitzmobil   | DEU     |   | 4202 | bergnetz     | AUT     |
 * | 4103 | tarifwerk    | DEU     |   | 4301 | belwaarde    | NLD     |
 * | 4104 | funkwelle    | DEU     |   | 4401 | belwaarde    | BEL     |
 * | 4105 | kiezfunk     | DEU     |   | 4501 | rechargeplus | FRA     |
 * |      |              |         |   | 4601 | topnet       | GBR     |
 * |      |              |         |   | 4602 | callhome     | GBR     |
 */

export interface DtoneOperator {
  id: number;
  brandId: BrandId;
  /** Lower-case ISO 3166 alpha-2, as the numbering plan has it. */
  country: string;
}

export const DTONE_OPERATORS: readonly DtoneOperator[] = [
  { id: 4101, brandId: 'funkfix', country: 'de' },
  { id: 4102, brandId: 'blitzmobil', country: 'de' },
  { id: 4103, brandId: 'tarifwerk', country: 'de' },
  { id: 4104, brandId: 'funkwelle', country: 'de' },
  { id: 4105, brandId: 'kiezfunk', country: 'de' },
  { id: 4201, brandId: 'alpenfunk', country: 'at' },
  { id: 4202, brandId: 'bergnetz', country: 'at' },
  { id: 4301, brandId: 'belwaarde', country: 'nl' },
  { id: 4401, brandId: 'belwaarde', country: 'be' },
  { id: 4501, brandId: 'rechargeplus', country: 'fr' },
  { id: 4601, brandId: 'topnet', country: 'gb' },
  { id: 4602, brandId: 'callhome', country: 'gb' },
];

/** The numbering plan's countries as DT One names them: ISO 3166 alpha-3 code and name. */
const COUNTRIES: Readonly<Record<string, { iso_code: string; name: string }>> = {
  de: { iso_code: 'DEU', name: 'Germany' },
  at: { iso_code: 'AUT', name: 'Austria' },
  nl: { iso_code: 'NLD', name: 'Netherlands' },
  be: { iso_code: 'BEL', name: 'Belgium' },
  fr: { iso_code: 'FRA', name: 'France' },
  gb: { iso_code: 'GBR', name: 'United Kingdom' },
};

function countryNamed(country: string) {
  const named = COUNTRIES[country];
  if (!named) throw new Error(`No DT One country for ${country}`);
  return named;
}

/** The ISO alpha-3 code DT One uses for a numbering-plan country, e.g. `DEU` for `de`. */
export const isoCodeOf = (operator: DtoneOperator): string => countryNamed(operator.country).iso_code;

/** The currency the operator's top-ups are in: GBP in the United Kingdom, EUR elsewhere. */
export const currencyOf = (operator: DtoneOperator): string => (operator.country === 'gb' ? 'GBP' : 'EUR');

export const operatorById = (id: number): DtoneOperator | undefined =>
  DTONE_OPERATORS.find((operator) => operator.id === id);

/** DT One's operator object. */
export function operatorView(operator: DtoneOperator) {
  const country = countryNamed(operator.country);
  return {
    id: operator.id,
    name: `${BRANDS[operator.brandId]} ${country.name}`,
    country: { iso_code: country.iso_code, name: country.name, regions: null },
    regions: null,
  };
}

/** The operator owning a number (E.164 with `+`), if a brand owns it. */
export function operatorOfNumber(mobileNumber: string): DtoneOperator | undefined {
  const found = lookupNumber(mobileNumber);
  if (found.kind !== 'found') return undefined;
  const { brandId, country } = found.owner;
  return DTONE_OPERATORS.find((operator) => operator.brandId === brandId && operator.country === country);
}

export type MobileNumberLookup =
  | { kind: 'found'; operators: Array<ReturnType<typeof operatorView> & { identified: boolean }> }
  | { kind: 'unknown-country' };

/**
 * DT One's look-up: every operator of the number's country, the owner flagged `identified` and
 * put first; a number no brand owns gets its country's operators, none identified.
 */
export function lookUpMobileNumber(mobileNumber: string): MobileNumberLookup {
  const country = countryOf(mobileNumber);
  if (!country || !COUNTRIES[country]) return { kind: 'unknown-country' };
  const owner = operatorOfNumber(mobileNumber);
  const operators = DTONE_OPERATORS.filter((operator) => operator.country === country)
    .map((operator) => ({ ...operatorView(operator), identified: operator === owner }))
    .sort((a, b) => Number(b.identified) - Number(a.identified));
  return { kind: 'found', operators };
}
