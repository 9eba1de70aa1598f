import * as z from 'zod';
import { PASSWORD_MAX_LENGTH } from '../account';
import { accountProfileSchema, historyOrderSchema } from './account';
import { autoTopupRowSchema } from './auto-topups';
import { smsTopupRowSchema } from './sms-topups';
import { voucherDeliveryTargetSchema } from './voucher-delivery';
import './jitless';
import { paymentTokenSchema } from './payment-methods';

/**
 * The signed-in shopper's own data (docs/decisions/0036): a copy of everything the shop holds
 * about the account, and deleting the account. Not calls of spec §7; the paths sit beside its
 * account calls.
 */

// ---------------------------------------------------------------------------------------------
// GET /api/shop/rest/account/export
// ---------------------------------------------------------------------------------------------

const optional = z.string().optional();

/** The contact and address given at checkout, as the order keeps it. */
export const orderContactSchema = z.object({
  email: optional,
  phoneNumber: optional,
  firstname: optional,
  lastname: optional,
  street: optional,
  houseNumber: optional,
  zip: optional,
  city: optional,
  countryCode: optional,
  voucherDeliveryAddress: optional,
  /** Where the PINs were sent by SMS or WhatsApp. */
  voucherDelivery: voucherDeliveryTargetSchema.optional(),
  deviceId: optional,
  language: optional,
});

export const ownDataOrderSchema = historyOrderSchema.extend({ contact: orderContactSchema });

export const ownDataSessionSchema = z.object({
  createdAt: z.string(),
  method: z.string().meta({ description: 'password, otp, sso, checkout or confirmation' }),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  current: z.boolean().meta({ description: 'The session this export was asked for with' }),
});

export const ownDataCodeSchema = z.object({
  purpose: z.enum(['CONFIRM', 'RESET', 'SIGN_IN', 'DELETE']),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const ownDataExportSchema = z
  .object({
    exportedAt: z.string(),
    shop: z.object({ shopId: z.string(), providerName: z.string() }),
    profile: accountProfileSchema.extend({
      confirmedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
    orders: z.array(ownDataOrderSchema).meta({ description: 'Every order of the account, newest first' }),
    sessions: z.array(ownDataSessionSchema).meta({ description: 'Sign-ins, newest first; never a token' }),
    unusedCodes: z.array(ownDataCodeSchema).meta({
      description: 'Codes sent and not used (some may have run out); the code itself is never kept',
    }),
    paymentTokens: z.array(paymentTokenSchema).meta({
      description: 'Saved payment methods (what the shop keeps of them; the card stays at the provider)',
    }),
    autoTopups: z.array(autoTopupRowSchema).meta({ description: 'Automatic top-ups that are not deleted' }),
    smsTopups: z.array(smsTopupRowSchema).meta({
      description: 'Numbers registered for SMS top-ups (the PIN is kept only as a hash, never exported)',
    }),
  })
  .meta({ id: 'OwnDataExport', description: 'Everything the shop holds about the account' });
export type OwnDataExport = z.infer<typeof ownDataExportSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/shop/rest/account/delete/code and /api/shop/rest/account/delete
// ---------------------------------------------------------------------------------------------

export const deletionCodeSentSchema = z.object({
  status: z.literal('sent'),
  channel: z.enum(['email', 'sms']),
  /** Where the code went, masked. */
  sentTo: z.string(),
});
export type DeletionCodeSent = z.infer<typeof deletionCodeSentSchema>;

export const deleteAccountBodySchema = z
  .object({
    /** The account's password… */
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4)
      .optional(),
    /** …or the code sent by `POST /api/shop/rest/account/delete/code`. */
    code: z.string().trim().min(1).max(128).optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: 'password or code is required, not both',
  })
  .meta({ description: 'Confirms the deletion with the password, or with the code sent for it' });
export type DeleteAccountRequest = z.input<typeof deleteAccountBodySchema>;

export const accountDeletedSchema = z.object({
  status: z.literal('deleted'),
  message: z.literal('successfulDelete'),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
