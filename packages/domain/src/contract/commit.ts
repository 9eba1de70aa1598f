import * as z from 'zod';
import { ORDER_STATUSES } from '../payment';
import { cartNameSchema } from './cart';
import { orderNumberSchema } from './checkout';
import { deviceIdSchema } from './fraud-signals';
import { voucherDeliverySchema } from './voucher-delivery';
import './jitless';

/** POST /api/shop/rest/payment-commit-order (spec §7, docs/fulfilment.md). */
export const commitBodySchema = z.strictObject({
  cartName: cartNameSchema,
  orderNumber: orderNumberSchema,
  /** PayPal's `token` or `approval_session_id` when the shopper paid in its frame. */
  paymentToken: z.string().max(256).nullish(),
  deviceId: deviceIdSchema.nullish(),
  /**
   * The provider sent the shopper back saying they cancelled (`status=CANCELLED` on the result
   * page's address): an attempt still open there is closed (added).
   */
  paymentCancelled: z.boolean().optional(),
});
export type CommitRequest = z.input<typeof commitBodySchema>;

/** A voucher PIN a commit delivered. */
export const deliveredVoucherSchema = z.object({
  productId: z.string(),
  /** The voucher's brand, which says how the PIN is redeemed (added). */
  brand: z.object({ brandId: z.string(), name: z.string() }).nullable(),
  pin: z.string(),
  serial: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type DeliveredVoucher = z.infer<typeof deliveredVoucherSchema>;

/** The answer of payment-commit-order; amounts in minor units of `currency`. */
export const commitAnswerSchema = z
  .object({
    orderNumber: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
    messages: z.array(z.string()),
    paymentStatus: z.string().nullable(),
    amountCharged: z.number(),
    creditAdded: z.number(),
    paymentReference: z.string().nullable(),
    currency: z.string(),
    /** The first PIN of the order, or null. */
    voucherPin: z.string().nullable(),
    vouchers: z.array(deliveredVoucherSchema),
    /** The numbers the order topped up (E.164), each once; empty before the commit or for vouchers only. */
    phoneNumbers: z.array(z.string()),
    /** A message key for the shopper, or null. */
    message: z.string().nullable(),
    /** When the order was placed (ISO 8601): the date the success page shows. */
    orderedAt: z.iso.datetime(),
    /** The latest sending of the PINs by SMS or WhatsApp, where the shopper asked for one (added). */
    voucherDelivery: voucherDeliverySchema.nullable(),
  })
  .meta({ id: 'CommitAnswer' });
export type CommitAnswer = z.infer<typeof commitAnswerSchema>;
