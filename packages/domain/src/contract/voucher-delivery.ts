import * as z from 'zod';
import { VOUCHER_DELIVERY_STATES, VOUCHER_PHONE_CHANNELS } from '../voucher-delivery';
import { cartNameSchema } from './cart';
import './jitless';

/**
 * Voucher PINs by SMS or WhatsApp (decision 0048): where the contact step sends them, how the
 * result page and the order history see their sending, and "send again".
 */

/** Where the PINs go: a channel of the tenant's and the shopper's number (checked with the tenant's phone rules). */
export const voucherDeliveryTargetSchema = z.strictObject({
  channel: z.enum(VOUCHER_PHONE_CHANNELS),
  phoneNumber: z.string().trim().min(1).max(32),
});
export type VoucherDeliveryTargetRequest = z.infer<typeof voucherDeliveryTargetSchema>;

/**
 * `deliveryAddress.voucherDeliveryAddress`: a text, kept as given (as before), or the object that
 * sends the PINs by SMS or WhatsApp.
 */
export const voucherDeliveryAddressSchema = z.union([
  z.string().trim().max(254),
  voucherDeliveryTargetSchema,
]);
export type VoucherDeliveryAddress = z.infer<typeof voucherDeliveryAddressSchema>;

/** The sending of an order's PINs, as the result page and the order history show it. */
export const voucherDeliverySchema = z
  .object({
    channel: z.enum(VOUCHER_PHONE_CHANNELS),
    phoneNumber: z.string().meta({ description: 'E.164' }),
    state: z.enum(VOUCHER_DELIVERY_STATES).meta({
      description:
        'PENDING: on its way (a refused try is retried); SENT: the gateway took it; FAILED: every try was refused',
    }),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'VoucherDelivery' });
export type VoucherDelivery = z.infer<typeof voucherDeliverySchema>;

/**
 * GET and POST /api/shop/rest/orders/{orderNumber}/voucher-delivery: a guest names the order's
 * cart; a signed-in shopper's account is enough for its own orders.
 */
export const voucherDeliveryQuerySchema = z.object({ cartName: cartNameSchema.optional() });
export const sendVoucherAgainBodySchema = z.strictObject({ cartName: cartNameSchema.optional() });
export type SendVoucherAgainRequest = z.input<typeof sendVoucherAgainBodySchema>;
