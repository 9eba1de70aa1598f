import { STAFF_ROLES } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders, payments } from './schema';

/**
 * The back office's staff (decision 0066), apart from every tenant's shoppers: an e-mail, a
 * password (argon2id), a one-time code secret (encrypted at rest) and a role; every role but
 * admin works for the tenants in `shop_ids`. A staff member who leaves is disabled, never
 * deleted: the audit log keeps naming them.
 */
export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower case, unique across the platform. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** The base32 secret of the one-time codes (RFC 6238), encrypted like voucher PINs. */
  totpSecret: text('totp_secret').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  shopIds: text('shop_ids').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The time step of the last code accepted, and the address it came from: a code is taken once,
   * but for the same address within its step (a form sent twice).
   */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpLastAddress: text('totp_last_address'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** A staff session: the token exists only in the answer and the cookie, the table keeps its hash. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on by the calls made with it (at most once a minute); 8 idle hours end it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    clientAddress: text('client_address'),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/**
 * Who did what, when, for which tenant: every staff sign-in (and failed one), every look at a
 * PIN, every action and change. Append-only: the migration refuses updates and deletes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** None for a failed sign-in of an address no staff member has. */
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    /** What it was done to: an order number, a customer id, a staff e-mail; empty for a sign-in. */
    target: text('target').notNull().default(''),
    /** The tenant of the target; none for what concerns the platform (sign-ins, staff). */
    shopId: text('shop_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    clientAddress: text('client_address'),
  },
  (table) => [index('audit_log_shop').on(table.shopId, table.id), index('audit_log_target').on(table.target)],
);

/**
 * A refund a staff member asked for: one per order and `Idempotency-Key`, so a double click or a
 * retried call refunds once. PENDING until the provider answered; a PENDING refund whose answer was
 * lost is asked again by reconciliation with the same provider key.
 */
export const staffRefunds = pgTable(
  'staff_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    /** The provider's refusal, for a FAILED refund. */
    failureCode: text('failure_code'),
    staffId: uuid('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_refunds_key').on(table.orderId, table.idempotencyKey),
    index('staff_refunds_pending').on(table.createdAt).where(sql`${table.status} = 'PENDING'`),
    check('staff_refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);
