import type { Cart } from '@shop/db';
import { schema } from '@shop/db';
import type { StoredAddress } from '@shop/domain';
import {
  ADDRESS_FIELDS,
  ADDRESS_PLACEHOLDER,
  DomainError,
  isOtpRequired,
  isSetupKind,
  parseMsisdn,
} from '@shop/domain';
import type {
  CheckoutAddressAnswer,
  CheckoutAddressRequest,
  DeliveryAddress,
  DetailedCart,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { accountAtCheckout } from '../accounts/checkout-account';
import { cartForCheckout, findCartForUpdate } from '../cart/service';
import type { AppSession } from '../mobile-app/sessions';
import { paymentItemsOf } from '../orders/orders';
import type { CheckoutContext } from './context';
import { challengeOf, noCodeSent, openChallenge, type PendingOtp, sendChallenge } from './otp';
import { readVoucherAddress, withVoucherAddress } from './voucher-delivery-address';

const { carts } = schema;

/** "N/A" and blanks mean the field was not given. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === ADDRESS_PLACEHOLDER ? undefined : value;
}

const invalid = (field: string, message: string) =>
  new DomainError('VALIDATION_FAILED', `deliveryAddress.${field} ${message}`);

/** The address fields the app flow asks for (spec §3: real ones, not the placeholder). */
function requiredInApp(tenant: TenantConfig): readonly (typeof ADDRESS_FIELDS)[number][] {
  const fields = ['firstname', 'lastname', 'street', 'houseNumber', 'zip', 'city', 'countryCode'] as const;
  return tenant.flags.isHouseNumberOptional ? fields.filter((field) => field !== 'houseNumber') : fields;
}

/**
 * The address as given, "N/A" left out; the e-mail and phone number checked and normalised. In an
 * app session the address is required, the app's number is the contact's unless another is given,
 * and the device is the one the app names.
 */
function readAddress(
  tenant: TenantConfig,
  address: DeliveryAddress,
  language: string | undefined,
  app: AppSession | undefined,
): StoredAddress {
  const contact: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = given(address[field]);
    if (value !== undefined) contact[field] = value;
  }
  if (app) {
    for (const field of requiredInApp(tenant)) {
      if (contact[field] === undefined) throw invalid(field, 'is required in the app');
    }
    contact.phoneNumber ??= app.msisdn;
  }
  if (contact.email !== undefined && !z.email().safeParse(contact.email).success) {
    throw invalid('email', 'must be an e-mail address');
  }
  if (contact.phoneNumber !== undefined) {
    const phone = parseMsisdn(contact.phoneNumber, tenant.phoneCountryCodes);
    if (!phone.ok) throw invalid('phoneNumber', 'must be a mobile number of the shop’s countries');
    contact.phoneNumber = phone.msisdn;
  }
  const voucherAddress = readVoucherAddress(
    tenant,
    address.voucherDeliveryAddress,
    'deliveryAddress.voucherDeliveryAddress',
  );
  const deviceId = app?.deviceId ?? given(address.deviceId);
  return withVoucherAddress(
    {
      contact,
      ...(deviceId ? { deviceId } : {}),
      channel: app ? 'app' : address.channel,
      language: given(address.language),
      addressLanguage: language,
      createAccount: address.createAccount,
    },
    voucherAddress,
  );
}

/** The number a code goes to: the contact's, else that of the automatic or SMS top-up. */
function numberToConfirm(address: StoredAddress, detail: DetailedCart): string | undefined {
  return (
    address.contact.phoneNumber ??
    detail.items.find((item) => isSetupKind(item.kind) && item.phoneNumber)?.phoneNumber ??
    undefined
  );
}

/**
 * Whether this cart's checkout needs a confirmed phone number. Signed-in shoppers confirm too: an
 * account costs nothing to open, so it proves nothing about the number.
 */
export function needsOtp(
  cart: Pick<Cart, 'savePayment'>,
  detail: DetailedCart,
  savePayment?: boolean,
): boolean {
  return isOtpRequired({
    isGuest: true,
    savePayment: savePayment ?? cart.savePayment,
    items: paymentItemsOf(detail.items),
  });
}

