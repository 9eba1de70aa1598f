import type { Cart } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import type { StoredAddress } from '@shop/domain';
import {
  ADDRESS_PLACEHOLDER,
  DomainError,
  offersVoucherChannel,
  parseMsisdn,
  type VoucherDeliveryTarget,
} from '@shop/domain';
import type { VoucherDeliveryAddress } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { eq } from 'drizzle-orm';

const { carts } = schema;

/** What a voucherDeliveryAddress keeps: a text as given (as before), or where SMS or WhatsApp go. */
export type KeptVoucherAddress = { text: string } | { target: VoucherDeliveryTarget } | undefined;

/**
 * Reads `voucherDeliveryAddress` (decision 0048): a text is kept as it came; `{ channel,
 * phoneNumber }` must name a channel the tenant delivers PINs by and a number of its countries,
 * normalised to E.164 as the contact's number is. `field` names it in a refusal.
 */
export function readVoucherAddress(
  tenant: TenantConfig,
  given: VoucherDeliveryAddress | undefined,
  field: string,
): KeptVoucherAddress {
  if (given === undefined) return undefined;
  if (typeof given === 'string')
    return given === '' || given === ADDRESS_PLACEHOLDER ? undefined : { text: given };
  const offered = tenant.variations.voucherDeliveryChannels;
  if (!offersVoucherChannel(offered, given.channel)) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `${field}.channel: this shop does not send voucher PINs by ${given.channel} (it sends them by ${offered.join(', ')})`,
    );
  }
  const phone = parseMsisdn(given.phoneNumber, tenant.phoneCountryCodes);
  if (!phone.ok) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `${field}.phoneNumber must be a mobile number of the shop’s countries`,
    );
  }
  return { target: { channel: given.channel, phoneNumber: phone.msisdn } };
}

/** The stored address with the voucher address put in (a text in the contact, a target beside it). */
export function withVoucherAddress(address: StoredAddress, kept: KeptVoucherAddress): StoredAddress {
  if (!kept) return address;
  if ('text' in kept)
    return { ...address, contact: { ...address.contact, voucherDeliveryAddress: kept.text } };
  return { ...address, voucherDelivery: kept.target };
}

/**
 * The Apple Pay start names the voucher address itself (spec §7 `voucherdeliveryaddress`): it goes
 * on the cart's stored address, as checkout-address would put it, before the order is taken.
 */
export async function keepVoucherAddress(
  tx: Transaction,
  cart: Cart,
  kept: KeptVoucherAddress,
): Promise<Cart> {
  if (!kept) return cart;
  const stored: StoredAddress = cart.deliveryAddress ?? { contact: {} };
  const deliveryAddress = { ...withVoucherAddress(stored, kept) };
  await tx.update(carts).set({ deliveryAddress }).where(eq(carts.id, cart.id));
  return { ...cart, deliveryAddress };
}
