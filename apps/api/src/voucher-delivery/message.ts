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

/** The longest text one message may carry (a concatenated SMS of ten parts; gateways refuse more). */
export const MAX_MESSAGE_LENGTH = 1600;

/**
 * The texts of the SMS or WhatsApp messages with an order's PINs, in the shopper's language: the
 * shop's name and the order number, then each voucher (brand, value, PIN, serial and validity
 * where it has them, how to redeem a brand's PINs once per message), and a warning that the PIN
 * is worth money. Usually one message; an order of many PINs takes as many as it needs, each
 * under {@link MAX_MESSAGE_LENGTH} and each starting with the shop and the order.
 */
export function voucherMessageTexts(
  tenant: TenantConfig,
  language: Language,
  orderNumber: string,
  pins: readonly MessagePin[],
): string[] {
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
  const intro = format(messages, 'voucherMessageIntro', { provider: tenant.providerName, orderNumber });
  const outro = format(messages, 'voucherMessageKeepSafe');
  const howToRedeem = (voucher: DeliveredVoucher) =>
    voucher.brand
      ? format(common, redemptionMessageKey(voucher.brand.brandId), { brand: voucher.brand.name })
      : undefined;
  const block = ({ voucher, faceValue, currency }: MessagePin, explained: ReadonlySet<string>) => [
    format(messages, 'voucherMessagePin', {
      product: voucher.brand?.name ?? voucher.productId,
      amount: formatMoney(faceValue, currency, language),
      pin: voucher.pin,
    }),
    ...(voucher.serial ? [format(messages, 'voucherMessageSerial', { serial: voucher.serial })] : []),
    ...(voucher.validUntil
      ? [format(messages, 'voucherMessageValidUntil', { date: date(voucher.validUntil) })]
      : []),
    ...(voucher.brand && !explained.has(voucher.brand.brandId) ? [howToRedeem(voucher) ?? ''] : []),
  ];

  const texts: string[] = [];
  let lines = [intro];
  let explained = new Set<string>();
  for (const pin of pins) {
    let next = block(pin, explained);
    const fits = [...lines, '', ...next, '', outro].join('\n').length <= MAX_MESSAGE_LENGTH;
    if (!fits && lines.length > 1) {
      texts.push([...lines, '', outro].join('\n'));
      lines = [intro];
      explained = new Set();
      next = block(pin, explained);
    }
    lines.push('', ...next);
    if (pin.voucher.brand) explained.add(pin.voucher.brand.brandId);
  }
  texts.push([...lines, '', outro].join('\n'));
  return texts;
}
