import { ADDRESS_FIELDS, ADDRESS_PLACEHOLDER, type VoucherDeliveryTarget } from '@shop/domain';
import type { DeliveryAddress } from '@shop/domain/contract';

/**
 * Spec §3: the contact record sent with checkout-address. Without the mobile-app flow every
 * address field is the placeholder; the e-mail is the shopper's (for the receipt), the phone the
 * number of the last top-up when one is kept, the language the page's and the device id where the
 * tenant sends one; with a password, the guest asks for an account (spec §6); with a voucher
 * delivery, the PINs go by SMS or WhatsApp (decision 0048), and the e-mail may be left out.
 */
export function deliveryAddress(input: {
  email: string;
  phoneNumber: string | undefined;
  language: string;
  hasMobileAppFlow: boolean;
  /** Spec §6: the guest opens an account with the e-mail and this password while paying. */
  accountPassword?: string | undefined;
  /** The names and address the app flow asks for, as typed. */
  address?: Partial<Record<(typeof ADDRESS_FIELDS)[number], string>> | undefined;
  /** The browser's device id, where the tenant sends it (decision 0049). */
  deviceId?: string | undefined;
  voucherDelivery?: VoucherDeliveryTarget | undefined;
}): DeliveryAddress {
  const address: DeliveryAddress = {};
  if (!input.hasMobileAppFlow) {
    for (const field of ADDRESS_FIELDS) address[field] = ADDRESS_PLACEHOLDER;
  } else {
    for (const [field, value] of Object.entries(input.address ?? {})) {
      if (value?.trim()) address[field as (typeof ADDRESS_FIELDS)[number]] = value.trim();
    }
  }
  if (input.email) address.email = input.email;
  if (input.phoneNumber) address.phoneNumber = input.phoneNumber;
  address.language = input.language;
  if (input.deviceId) address.deviceId = input.deviceId;
  if (input.voucherDelivery) address.voucherDeliveryAddress = input.voucherDelivery;
  if (input.accountPassword) {
    address.createAccount = true;
    address.password = input.accountPassword;
  }
  return address;
}
