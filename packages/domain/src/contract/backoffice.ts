import * as z from 'zod';
import { ORDER_STATUSES } from '../payment';
import { PAYMENT_PROVIDERS } from '../payment-method';
import { STAFF_ROLES } from '../staff';
import { accountProfileSchema } from './account';
import { autoTopupRowSchema } from './auto-topups';
import { detailedCartLineSchema } from './cart';
import { deliveredVoucherSchema } from './commit';
import { paymentTokenSchema } from './payment-methods';
import { smsTopupRowSchema } from './sms-topups';
import './jitless';

/**
 * The back office's calls (`/api/backoffice/…`, decision 0066): staff, not shoppers, on no
 * tenant's host. Without a live staff session: 401 AUTHORIZATION_REQUIRED; beyond the role or the
 * tenants: 403 FORBIDDEN.
 */

const roleSchema = z.enum(STAFF_ROLES);

/** A staff member as the back office shows them: `shopIds` empty for admin (every tenant). */
export const staffSchema = z
  .object({ email: z.string(), role: roleSchema, shopIds: z.array(z.string()) })
  .meta({ id: 'Staff' });
export type Staff = z.infer<typeof staffSchema>;

/** POST /api/backoffice/auth/sign-in: the password and the current one-time code (RFC 6238). */
export const staffSignInBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** Six digits; without it the answer is 401 TOTP_REQUIRED once the password is right. */
  totp: z.string().trim().max(16).optional(),
});
export type StaffSignInRequest = z.infer<typeof staffSignInBodySchema>;

/** The session's token (also set as the httpOnly cookie), and who signed in. */
export const staffSignInAnswerSchema = z.object({ token: z.string(), staff: staffSchema });
export type StaffSignInAnswer = z.infer<typeof staffSignInAnswerSchema>;

/** GET /api/backoffice/auth/session: who the session belongs to. */
export const staffSessionAnswerSchema = z.object({ staff: staffSchema });

/** A page of a list: `offset` from the newest, `size` rows (20 by default, at most 100). */
export const pageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/backoffice/audit. */
export const auditQuerySchema = pageQuerySchema.extend({
  shopId: z.string().trim().min(1).max(64).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    at: z.string(),
    /** The staff member's e-mail (the address tried, for a failed sign-in). */
    staff: z.string(),
    action: z.string(),
    target: z.string(),
    shopId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditAnswerSchema = z.object({ items: z.array(auditEntrySchema), totalCount: z.number() });
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** Whether a date names a day the calendar has (`2026-02-30` does not, whatever Date.parse says). */
function isRealDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.slice(0, 10).split('-').map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const realDay = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return realDay && !Number.isNaN(Date.parse(value));
}

/** A day (`2026-12-06`, read in UTC) or an instant with its zone (`2026-12-06T08:00:00+01:00`). */
const instantSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'a date or an ISO date-time with its zone',
  )
  .refine(isRealDate, 'not a real date');

/**
 * GET /api/backoffice/orders: `q` an order number, a phone number in any common format or an
 * e-mail; `from` and `to` bound the creation time (a day includes all of it).
 */
export const orderSearchQuerySchema = pageQuerySchema.extend({
  shopId: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().max(254).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;

export const staffOrderSummarySchema = z
  .object({
    orderNumber: z.string(),
    shopId: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
    createdAt: z.string(),
    totalPrice: z.number(),
    currency: z.string(),
    /** The numbers the order tops up or was contacted at, each once. */
    phoneNumbers: z.array(z.string()),
    email: z.string().nullable(),
  })
  .meta({ id: 'StaffOrderSummary' });
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

export const staffOrdersAnswerSchema = z.object({
  items: z.array(staffOrderSummarySchema),
  totalCount: z.number(),
});
export type StaffOrdersAnswer = z.infer<typeof staffOrdersAnswerSchema>;

/** GET /api/backoffice/orders/{orderNumber}. */
export const staffOrderParamsSchema = z.object({ orderNumber: z.string().trim().min(1).max(64) });

/** A payment attempt as finance reads it: what is still refundable of what the order kept. */
export const staffPaymentSchema = z.object({
  paymentId: z.string(),
  method: z.string(),
  /** Who collected it (decision 0068), and its id there, for the provider's own dashboard (added). */
  provider: z.enum(PAYMENT_PROVIDERS),
  providerPaymentId: z.string().nullable(),
  status: z.string(),
  amount: z.number(),
  refundedAmount: z.number(),
  refundable: z.number(),
  createdAt: z.string(),
});

/** One entry of an order's timeline, oldest first: what happened, and its details. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** An order's line as staff see it: no cash code and no PIN (bearer values stay out). */
export const staffOrderLineSchema = detailedCartLineSchema.pick({
  productId: true,
  kind: true,
  brand: true,
  amount: true,
  serviceFee: true,
  grossAmount: true,
  quantity: true,
  phoneNumber: true,
});

export const staffOrderSchema = staffOrderSummarySchema
  .extend({
    lines: z.array(staffOrderLineSchema),
    payments: z.array(staffPaymentSchema),
    timeline: z.array(timelineEntrySchema),
    /** Paid (or needing no payment) but without an outcome: a delivery staff may retry. */
    deliveryStuck: z.boolean(),
    /** The voucher PINs delivered, which staff may send again or reveal with a reason. */
    voucherCount: z.number(),
    /** Final with an e-mail address: its receipt may be sent again. */
    receiptAvailable: z.boolean(),
  })
  .meta({ id: 'StaffOrder' });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/**
 * POST /api/backoffice/orders/{orderNumber}/refunds, with an `Idempotency-Key` header: the same
 * key again answers the same refund and refunds nothing more. `paymentId` names the attempt to
 * refund where an order has more than one with money kept; by default the one that paid it.
 */
export const staffRefundBodySchema = z.object({
  amount: z.number().int().positive().max(100_000_000),
  reason: z.string().trim().min(1).max(500),
  paymentId: z.uuid().optional(),
});
export type StaffRefundRequest = z.infer<typeof staffRefundBodySchema>;

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,255}$/, 'up to 255 printable characters')
    .meta({ description: 'Chosen by the caller, one per refund it means: a retry sends the same one' }),
});

