import { isSetupKind } from './catalogue';
import type { Currency } from './money';
import type { PaymentItem } from './payment';

/** Spec §5: the fixed online-banking bank choice; the issuer id is the bank's BIC. */
export const BANKS = [
  { issuerId: 'ABNANL2A', name: 'ABN AMRO' },
  { issuerId: 'ASNBNL21', name: 'ASN Bank' },
  { issuerId: 'INGBNL2A', name: 'ING' },
  { issuerId: 'RABONL2U', name: 'Rabobank' },
  { issuerId: 'SNSBNL2A', name: 'SNS Bank' },
  { issuerId: 'RBRBNL21', name: 'SNS Regio Bank' },
  { issuerId: 'TRIONL2U', name: 'Triodos Bank' },
  { issuerId: 'FVLBNL22', name: 'Van Lanschot' },
  { issuerId: 'KNABNL2H', name: 'Knab' },
  { issuerId: 'BUNQNL2A', name: 'Bunq' },
  { issuerId: 'MOYONL21', name: 'Moneyou' },
  { issuerId: 'HANDNL2A', name: 'Handelsbanken' },
] as const;
export type IssuerId = (typeof BANKS)[number]['issuerId'];

/** The currencies a crypto payment can be made in (spec §3 triplea.cryptoCurrency). */
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDC'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** Spec §5: the language sent with checkout-address, from the session currency. */
export function checkoutAddressLanguage(currency: Currency | string): 'en' | 'de' {
  return currency === 'USD' || currency === 'GBP' ? 'en' : 'de';
}

/** Spec §3: address fields a tenant without the mobile-app flow sends as this placeholder. */
export const ADDRESS_PLACEHOLDER = 'N/A';

/** The address record's fields (spec §3). */
export const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'street',
  'houseNumber',
  'zip',
  'city',
  'phoneNumber',
  'countryCode',
  'email',
] as const;

/** What checkout-address answers as nextStep. */
export const CHECKOUT_NEXT_STEPS = ['OTP', 'PAYMENT'] as const;
export type CheckoutNextStep = (typeof CHECKOUT_NEXT_STEPS)[number];

/**
 * A guest confirms the phone number by a one-time code before saving a payment method or setting
 * up an automatic or SMS top-up, so nobody can bind another person's number to their card.
 */
export function isOtpRequired(input: {
  isGuest: boolean;
  savePayment: boolean;
  items: readonly PaymentItem[];
}): boolean {
  if (!input.isGuest) return false;
  return input.savePayment || input.items.some((item) => isSetupKind(item.kind));
}

/** One-time code rules: 6 digits, sent again at most once a minute, valid 10 minutes, 5 tries. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_INTERVAL_MS = 60_000;
export const OTP_VALIDITY_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export const OTP_PATTERN = /^\d{6}$/;

/** Seconds a shopper must still wait before a new code can be sent; 0 when one may go now. */
export function otpResendWaitSeconds(lastSentAt: Date | undefined, now: Date): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** A phone number shown back to the shopper without giving it away: `+49•••••4567`. */
export function maskMsisdn(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  if (digits.length <= 6) return msisdn;
  const country = digits.length > 10 ? digits.slice(0, 2) : '';
  return `+${country}${'•'.repeat(digits.length - country.length - 4)}${digits.slice(-4)}`;
}
