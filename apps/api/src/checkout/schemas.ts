import { ADDRESS_PLACEHOLDER, BANKS, CHECKOUT_NEXT_STEPS, CRYPTO_CURRENCIES, LANGUAGES } from '@shop/domain';
import { z } from 'zod';
import { cartNameSchema } from '../cart/schemas';

const field = (max: number) => z.string().trim().max(max).optional();

/** Spec §3 delivery address; tenants without the mobile-app flow send the address fields as "N/A". */
export const deliveryAddressSchema = z.object({
  email: field(254),
  phoneNumber: field(32),
  firstname: field(100),
  lastname: field(100),
  street: field(200),
  houseNumber: field(20),
  zip: field(20),
  city: field(100),
  countryCode: field(8),
  password: z.string().max(200).optional(),
  createAccount: z.boolean().optional(),
  voucherDeliveryAddress: field(254),
  deviceId: field(128),
  channel: z.enum(['web', 'app', 'whatsapp', 'sms', 'ivr']).optional(),
  language: z.string().trim().max(16).optional(),
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;

export const checkoutAddressBody = z.strictObject({
  cartName: cartNameSchema,
  deliveryAddress: deliveryAddressSchema,
  language: z.enum(LANGUAGES).optional(),
  savePayment: z.boolean().optional(),
});

export const checkoutAddressAnswer = z.object({
  nextStep: z.enum(CHECKOUT_NEXT_STEPS),
  otpSentTo: z.string().optional().meta({ description: 'The masked number the code went to' }),
});

export const validateOtpBody = z.strictObject({
  cartName: cartNameSchema,
  otp: z.string().trim().min(1).max(16),
});

export const resendOtpBody = z.strictObject({ cartName: cartNameSchema });

const issuerIds = BANKS.map((bank) => bank.issuerId) as [string, ...string[]];

/** The method choices the shop passes on; anything else in additionalData is refused. */
export const additionalDataSchema = z.strictObject({
  ideal: z.strictObject({ issuerId: z.enum(issuerIds) }).optional(),
  triplea: z.strictObject({ cryptoCurrency: z.enum(CRYPTO_CURRENCIES) }).optional(),
});
export type AdditionalData = z.infer<typeof additionalDataSchema>;

/** `paymentMethod` as a name, or as the cart's `{ name, paymentTokenEnabled }`. */
const paymentMethodSchema = z.union([
  z.string().trim().min(1).max(32),
  z.object({ name: z.string().trim().min(1).max(32), paymentTokenEnabled: z.boolean().optional() }),
]);

export const startPaymentBody = z.strictObject({
  cartName: cartNameSchema,
  paymentMethod: paymentMethodSchema,
  savePayment: z.boolean().optional(),
  additionalData: additionalDataSchema.optional(),
  paymentTokenId: z.string().trim().min(1).max(128).optional(),
  fraudnetSessionId: z.string().trim().max(128).optional(),
  deviceId: z.string().trim().max(128).optional(),
});

export const startApplePaymentBody = z.strictObject({
  cartName: cartNameSchema,
  paymentMethod: z.literal('applepay').default('applepay'),
  savePayment: z.boolean().optional(),
  additionalData: additionalDataSchema.optional(),
  ccn: z.string().trim().max(64).optional(),
  voucherdeliveryaddress: z.string().trim().max(254).optional(),
});

export const startedPaymentAnswer = z.object({
  payerUrl: z.string(),
  orderNumber: z.string(),
  returnUrl: z.string(),
  iframe: z
    .boolean()
    .meta({ description: 'Show payerUrl in an iframe (with embedded=1) instead of going there' }),
});

export const createOrderBody = z.strictObject({ cartName: cartNameSchema });

export const orderView = z.object({
  orderNumber: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  payerUrl: z.string().nullable(),
});

/** "N/A" and blanks mean the field was not given. */
export function given(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === ADDRESS_PLACEHOLDER ? undefined : value;
}
