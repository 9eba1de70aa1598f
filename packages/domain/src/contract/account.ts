import * as z from 'zod';
import { ORDER_HISTORY_PAGE_SIZE, PASSWORD_MAX_LENGTH } from '../account';
import { LANGUAGES } from '../locale';
import { ORDER_STATUSES } from '../payment';
import { commitAnswerSchema } from './commit';
import './jitless';

/**
 * Accounts (spec §7 Authentication and Account): registration, confirmation, sign-in by
 * password, one-time code or single sign-on, recovery, the profile and the order history.
 * A signed-in call carries `Authorization: Bearer {accessToken}`.
 */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();

/** An e-mail, or a phone number where the tenant allows phone registration. */
const userNameSchema = text(254).min(1);
/** Passwords are taken as typed: no trimming. The rule (length, common passwords) is the service's. */
const passwordSchema = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);
/** A code sent by e-mail or SMS, or the recovery token of a sign-in that needs a new password. */
const codeSchema = text(128).min(1);

// ---------------------------------------------------------------------------------------------
// Registration and confirmation
// ---------------------------------------------------------------------------------------------

export const registerBodySchema = z
  .object({
    email: optionalText(254),
    /** The shopper's number (the storefront adds it from the phoneNumber cookie). */
    phoneNumber: optionalText(32),
    /** Instead of `email`: an e-mail, or a number where phone registration is allowed. */
    userName: optionalText(254),
    password: passwordSchema,
    firstname: optionalText(100),
    lastname: optionalText(100),
    language: z.enum(LANGUAGES).optional(),
  })
  .meta({ description: 'The user name is userName, else email, else phoneNumber (phone registration)' });
export type RegisterRequest = z.input<typeof registerBodySchema>;

