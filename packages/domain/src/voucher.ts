import type { Currency } from './money';

/**
 * Spec §5: the currency of a voucher code, read from its prefix after trimming: 0088 is USD,
 * 0099 is EUR, any other code is in the tenant's currency.
 */
export function voucherCurrency(code: string, tenantCurrency: Currency): Currency {
  const trimmed = code.trim();
  if (trimmed.startsWith('0088')) return 'USD';
  if (trimmed.startsWith('0099')) return 'EUR';
  return tenantCurrency;
}
