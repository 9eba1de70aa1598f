import * as z from 'zod';
import { type CartSummary, MAX_ITEM_QUANTITY } from '../cart';
import { PRODUCT_KINDS } from '../catalogue';
import { tenantHeadersSchema } from './common';
import './jitless';

export const cartNameSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[\w-]+$/);

/** The tenant headers of a call that puts items in a cart, which a double click or retry repeats. */
export const addToCartHeadersSchema = tenantHeadersSchema.extend({
  'idempotency-key': z
    .string()
    .min(8)
    .max(128)
    .optional()
    .meta({ description: 'The same key twice adds the items once (a double click, a retry)' }),
});

/** A cart item as the shop sends it (spec §3 "Cart item sent"); amounts in minor units. */
export const cartItemSchema = z.strictObject({
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
  /**
   * An automatic top-up set up on a saved method without a top-up now: the line costs 0 and
   * `amount` is what each run tops up (decision 0040). Otherwise the first top-up is paid now.
   */
  setupOnly: z.boolean().optional(),
});
/** A cart item as the API reads it (quantity filled in). */
export type CartItem = z.output<typeof cartItemSchema>;
/** A cart item as the shop sends it. */
export type CartItemRequest = z.input<typeof cartItemSchema>;

const cartItemsSchema = z.array(cartItemSchema).min(1).max(50);

/** POST /api/shop/rest/addToCart and /api/shop/rest/v2/addToCart. */
export const addToCartBodySchema = z.strictObject({
  cartName: cartNameSchema.optional(),
  items: cartItemsSchema,
});
export type AddToCartRequest = z.input<typeof addToCartBodySchema>;

/** POST /api/shop/createCart: the phone number gets a leading +. */
export const createCartBodySchema = z.strictObject({
  items: cartItemsSchema.optional(),
  phoneNumber: z.string().min(1).max(32).optional(),
});

/** The answer of addToCart and createCart. */
export const cartNameAnswerSchema = z.object({ cartName: z.string() });

/** POST /api/shop/rest/addVouchers and /api/shop/rest/removeVouchers. */
export const voucherCodesBodySchema = z.strictObject({
  cartName: cartNameSchema,
  voucherCodes: z.array(z.string().trim().min(1).max(64)).min(1).max(10),
});
export type VoucherCodesRequest = z.input<typeof voucherCodesBodySchema>;

const itemKeySchema = z.string().min(1).max(64);

/** GET /api/shop/rest/v2/carts/{cartName}. */
export const cartParamsSchema = z.object({ cartName: cartNameSchema });

/** DELETE /api/shop/rest/v2/carts/{cartName}/items/{itemKey}. */
export const cartLineParamsSchema = z.object({ cartName: cartNameSchema, itemKey: itemKeySchema });

/** PUT /api/shop/rest/v2/carts/{cartName}/items/{itemKey}/{count}; 0 removes the line. */
export const cartLineCountParamsSchema = z.object({
  cartName: cartNameSchema,
  itemKey: itemKeySchema,
  count: z.coerce.number().int().min(0).max(MAX_ITEM_QUANTITY),
});

/** The price summary of a cart (spec §3), all amounts in minor units. */
export const cartSummarySchema = z.object({
  currency: z.string(),
  voucherDiscounts: z.array(z.object({ code: z.string(), amount: z.number() })),
  itemServiceFee: z.number(),
  cartServiceFee: z.number(),
  totalServiceFee: z.number(),
  cartDiscountAmount: z.number(),
  netAmount: z.number(),
  grossAmount: z.number(),
  totalPrice: z.number(),
}) satisfies z.ZodType<CartSummary>;
export type { CartSummary };

/** Spec §3 cart line. */
export const detailedCartLineSchema = z.object({
  itemKey: z.string(),
  productId: z.string(),
  product_id: z.string(),
  kind: z.enum(PRODUCT_KINDS),
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
    /** The weekday (Monday 1 … Sunday 7) or day of the month of a weekly or monthly top-up. */
    recurringDay: z.number().optional(),
    /** An automatic top-up that also (or only) tops up when the tariff renews. */
    tariffEnabled: z.boolean().optional(),
    /** What each run of an automatic top-up tops up (a set-up only line costs 0 now). */
    autoTopupAmount: z.number().optional(),
    /** A light automatic top-up: a link by SMS on a low balance, never a charge (decision 0042). */
    autoTopupLight: z.boolean().optional(),
  }),
});
export type DetailedCartLine = z.infer<typeof detailedCartLineSchema>;

/** Spec §3 cart, as every cart call answers it. */
export const detailedCartSchema = z
  .object({
    cartName: z.string(),
    items: z.array(detailedCartLineSchema),
    savePayment: z.boolean(),
    voucherCodes: z.array(z.string()),
    iFrameUrl: z.string().nullable(),
    summary: cartSummarySchema,
    paymentMethod: z.null(),
    additionalData: z.record(z.string(), z.unknown()),
    deliveryAddress: z.null(),
  })
  .meta({ id: 'Cart' });
export type DetailedCart = z.infer<typeof detailedCartSchema>;
