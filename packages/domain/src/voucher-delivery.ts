/**
 * How an order's voucher PINs reach a shopper besides the result page and the e-mail receipt: by
 * SMS or WhatsApp, on tenants that offer it (decision 0048).
 */

/** The channels a tenant may deliver PINs by (tenant config `variations.voucherDeliveryChannels`). */
export const VOUCHER_DELIVERY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type VoucherDeliveryChannel = (typeof VOUCHER_DELIVERY_CHANNELS)[number];

/** The channels that send PINs to a phone number; e-mail goes with the receipt. */
export const VOUCHER_PHONE_CHANNELS = ['sms', 'whatsapp'] as const;
export type VoucherPhoneChannel = (typeof VOUCHER_PHONE_CHANNELS)[number];

/** Where a shopper asked for their PINs: a channel and the number (E.164) it goes to. */
export interface VoucherDeliveryTarget {
  channel: VoucherPhoneChannel;
  phoneNumber: string;
}

/** A sending of an order's PINs: waiting (or being retried), sent, or given up after every try. */
export const VOUCHER_DELIVERY_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type VoucherDeliveryState = (typeof VOUCHER_DELIVERY_STATES)[number];

/** Why a sending exists: the order's own, or the shopper's "send again". */
export const VOUCHER_DELIVERY_REASONS = ['ORDER', 'SEND_AGAIN'] as const;
export type VoucherDeliveryReason = (typeof VOUCHER_DELIVERY_REASONS)[number];

export const isVoucherPhoneChannel = (channel: string): channel is VoucherPhoneChannel =>
  (VOUCHER_PHONE_CHANNELS as readonly string[]).includes(channel);

/**
 * The choices the contact step offers for a cart's PINs: the tenant's channels, when one of them
 * reaches a phone; none (the receipt e-mail only, no choice to make) otherwise.
 */
export function voucherDeliveryChoices(
  tenantChannels: readonly VoucherDeliveryChannel[],
): readonly VoucherDeliveryChannel[] {
  return tenantChannels.some(isVoucherPhoneChannel) ? tenantChannels : [];
}

/** Whether the tenant delivers PINs by this channel. */
export const offersVoucherChannel = (
  tenantChannels: readonly VoucherDeliveryChannel[],
  channel: VoucherDeliveryChannel,
): boolean => tenantChannels.includes(channel);

/** A delivery is over once it is sent or given up; only a pending one is tried (again). */
export const isVoucherDeliveryOpen = (state: VoucherDeliveryState): boolean => state === 'PENDING';

/**
 * Whether a failed try was the last one: after `maxAttempts` tries the delivery is given up (the
 * PINs stay on the result page, in the order history and in the receipt; the shopper may ask to
 * send them again).
 */
export const isLastVoucherAttempt = (attempts: number, maxAttempts: number): boolean =>
  attempts >= maxAttempts;
