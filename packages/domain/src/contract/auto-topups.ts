import * as z from 'zod';
import { AUTO_TOPUP_STATUSES, AUTO_TOPUP_TYPES } from '../auto-topup';
import { ORDER_STATUSES } from '../payment';
import './jitless';

/**
 * Automatic top-ups (spec §7 Auto top-up, decision 0040). A signed-in call: the account's own
 * top-ups only. `autoTopupType` is what the shopper set up; `topupType` its family, LOW_BALANCE
 * (low balance, tariff) or RECURRING (weekly, monthly), which a query may also name.
 */

const autoTopupIdSchema = z.uuid();
const typeSchema = z.enum(AUTO_TOPUP_TYPES);
const statusSchema = z.enum(AUTO_TOPUP_STATUSES);

/** POST /api/topup/autotopup/query. */
export const autoTopupQueryBodySchema = z
  .object({
    autoTopupTypes: z.array(typeSchema).max(10).optional(),
    statuses: z.array(statusSchema).max(10).optional(),
    userId: z.string().max(64).optional(),
    msisdn: z.string().trim().max(32).optional(),
  })
  .loose();
export type AutoTopupQuery = z.infer<typeof autoTopupQueryBodySchema>;

/**
 * A light top-up's latest live link (decision 0042): when its SMS went (null while it is on its
 * way) and until when it opens the top-up.
 */
export const lightLinkStateSchema = z.object({
  sentAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type LightLinkState = z.infer<typeof lightLinkStateSchema>;

/** An automatic charge of this calendar month and the order it made. */
export const autoTopupChargeSchema = z.object({
  orderNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});

export const autoTopupRowSchema = z
  .object({
    autoTopupId: z.string(),
    autoTopupType: typeSchema,
    topupType: z.enum(['LOW_BALANCE', 'RECURRING']),
    autoTopupLight: z.boolean(),
    brand: z.string(),
    paymentToken: z.string(),
    paymentTokenName: z.string(),
    status: statusSchema,
    shopId: z.string(),
    userId: z.string(),
    msisdn: z.string(),
    productId: z.string(),
    amount: z.number(),
    currency: z.string(),
    lowBalanceLimit: z.number().nullable(),
    tariffEnabled: z.boolean(),
    /** Monday 1 … Sunday 7 for WEEKLY, 1–31 for MONTHLY. */
    recurringDay: z.number().nullable(),
    nextRunAt: z.string().nullable(),
    monthlyCap: z.number().nullable(),
    /** The automatic charges of this calendar month, newest first. */
    charges: z.array(autoTopupChargeSchema),
    createdAt: z.string(),
    /** Light, live top-ups only: the link its last low balance sent, while it opens the top-up. */
    lightLink: lightLinkStateSchema.optional(),
  })
  .meta({ id: 'AutoTopup' });
export type AutoTopupRow = z.infer<typeof autoTopupRowSchema>;

export const autoTopupRowsAnswerSchema = z.object({ rows: z.array(autoTopupRowSchema) });
export type AutoTopupRowsAnswer = z.infer<typeof autoTopupRowsAnswerSchema>;

/**
 * PUT /api/topup/autotopup: activate (ENABLED), pause (DISABLED) or delete (DELETED); another
 * saved method (`paymentToken`), or a monthly cap (`monthlyCap`, null for none).
 */
export const updateAutoTopupBodySchema = z
  .object({
    autoTopupId: autoTopupIdSchema,
    status: statusSchema.optional(),
    paymentToken: z.uuid().optional(),
    monthlyCap: z.number().int().positive().max(10_000_000).nullable().optional(),
    shopId: z.string().max(64).optional(),
    brand: z.string().max(64).optional(),
    autoTopupType: typeSchema.optional(),
  })
  .loose();
export type UpdateAutoTopupRequest = z.infer<typeof updateAutoTopupBodySchema>;

export const autoTopupAnswerSchema = z.object({ autoTopup: autoTopupRowSchema });
export type AutoTopupAnswer = z.infer<typeof autoTopupAnswerSchema>;

/** POST /api/topup/autotopup/delete. */
export const deleteAutoTopupBodySchema = z
  .object({ autoTopupId: autoTopupIdSchema, paymentToken: z.string().max(64).optional() })
  .loose();
export type DeleteAutoTopupRequest = z.infer<typeof deleteAutoTopupBodySchema>;

/** POST /api/topup/autotopuplight/query: a light top-up's link, as its SMS carried it. */
export const autoTopupLightQueryBodySchema = z
  .object({
    hash: z.string().min(1).max(200),
    notificationCode: z.string().min(1).max(64),
  })
  .loose();
export type AutoTopupLightQuery = z.infer<typeof autoTopupLightQueryBodySchema>;

/**
 * Whose link it is (`userId`); for that account, signed in, the top-up it fills in: the number,
 * the amount, and the code the cart item names (`autoTopupLightNotificationId`).
 */
export const autoTopupLightAnswerSchema = z
  .object({
    userId: z.string(),
    msisdn: z.string().optional(),
    amount: z.number().optional(),
    currency: z.string().optional(),
    notificationCode: z.string().optional(),
    expiresAt: z.string().optional(),
    /** Why the link was sent: a low balance, or a charge of the saved card that needs the shopper. */
    purpose: z.enum(['LOW_BALANCE', 'AUTHENTICATION']).optional(),
  })
  .meta({ id: 'AutoTopupLight' });
export type AutoTopupLightAnswer = z.infer<typeof autoTopupLightAnswerSchema>;

/**
 * POST /api/topup/autotopuplight/resend: the latest live link of the account's light top-up, sent
 * again by SMS to the top-up's own number with a new secret (the earlier SMS's link stops working).
 */
export const resendLightLinkBodySchema = z.object({ autoTopupId: autoTopupIdSchema }).loose();
export type ResendLightLinkRequest = z.infer<typeof resendLightLinkBodySchema>;

export const resendLightLinkAnswerSchema = z.object({ lightLink: lightLinkStateSchema });
export type ResendLightLinkAnswer = z.infer<typeof resendLightLinkAnswerSchema>;
