/** Amounts in minor units, as people read them. */

function currencyFormat(currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat('en', { style: 'currency', currency });
}

/** Digits after the decimal point of a currency: 2 for EUR, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  return currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units formatted in English, e.g. 1234 EUR → `€12.34`. */
export function formatAmount(amount: number, currency: string): string {
  return currencyFormat(currency).format(amount / 10 ** minorUnitDigits(currency));
}