export const registerAnswerSchema = z.object({
  status: z.literal('registrationSent'),
  message: z.literal('registrationSent'),
  userName: z.string(),
  /** Where the confirmation code went, masked. */
  sentTo: z.string(),
  channel: z.enum(['email', 'sms']),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

export const confirmAccountBodySchema = z.object({
  userName: userNameSchema,
  code: codeSchema.optional(),
  /** Another name for `code`. */
  confirmationCode: codeSchema.optional(),
});
export type ConfirmAccountRequest = z.input<typeof confirmAccountBodySchema>;

export const confirmAccountAnswerSchema = z.object({
  status: z.literal('CONFIRMED'),
  message: z.literal('successfulRegistration'),
});
export type ConfirmAccountAnswer = z.infer<typeof confirmAccountAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Signing in and out
// ---------------------------------------------------------------------------------------------

export const authenticateBodySchema = z.object({
  userName: userNameSchema,
  /** Sign in with the password… */
  password: passwordSchema.optional(),
  /** …or with the code sent by `POST /api/auth/loginCode`. */
  code: codeSchema.optional(),
  /** The app's number in the mobile-app flow. */
  phoneNumber: optionalText(32),
});
export type AuthenticateRequest = z.input<typeof authenticateBodySchema>;

/** The signed-in shopper as the shop shows them. */
export const accountUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const authAnswerSchema = z
  .object({
    passwordNeedsRehash: z.boolean(),
    /** With passwordNeedsRehash: the verification code of resetPass, for a new password. */
    passwordRecoveryToken: z.string().optional(),
    accessToken: z.string().optional(),
    tokenType: z.literal('Bearer').optional(),
    expiresAt: z.string().optional(),
    user: accountUserSchema.optional(),
    message: z.string(),
  })
  .meta({
    description:
      'Signed in: accessToken, expiresAt and user. A password stored under an old scheme: passwordNeedsRehash and passwordRecoveryToken, and no session.',
  });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

export const loginCodeBodySchema = z.object({ userName: userNameSchema });
export type LoginCodeRequest = z.input<typeof loginCodeBodySchema>;

/** Answered alike whether or not the account exists. */
export const codeSentAnswerSchema = z.object({ status: z.literal('sent'), message: z.string() });
export type CodeSentAnswer = z.infer<typeof codeSentAnswerSchema>;

export const ssoAuthenticateBodySchema = z
  .object({
    /** The identity provider's signed assertion (a JWT), as its login page handed it back. */
    assertion: text(8192).min(1),
    /** The shopper's number as the shop knows it; when given, it must be the asserted number. */
    msisdn: optionalText(32),
  })
  .meta({
    description:
      'The assertion of the shop’s identity provider (decision 0035): ES256, for this shop, at most five minutes old, used once.',
  });
export type SsoAuthenticateRequest = z.input<typeof ssoAuthenticateBodySchema>;

export const signOutAnswerSchema = z.object({
  status: z.literal('signedOut'),
  message: z.literal('successfulLogout'),
});

// ---------------------------------------------------------------------------------------------
// Recovery
// ---------------------------------------------------------------------------------------------

export const forgotPasswordBodySchema = z.object({ userName: userNameSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  userName: userNameSchema,
  verificationCode: codeSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordBodySchema>;

export const passwordChangedAnswerSchema = z.object({
  status: z.literal('passwordHasChanged'),
  message: z.literal('passwordHasChanged'),
});

// ---------------------------------------------------------------------------------------------
// The profile
// ---------------------------------------------------------------------------------------------

export const ADDRESS_PROFILE_FIELDS = ['street', 'houseNumber', 'zip', 'city', 'countryCode'] as const;

export const accountProfileSchema = accountUserSchema.extend({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  language: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** Fields left out stay as they are; an empty string clears a field. */
export const editProfileBodySchema = z.object({
  firstname: optionalText(100),
  lastname: optionalText(100),
  email: optionalText(254),
  phoneNumber: optionalText(32),
  street: optionalText(200),
  houseNumber: optionalText(20),
  zip: optionalText(20),
  city: optionalText(100),
  countryCode: optionalText(8),
  language: z.enum(LANGUAGES).optional(),
  /** Needed to change the e-mail or the password. */
  currentPassword: passwordSchema.optional(),
  newPassword: passwordSchema.optional(),
});
export type EditProfileRequest = z.input<typeof editProfileBodySchema>;

// ---------------------------------------------------------------------------------------------
// Order history
// ---------------------------------------------------------------------------------------------

const count = (max: number) => z.coerce.number().int().min(0).max(max);
const day = z.iso.date().meta({ description: 'YYYY-MM-DD' });

export const orderHistoryQuerySchema = z.object({
  offset: count(100_000).default(0),
  size: count(50).min(1).default(ORDER_HISTORY_PAGE_SIZE),
  /** Orders placed on or after this day (UTC). */
  from: day.optional(),
  /** Orders placed on or before this day (UTC). */
  to: day.optional(),
  /** Order statuses, comma-separated. */
  status: z
    .string()
    .trim()
    .max(400)
    .transform((value) =>
      value
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ORDER_STATUSES)))
    .optional(),
});
export type OrderHistoryQuery = z.input<typeof orderHistoryQuerySchema>;
export type OrderHistoryFilter = z.infer<typeof orderHistoryQuerySchema>;

export const orderHistoryLineSchema = z.object({
  productId: z.string(),
  kind: z.string(),
  brand: z.object({ brandId: z.string(), name: z.string() }),
  amount: z.number().meta({ description: 'Face value of one unit, minor units' }),
  quantity: z.number(),
  phoneNumber: z.string().nullable(),
});

export const orderHistoryEntrySchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  totalPrice: z.number(),
  currency: z.string(),
  lines: z.array(orderHistoryLineSchema),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderHistoryAnswerSchema = z.object({
  orders: z.array(orderHistoryEntrySchema),
  totalCount: z.number(),
  offset: z.number(),
  size: z.number(),
});
export type OrderHistoryAnswer = z.infer<typeof orderHistoryAnswerSchema>;

export const historyOrderParamsSchema = z.object({ orderNumber: text(32).min(5) });

/** One order of the history with its purchase details (voucher PINs included) once it is final. */
export const historyOrderSchema = orderHistoryEntrySchema.extend({
  purchase: commitAnswerSchema.nullable(),
});
export type HistoryOrder = z.infer<typeof historyOrderSchema>;

// ---------------------------------------------------------------------------------------------
// The client's log
// ---------------------------------------------------------------------------------------------

export const clientLogBodySchema = z.object({
  level: z.enum(['error', 'warn', 'info']).default('error'),
  message: text(2000).min(1),
  /** Where it happened: path, component, error name; at most 20 short entries. */
  context: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, 'at most 20 entries')
    .optional(),
});
export type ClientLogRequest = z.input<typeof clientLogBodySchema>;
