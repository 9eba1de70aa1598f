import { MAX_ITEM_QUANTITY } from '@shop/domain';
import { z } from 'zod';

/** A cart item as the shop sends it (spec §3 "Cart item sent"); amounts in minor units. */
export const cartItemInputSchema = z.strictObject({
  productId: z.string().min(1).max(100),
  amount: z.number().int().positive().max(10_000_000).optional(),
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY).default(1),
  autoTopupOption: z.enum(['ONCE_OFF', 'LOW_BALANCE', 'WEEKLY', 'MONTHLY', 'TARIFF', 'RECURRING']).optional(),
  phoneNumber: z.string().min(1).max(32).optional(),
  smsTopupConsent: z.string().min(1).max(32).optional(),
  cashCode: z.string().min(1).max(64).optional(),
  autoTopupLight: z.boolean().optional(),
  autoTopupLightNotificationId: z.string().min(1).max(128).optional(),
  lowBalanceOption: z
    .strictObject({
      lowBalanceLimit: z.number().int().positive().max(100_000).optional(),
      tariffEnabled: z.boolean().optional(),
    })
    .optional(),
  recurringOption: z
    .strictObject({
      recurringType: z.enum(['WEEKLY', 'MONTHLY']),
      recurringDay: z.number().int().min(1).max(31),
    })
    .optional(),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const cartNameSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[\w-]+$/);

const summarySchema = z.object({
  currency: z.string(),
  voucherDiscounts: z.array(z.object({ code: z.string(), amount: z.number() })),
  itemServiceFee: z.number(),
  cartServiceFee: z.number(),
  totalServiceFee: z.number(),
  cartDiscountAmount: z.number(),
  netAmount: z.number(),
  grossAmount: z.number(),
  totalPrice: z.number(),
});

export const cartLineSchema = z.object({
  itemKey: z.string(),
  productId: z.string(),
  product_id: z.string(),
  kind: z.string(),
  brand: z.object({ brandId: z.string(), name: z.string() }),
  amount: z.number().meta({ description: 'Face value of one unit, minor units' }),
  serviceFee: z.number(),
  grossAmount: z.number().meta({ description: '(amount + serviceFee) × quantity' }),
  quantity: z.number(),
  phoneNumber: z.string().nullable(),
  additionalData: z.object({
    lowBalanceLimit: z.number().optional(),
    recurrenceType: z.string().optional(),
    topupConsentType: z.literal('sms').optional(),
  }),
});

export const detailedCartSchema = z
  .object({
    cartName: z.string(),
    items: z.array(cartLineSchema),
    savePayment: z.boolean(),
    voucherCodes: z.array(z.string()),
    iFrameUrl: z.string().nullable(),
    summary: summarySchema,
    paymentMethod: z.null(),
    additionalData: z.record(z.string(), z.unknown()),
    deliveryAddress: z.null(),
  })
  .meta({ id: 'Cart' });
export type DetailedCart = z.infer<typeof detailedCartSchema>;