/**
 * Spec §7 checkout-address: keeps the contact and address on the cart and answers the next
 * step. A guest who must confirm the phone number gets a code by SMS (sent after the
 * transaction commits); a number already confirmed for this cart is not asked again.
 */
export async function submitCheckoutAddress(
  context: CheckoutContext,
  input: CheckoutAddressRequest,
): Promise<CheckoutAddressAnswer> {
  const { db, tenant, now } = context;
  const address = readAddress(tenant, input.deliveryAddress, input.language, context.appSession);
  const account = await openedAccount(context, input, address);
  if (account) address.customerId = account.customer.id;
  const pending = await db.transaction(async (tx): Promise<PendingOtp | undefined> => {
    const { cart, detail } = await cartForCheckout(tx, tenant, input.cartName, now);
    const savePayment = input.savePayment ?? cart.savePayment;
    // Not a change of the cart's content: its version (which orders compare) stays.
    await tx
      .update(carts)
      .set({ deliveryAddress: { ...address }, savePayment })
      .where(eq(carts.id, cart.id));
    if (!needsOtp(cart, detail, savePayment)) return undefined;
    const phoneNumber = numberToConfirm(address, detail);
    if (!phoneNumber) throw invalid('phoneNumber', 'is required to confirm the number by SMS');
    if (phoneNumber === context.appSession?.msisdn) return undefined;
    const challenge = await challengeOf(tx, cart);
    if (challenge?.verifiedAt && challenge.phoneNumber === phoneNumber) return undefined;
    return openChallenge(tx, context, cart, phoneNumber, address.language ?? tenant.defaultLocale);
  });
  const authData = account
    ? { accessToken: account.session.accessToken, expiresAt: account.session.expiresAt.toISOString() }
    : undefined;
  if (!pending) return { nextStep: 'PAYMENT', authData };
  return { nextStep: 'OTP', otpSentTo: await sendChallenge(context, pending), authData };
}

/** The account a guest opens at this step (createAccount), signed in; none for a signed-in shopper. */
async function openedAccount(
  context: CheckoutContext,
  input: CheckoutAddressRequest,
  address: StoredAddress,
) {
  if (!address.createAccount || context.customerId) return undefined;
  if (!context.accounts) throw new DomainError('AUTHORIZATION_REQUIRED', 'This shop opens no accounts');
  const [cart] = await context.db
    .select({ deliveryAddress: carts.deliveryAddress })
    .from(carts)
    .where(and(eq(carts.tenantId, context.tenant.shopId), eq(carts.cartName, input.cartName)));
  return accountAtCheckout(context.accounts, {
    email: address.contact.email,
    password: input.deliveryAddress.password,
    openedBefore: cart?.deliveryAddress?.customerId,
  });
}

/** Sends a new code to the number the cart's checkout confirms (once a minute at most). */
export async function resendOtp(context: CheckoutContext, cartName: string): Promise<{ otpSentTo: string }> {
  const { db, tenant, now } = context;
  const pending = await db.transaction(async (tx) => {
    const cart = await findCartForUpdate(tx, tenant, cartName, now);
    const challenge = await challengeOf(tx, cart);
    if (!challenge) throw noCodeSent();
    const stored = cart.deliveryAddress;
    return openChallenge(tx, context, cart, challenge.phoneNumber, stored?.language ?? tenant.defaultLocale);
  });
  return { otpSentTo: await sendChallenge(context, pending) };
}

/**
 * Refuses with OTP_REQUIRED a checkout that needs a confirmed phone number and has none yet; the
 * number the app vouches for (`vouched`) needs no code.
 */
export async function requireConfirmedNumber(
  tx: Parameters<typeof challengeOf>[0],
  cart: Cart,
  detail: DetailedCart,
  savePayment: boolean | undefined,
  vouched: string | undefined,
): Promise<void> {
  if (!needsOtp(cart, detail, savePayment)) return;
  const stored = cart.deliveryAddress;
  if (vouched && stored && numberToConfirm(stored, detail) === vouched) return;
  if ((await challengeOf(tx, cart))?.verifiedAt) return;
  throw new DomainError('OTP_REQUIRED', 'Confirm the phone number with the code sent by SMS first');
}
