/** The currencies the shop sells in (spec §3, §9). */
export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An amount of money in integer minor units (cents, pence). */
export interface Money {
  amount: number;
  currency: Currency;
}

/**
 * Formats minor units with the locale's currency pattern and symbol (spec §9: €, £, $).
 * Whole amounts are shown without decimals ("15 €", "€15"), any other with the currency's
 * decimals ("15,50 €"). Throws a RangeError for minor units that are not an integer.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  if (!Number.isInteger(amountMinor)) {
    throw new RangeError(`Minor units must be an integer, got ${amountMinor}`);
  }
  const { maximumFractionDigits: digits = 2 } = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
  }).resolvedOptions();
  const divisor = 10 ** digits;
  const shown = amountMinor % divisor === 0 ? 0 : digits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
    // Adding 0 turns -0 into 0, so nothing is shown as "-0 €".
  }).format(amountMinor / divisor + 0);
}

/**
 * Formats a calendar date (in the runtime's time zone): dd.mm.yyyy for tenants with the
 * European date format, otherwise the locale's numeric date with two-digit day and month.
 */
export function formatDate(date: Date, locale: string, europeanDateFormat: boolean): string {
  if (europeanDateFormat) {
    const day = String(date.getDate()).padStart(2, '0');
    const month = String(date.getMonth() + 1).padStart(2, '0');
    const year = String(date.getFullYear()).padStart(4, '0');
    return `${day}.${month}.${year}`;
  }
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
