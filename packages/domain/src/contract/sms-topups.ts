import * as z from 'zod';
import { SMS_PIN_PATTERN } from '../sms-topup';
import './jitless';

/**
 * SMS top-ups (spec §7 SMS top-up, decision 0041). A signed-in call: the account's own
 * registrations only. A registration is the number that may top up by SMS, the saved method
 * that pays and a consent PIN, which is never answered back.
 */

const indexSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const smsTopupRowSchema = z
  .object({
    index: z.number(),
    msisdn: z.string(),
    /** LOCKED after five wrong PINs in a row, until the shopper unlocks it. */
    status: z.enum(['ACTIVE', 'LOCKED']),
    channel: z.literal('sms'),
    /** Where the shopper texts to. */
    shortNumber: z.string(),
    paymentToken: z.string(),
    paymentTokenName: z.string(),
    brand: z.string(),
    productId: z.string(),
    currency: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SmsTopup' });
export type SmsTopupRow = z.infer<typeof smsTopupRowSchema>;

/** GET /api/shop/rest/smstopup/query. */
export const smsTopupRowsAnswerSchema = z.object({ rows: z.array(smsTopupRowSchema) });
export type SmsTopupRowsAnswer = z.infer<typeof smsTopupRowsAnswerSchema>;

/**
 * PUT /api/shop/rest/smstopup. With `index`: another saved method, a new PIN, or `unlock`
 * (a new PIN unlocks too). Without: registers `phoneNumber` with a method and a PIN, for a number
 * this account has confirmed before (a new number is registered through the top-up form, which
 * confirms it by code).
 */
export const updateSmsTopupBodySchema = z
  .object({
    index: indexSchema.optional(),
    phoneNumber: z.string().trim().min(1).max(32).optional(),
    paymentTokenId: z.uuid().optional(),
    smsTopupConsent: z.string().regex(SMS_PIN_PATTERN, 'the PIN is 4 to 6 digits').optional(),
    unlock: z.boolean().optional(),
  })
  .loose();
export type UpdateSmsTopupRequest = z.infer<typeof updateSmsTopupBodySchema>;

export const smsTopupAnswerSchema = z.object({ smsTopup: smsTopupRowSchema });
export type SmsTopupAnswer = z.infer<typeof smsTopupAnswerSchema>;

/** DELETE /api/shop/rest/smstopup. */
export const deleteSmsTopupBodySchema = z.object({ index: indexSchema }).loose();
export type DeleteSmsTopupRequest = z.infer<typeof deleteSmsTopupBodySchema>;
