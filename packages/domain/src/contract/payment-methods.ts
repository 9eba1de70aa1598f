import * as z from 'zod';
import { PAYMENT_METHODS } from '../payment-method';
import { PAYMENT_TOKEN_NAME_MAX_LENGTH } from '../payment-token';
import { cartNameSchema } from './cart';
import { deliveryAddressSchema, orderNumberSchema } from './checkout';
import { deviceIdSchema } from './fraud-signals';
import './jitless';

/**
 * Saved payment methods (spec §7 Payment methods, decision 0039). A signed-in call: the account's
 * methods only. `id` and `paymentTokenId` name the same saved method.
 */

const tokenIdSchema = z.uuid();

export const paymentTokenSchema = z
  .object({
    id: z.string(),
    paymentTokenId: z.string(),
    orderNumber: z.string().nullable(),
    recurring: z.boolean(),
    amount: z.number().nullable(),
    currency: z.string(),
    name: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(['PENDING', 'ACTIVE', 'DECLINED', 'CANCELED']),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    /** `MM/YY` (spec §3: two digits, a slash, then the rest). */
    cardExpiryDate: z.string().nullable(),
    /** Whether an automatic top-up charges it (it cannot be deleted then). */
    inUse: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentToken' });
export type PaymentToken = z.infer<typeof paymentTokenSchema>;

export const paymentTokensAnswerSchema = z.object({ paymentTokens: z.array(paymentTokenSchema) });
export type PaymentTokensAnswer = z.infer<typeof paymentTokensAnswerSchema>;

/** The method as a name, or as the cart's `{ name }`. */
const methodSchema = z.union([
  z.string().trim().min(1).max(32),
  z.object({ name: z.string().trim().min(1).max(32) }).loose(),
]);

/**
 * POST /api/shop/rest/payment-tokens/create: the payment request that saves a method without
 * paying. What confirming it leads to: the cart's payment (`cartName`), an automatic top-up
 * (`autoTopupId`), else the payment-methods page.
 */
export const createPaymentTokenBodySchema = z
  .object({
    paymentMethod: methodSchema.default('creditcard'),
    cartName: cartNameSchema.optional(),
    autoTopupId: z.uuid().optional(),
    name: z.string().trim().min(1).max(PAYMENT_TOKEN_NAME_MAX_LENGTH).optional(),
    deliveryAddress: deliveryAddressSchema.optional(),
    deviceId: deviceIdSchema.optional(),
  })
  .loose();
export type CreatePaymentTokenRequest = z.input<typeof createPaymentTokenBodySchema>;

export const createdPaymentTokenAnswerSchema = z.object({ id: z.string(), payerUrl: z.string() });
export type CreatedPaymentTokenAnswer = z.infer<typeof createdPaymentTokenAnswerSchema>;

export const paymentTokenIdBodySchema = z.object({ id: tokenIdSchema });

/** POST …/payment-tokens/confirm once the shopper is back from the provider's page. */
export const confirmPaymentTokenBodySchema = z.object({
  id: tokenIdSchema,
  orderNumber: orderNumberSchema.optional(),
});
export type ConfirmPaymentTokenRequest = z.infer<typeof confirmPaymentTokenBodySchema>;

export const confirmedPaymentTokenAnswerSchema = z.object({
  /** Where the shopper goes next: the cart's result page, the automatic top-ups, or the methods page. */
  payerUrl: z.string(),
  context: z.enum(['cart', 'autoTopup', 'account']),
  message: z.enum(['paymentMethodAdded', 'successfulModification']),
  orderNumber: z.string().optional(),
  paymentToken: paymentTokenSchema,
});
export type ConfirmedPaymentTokenAnswer = z.infer<typeof confirmedPaymentTokenAnswerSchema>;

/** PUT …/payment-tokens/update. */
export const updatePaymentTokenBodySchema = z.object({
  paymentTokenId: tokenIdSchema,
  recurring: z.boolean().optional(),
  amount: z.number().int().min(0).max(10_000_000).nullish(),
  currency: z.string().length(3).optional(),
  name: z.string().trim().min(1).max(PAYMENT_TOKEN_NAME_MAX_LENGTH).optional(),
});
export type UpdatePaymentTokenRequest = z.infer<typeof updatePaymentTokenBodySchema>;

export const deletedAnswerSchema = z.object({
  status: z.literal('successfulDelete'),
  message: z.literal('successfulDelete'),
});
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;