export const staffRefundAnswerSchema = z
  .object({
    refundId: z.string(),
    amount: z.number(),
    /** PENDING while the provider's answer is awaited (reconciliation asks again), then SUCCEEDED or FAILED. */
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    paymentId: z.string(),
    reason: z.string(),
    failureCode: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffRefund' });
export type StaffRefundAnswer = z.infer<typeof staffRefundAnswerSchema>;

/** POST /api/backoffice/orders/{orderNumber}/reveal-pins: why staff look, kept by the audit log. */
export const revealPinsBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export type RevealPinsRequest = z.infer<typeof revealPinsBodySchema>;

/** The order's delivered voucher PINs, in the clear: every such answer is in the audit log. */
export const revealPinsAnswerSchema = z.object({ vouchers: z.array(deliveredVoucherSchema) });
export type RevealPinsAnswer = z.infer<typeof revealPinsAnswerSchema>;

/** GET /api/backoffice/shops: the tenants the staff member works for, to filter by. */
export const staffShopsAnswerSchema = z.object({
  items: z.array(
    z.object({ shopId: z.string(), name: z.string(), country: z.string(), currency: z.string() }),
  ),
});
export type StaffShopsAnswer = z.infer<typeof staffShopsAnswerSchema>;

/** GET /api/backoffice/customers: `q` an e-mail or a phone number in any common format. */
export const customerSearchQuerySchema = pageQuerySchema.extend({
  shopId: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().max(254).optional(),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

export const staffCustomerSummarySchema = z
  .object({
    customerId: z.string(),
    shopId: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffCustomerSummary' });

export const staffCustomersAnswerSchema = z.object({
  items: z.array(staffCustomerSummarySchema),
  totalCount: z.number(),
});
export type StaffCustomersAnswer = z.infer<typeof staffCustomersAnswerSchema>;

export const staffCustomerParamsSchema = z.object({ customerId: z.uuid() });

/** An account as customer service sees it: the profile, saved methods (masked), automatic and SMS top-ups, latest orders. */
export const staffCustomerSchema = staffCustomerSummarySchema
  .extend({
    profile: accountProfileSchema,
    savedMethods: z.array(paymentTokenSchema),
    autoTopups: z.array(autoTopupRowSchema),
    smsTopups: z.array(smsTopupRowSchema),
    /** The 10 newest orders. */
    latestOrders: z.array(staffOrderSummarySchema),
    /** Whether the tenant lets its shoppers (and so staff) pause an automatic top-up. */
    autoTopupPauseAllowed: z.boolean(),
  })
  .meta({ id: 'StaffCustomer' });
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const staffAutoTopupParamsSchema = z.object({ customerId: z.uuid(), autoTopupId: z.uuid() });

/**
 * PUT /api/backoffice/customers/{customerId}/auto-topups/{autoTopupId}: pause (DISABLED), resume
 * (ENABLED) or delete (DELETED) on the shopper's behalf, as the shop's rules allow the shopper.
 */
export const staffAutoTopupBodySchema = z.object({ status: z.enum(['ENABLED', 'DISABLED', 'DELETED']) });
export type StaffAutoTopupRequest = z.infer<typeof staffAutoTopupBodySchema>;

export const staffAutoTopupAnswerSchema = z.object({ autoTopup: autoTopupRowSchema });

/** A staff member as an admin manages them (GET /api/backoffice/staff). */
export const staffMemberSchema = staffSchema
  .extend({ staffId: z.string(), createdAt: z.string(), disabledAt: z.string().nullable() })
  .meta({ id: 'StaffMember' });
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

export const staffListAnswerSchema = z.object({ items: z.array(staffMemberSchema), totalCount: z.number() });
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** POST /api/backoffice/staff: a new staff member (admin only). */
export const newStaffBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  role: roleSchema,
  /** Empty for admin; one tenant or more for every other role. */
  shopIds: z.array(z.string().trim().min(1).max(64)).max(100),
});
export type NewStaffRequest = z.infer<typeof newStaffBodySchema>;

/**
 * The new member and what they need to sign in, shown once to the admin who hands it over: a
 * generated first password and the one-time code secret (also as an otpauth:// address).
 */
export const newStaffAnswerSchema = z.object({
  staff: staffMemberSchema,
  password: z.string(),
  totpSecret: z.string(),
  totpUri: z.string(),
});
export type NewStaffAnswer = z.infer<typeof newStaffAnswerSchema>;

export const staffMemberParamsSchema = z.object({ staffId: z.uuid() });

/** PUT /api/backoffice/staff/{staffId}: disable (their sessions end at once) or enable again. */
export const staffMemberChangeBodySchema = z.object({ disabled: z.boolean() });
