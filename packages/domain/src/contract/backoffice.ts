import * as z from 'zod';
import { STAFF_ROLES } from '../staff';
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
