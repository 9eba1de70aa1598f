/**
 * The number voucher PINs go to, checked as the API checks it (the tenant's phone rules). Loaded
 * when the shopper chooses SMS or WhatsApp, not with the page: it brings the phone-number
 * metadata (decision 0029).
 */
import { parseMsisdn } from '@shop/domain';

/** The number in E.164, or the message key of what is wrong with it. */
export function readVoucherPhone(
  phone: string,
  countries: readonly string[],
): { ok: true; msisdn: string } | { ok: false; messageKey: string } {
  const number = parseMsisdn(phone.trim(), countries);
  if (number.ok) return { ok: true, msisdn: number.msisdn };
  return {
    ok: false,
    messageKey:
      number.reason === 'COUNTRY_NOT_ALLOWED' ? 'voucherPhoneCountryNotAllowed' : 'invalidPhoneNumber',
  };
}
