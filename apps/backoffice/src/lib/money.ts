/** How many minor units a currency has after its decimal point (2 for EUR, 0 for JPY). */
export function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Formats integer minor units in the currency, always with its decimals ("€15.00"). */
export function formatAmount(minorUnits: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorUnits / 10 ** digits);
}

/** Minor units as a staff member types them: "5.00" for 500 cents. */
export function amountInput(minorUnits: number, currency: string): string {
  const digits = fractionDigits(currency);
  return (minorUnits / 10 ** digits).toFixed(digits);
}

/**
 * Reads an amount typed in the currency ("5", "5.00", "5,00", "1,234.50", "1.234,50") as integer
 * minor units; undefined when it is not one. The last separator is the decimal one when digits
 * follow it; a separator of the other kind before it groups thousands. More decimals than the
 * currency has, or the same separator twice ("1.234.56"), is not an amount: it cannot be read
 * without guessing.
 */
export function parseAmount(text: string, currency: string): number | undefined {
  const digits = fractionDigits(currency);
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d+([.,]\d+)*$/.test(compact)) return undefined;
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const whole = last < 0 ? compact : compact.slice(0, last);
  const fraction = last < 0 ? '' : compact.slice(last + 1);
  const decimalSeparator = compact[last];
  if (decimalSeparator && whole.includes(decimalSeparator)) return undefined;
  if (fraction.length > digits) return undefined;
  const units = Number(whole.replace(/[.,]/g, '')) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
  return Number.isSafeInteger(units) ? units : undefined;
}
