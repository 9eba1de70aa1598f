import * as z from 'zod';
import { cartItemSchema, detailedCartLineSchema } from './contract/cart';
import { ORDER_STATUSES } from './payment';
import { VOUCHER_PHONE_CHANNELS } from './voucher-delivery';

// ---------------------------------------------------------------------------------------------
// What the shop keeps in its JSON columns: each shape declared once, checked where it is read.
// ---------------------------------------------------------------------------------------------

/**
 * What a cart line keeps of the item sent besides its product, amount, quantity and number. The
 * SMS consent PIN is kept as its hash: a cart (and the order made from it) never holds the PIN.
 */
export const cartItemOptionsSchema = z
  .object(cartItemSchema.omit({ productId: true, amount: true, quantity: true, phoneNumber: true }).shape)
  .extend({ smsTopupConsent: z.string().optional() });
export type CartItemOptions = z.infer<typeof cartItemOptionsSchema>;

/** Where an order's voucher PINs go by SMS or WhatsApp (decision 0048). */
export const voucherDeliveryTargetSchema = z.object({
  channel: z.enum(VOUCHER_PHONE_CHANNELS),
  phoneNumber: z.string(),
});

/** What the contact step keeps on the cart: the contact, the address fields given, device and languages. */
export const storedAddressSchema = z.object({
  contact: z.record(z.string(), z.string()),
  deviceId: z.string().optional(),
  channel: z.string().optional(),
  language: z.string().optional(),
  addressLanguage: z.string().optional(),
  createAccount: z.boolean().optional(),
  /** The account created at this step (createAccount): the order goes into its history. */
  customerId: z.string().optional(),
  voucherDelivery: voucherDeliveryTargetSchema.optional(),
});
export type StoredAddress = z.infer<typeof storedAddressSchema>;

/** What an order keeps of its contact step: the contact fields, device, language and where PINs go. */
export const orderContactSchema = z
  .object({
    email: z.string().optional(),
    phoneNumber: z.string().optional(),
    language: z.string().optional(),
    deviceId: z.string().optional(),
    voucherDelivery: voucherDeliveryTargetSchema.optional(),
  })
  .catchall(z.unknown());
export type OrderContact = z.infer<typeof orderContactSchema>;

/** What an automatic or SMS top-up line sets up, as the order keeps it. */
export const lineSetupSchema = cartItemOptionsSchema
  .pick({ autoTopupOption: true, lowBalanceOption: true, recurringOption: true, autoTopupLight: true })
  .extend({
    /** An SMS top-up's PIN, as its hash: the cart and the order never hold the PIN itself. */
    pinHash: z.string().optional(),
  });
export type LineSetup = z.infer<typeof lineSetupSchema>;

/**
 * One line of an order: the cart's line as it was when payment started, with what the commit
 * needs of the item: a cash code's code, what a line sets up, the light link it tops up through.
 */
export const orderLineSchema = detailedCartLineSchema.extend({
  cashCode: z.string().optional(),
  setup: lineSetupSchema.optional(),
  lightNotificationCode: z.string().optional(),
});
export type OrderLineRecord = z.infer<typeof orderLineSchema>;

/** How a final order's money is settled: what is charged, what is given back. */
export const settlementSchema = z.object({ charge: z.number(), giveBack: z.number() });

/** What a final order keeps of its outcome (no PIN: PINs are read back from their encrypted store). */
export const storedOutcomeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** The payment attempt the order was settled with (our payment row id), if it was paid. */
  paymentId: z.string().optional(),
  settlement: settlementSchema,
  settled: z.boolean(),
});
export type StoredOutcome = z.infer<typeof storedOutcomeSchema>;

/**
 * What confirming a saved method leads to: finishing a cart's payment, repairing an automatic
 * top-up, or the payment-methods page. A method saved while paying keeps `{}`: the account's.
 */
export const tokenPurposeSchema = z.union([
  z.object({ kind: z.literal('cart'), cartName: z.string() }),
  z.object({ kind: z.literal('autoTopup'), autoTopupId: z.string() }),
  z.object({ kind: z.literal('account') }),
  z.object({}).transform((): { kind: 'account' } => ({ kind: 'account' })),
]);
export type TokenPurpose = z.infer<typeof tokenPurposeSchema>;

/** The operator's answer for one unit: its reference and balance, a PIN's serial, or why it failed. */
export const unitResultSchema = z.object({
  reason: z.string().optional(),
  operatorReference: z.string().optional(),
  balanceAfter: z.number().nullable().optional(),
  /** A PIN the operator issued, encrypted; a PIN from stock stays in the stock's table. */
  pinEncrypted: z.string().optional(),
  serial: z.string().nullable().optional(),
  validUntil: z.string().nullable().optional(),
  creditAdded: z.number().optional(),
  currency: z.string().optional(),
  /** A reversed top-up: what went back to the shopper for it, once the provider refunded it. */
  refundedAfterReversal: z.number().optional(),
});
export type UnitResult = z.infer<typeof unitResultSchema>;
