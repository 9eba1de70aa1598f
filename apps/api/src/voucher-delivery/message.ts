import { formatMoney, type Language, redemptionMessageKey } from '@shop/domain';
import type { DeliveredVoucher } from '@shop/domain/contract';
import { type TenantConfig, tenantTranslations } from '@shop/tenants';
import { IntlMessageFormat } from 'intl-messageformat';

/** One PIN of the message: what it is worth and what the order's answer tells of it. */
export interface MessagePin {
  voucher: DeliveredVoucher;
  /** The unit's face value, minor units of `currency`. */
  faceValue: number;
  currency: string;
}

/**
 * The text of an SMS or WhatsApp message with an order's PINs, in the shopper's language: the
 * shop's name and the order number, then each voucher (brand, value, PIN, serial and validity
 * where it has them, how to redeem it), and a warning that the PIN is worth money.
 */
export function voucherMessageText(
  tenant: TenantConfig,
  language: Language,
  orderNumber: string,
  pins: readonly MessagePin[],
): string {
  const messages = tenantTranslations(tenant, language, 'messages');
  const common = tenantTranslations(tenant, language, 'common');
  const format = (texts: Record<string, string>, key: string, values: Record<string, string> = {}) =>
    new IntlMessageFormat(texts[key] ?? key, language).format(values) as string;
  const date = (value: string) => {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime())
      ? value
      : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
  };
  const lines = [format(messages, 'voucherMessageIntro', { provider: tenant.providerName, orderNumber })];
  for (const { voucher, faceValue, currency } of pins) {
    lines.push(
      '',
      format(messages, 'voucherMessagePin', {
        product: voucher.brand?.name ?? voucher.productId,
        amount: formatMoney(faceValue, currency, language),
        pin: voucher.pin,
      }),
    );
    if (voucher.serial) lines.push(format(messages, 'voucherMessageSerial', { serial: voucher.serial }));
    if (voucher.validUntil) {
      lines.push(format(messages, 'voucherMessageValidUntil', { date: date(voucher.validUntil) }));
    }
    if (voucher.brand) {
      lines.push(format(common, redemptionMessageKey(voucher.brand.brandId), { brand: voucher.brand.name }));
    }
  }
  lines.push('', format(messages, 'voucherMessageKeepSafe'));
  return lines.join('\n');
}
