import * as z from 'zod';
import { CHANNELS } from '../channels';
import {
  ADDRESS_PLACEHOLDER,
  BANKS,
  CHECKOUT_NEXT_STEPS,
  CRYPTO_CURRENCIES,
  type IssuerId,
} from '../checkout';
import { LANGUAGES } from '../locale';
import { ORDER_STATUSES } from '../payment';
import { PAYMENT_METHODS } from '../payment-method';
import { cartNameSchema } from './cart';
import { deviceIdSchema, fraudnetSessionIdSchema } from './fraud-signals';
import { voucherDeliveryAddressSchema } from './voucher-delivery';
import './jitless';

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
  /** Where voucher PINs go besides the receipt: a text as before, or `{ channel, phoneNumber }` (decision 0048). */
  voucherDeliveryAddress: voucherDeliveryAddressSchema.optional(),
  // Blank or "N/A", like the address fields: none given.
  deviceId: z.union([deviceIdSchema, z.enum(['', ADDRESS_PLACEHOLDER])]).optional(),
  channel: z.enum(CHANNELS).optional(),
  language: z.string().trim().max(16).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

// ---------------------------------------------------------------------------------------------
// The contact step: checkout-address, validate-otp, resend-otp
// ---------------------------------------------------------------------------------------------

export const checkoutAddressBodySchema = z.strictObject({
  cartName: cartNameSchema,
  deliveryAddress: deliveryAddressSchema,
  language: z.enum(LANGUAGES).optional(),
  savePayment: z.boolean().optional(),
});
export type CheckoutAddressRequest = z.infer<typeof checkoutAddressBodySchema>;

/** The answer of checkout-address and resend-otp. */
export const checkoutAddressAnswerSchema = z.object({
  nextStep: z.enum(CHECKOUT_NEXT_STEPS),
  otpSentTo: z.string().optional().meta({ description: 'The masked number the code went to' }),
  authData: z.object({ accessToken: z.string(), expiresAt: z.string() }).optional().meta({
    description:
      'When the guest opened an account (deliveryAddress.createAccount): its new session (Bearer). The storefront keeps it in its session cookie and leaves it out of what the page sees.',
  }),
});
export type CheckoutAddressAnswer = z.infer<typeof checkoutAddressAnswerSchema>;

export const validateOtpBodySchema = z.strictObject({
  cartName: cartNameSchema,
  otp: z.string().trim().min(1).max(16),
});
export type ValidateOtpRequest = z.input<typeof validateOtpBodySchema>;
export const validateOtpAnswerSchema = z.object({ verified: z.literal(true) });

export const resendOtpBodySchema = z.strictObject({ cartName: cartNameSchema });
export type ResendOtpRequest = z.input<typeof resendOtpBodySchema>;

// ---------------------------------------------------------------------------------------------
// Starting a payment: checkout-start-payment, checkout-start-apple-payment
// ---------------------------------------------------------------------------------------------

const issuerIds = BANKS.map((bank) => bank.issuerId) as [IssuerId, ...IssuerId[]];

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

export const startPaymentBodySchema = z.strictObject({
  cartName: cartNameSchema,
  paymentMethod: paymentMethodSchema,
  savePayment: z.boolean().optional(),
  additionalData: additionalDataSchema.optional(),
  paymentTokenId: z.string().trim().min(1).max(128).optional(),
  fraudnetSessionId: fraudnetSessionIdSchema.optional(),
  deviceId: deviceIdSchema.optional(),
});
export type StartPaymentRequest = z.input<typeof startPaymentBodySchema>;

export const startApplePaymentBodySchema = z.strictObject({
  cartName: cartNameSchema,
  paymentMethod: z.literal('applepay').default('applepay'),
  savePayment: z.boolean().optional(),
  additionalData: additionalDataSchema.optional(),
  ccn: z.string().trim().max(64).optional(),
  voucherdeliveryaddress: voucherDeliveryAddressSchema.optional(),
  /** The same as `voucherdeliveryaddress`, spelt as checkout-address spells it (added). */
  voucherDeliveryAddress: voucherDeliveryAddressSchema.optional(),
});
export type StartApplePaymentRequest = z.input<typeof startApplePaymentBodySchema>;

export const startedPaymentAnswerSchema = z.object({
  payerUrl: z.string(),
  orderNumber: z.string(),
  returnUrl: z.string(),
  iframe: z
    .boolean()
    .meta({ description: 'Show payerUrl in an iframe (with embedded=1) instead of going there' }),
});
export type StartedPaymentAnswer = z.infer<typeof startedPaymentAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Orders: POST /api/shop/rest/orders, GET /api/shop/rest/orders/{orderNumber}
// ---------------------------------------------------------------------------------------------

export const orderNumberSchema = z
  .string()
  .min(5)
  .max(32)
  .regex(/^[A-Z0-9-]+$/);

export const createOrderBodySchema = z.strictObject({ cartName: cartNameSchema });
export type CreateOrderRequest = z.input<typeof createOrderBodySchema>;
export const createdOrderAnswerSchema = z.object({ orderNumber: z.string() });
export type CreatedOrderAnswer = z.infer<typeof createdOrderAnswerSchema>;

export const orderParamsSchema = z.object({ orderNumber: orderNumberSchema });
export const orderQuerySchema = z.object({ cartName: cartNameSchema });

/** The order and its payment, for the result page. */
export const orderViewSchema = z.object({
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentStatus: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  amount: z.number(),
  currency: z.string(),
  payerUrl: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;
