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

/** How a voucher of a brand is redeemed, which says what the shopper is told to do with its PIN. */
export type VoucherRedemption = 'Gaming' | 'Streaming' | 'Cinema' | 'Calling';

/** The voucher brands of the catalogue by how they are redeemed; a brand not listed gets general advice. */
const REDEMPTION_OF_BRAND: Readonly<Record<string, VoucherRedemption>> = {
  pixelpass: 'Gaming',
  spielfeld: 'Gaming',
  streamhaus: 'Streaming',
  kinogold: 'Cinema',
  weltruf: 'Calling',
  fernruf: 'Calling',
};

/** The message key that tells a shopper how to redeem a PIN of the brand. */
export function redemptionMessageKey(brandId: string): string {
  const redemption = REDEMPTION_OF_BRAND[brandId];
  return redemption ? `redeemVoucher${redemption}` : 'redeemVoucherGeneric';
}
