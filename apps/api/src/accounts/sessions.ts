import { type Database, schema, type Transaction } from '@shop/db';
import { SESSION_DAYS } from '@shop/domain';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { digest, newToken } from './secrets';

const { customerSessions, customers } = schema;
export type Customer = typeof customers.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a session began; `app` is opened by a tenant's phone app for its number (decision 0050). */
export type SessionMethod = 'password' | 'otp' | 'sso' | 'checkout' | 'confirmation' | 'app';

export interface StartedSession {
  accessToken: string;
  expiresAt: Date;
}

export const tokenHashOf = (token: string) => digest('session', token);

/** A new session for the account; the token exists only in the answer, the table keeps its hash. */
export async function startSession(
  db: Database | Transaction,
  customer: Pick<Customer, 'id' | 'tenantId'>,
  method: SessionMethod,
  now: Date,
  lifetimeMs = SESSION_DAYS * DAY_MS,
): Promise<StartedSession> {
  const accessToken = newToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db.insert(customerSessions).values({
    tokenHash: tokenHashOf(accessToken),
    customerId: customer.id,
    tenantId: customer.tenantId,
    method,
    createdAt: now,
    expiresAt,
  });
  return { accessToken, expiresAt };
}

/** The account of a live session on this tenant, or undefined. */
export async function customerOfSession(
  db: Database,
  tenantId: string,
  token: string,
  now: Date,
): Promise<{ customer: Customer; tokenHash: string; method: SessionMethod } | undefined> {
  const tokenHash = tokenHashOf(token);
  const [row] = await db
    .select({ customer: customers, method: customerSessions.method })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      and(
        eq(customerSessions.tokenHash, tokenHash),
        eq(customerSessions.tenantId, tenantId),
        isNull(customerSessions.endedAt),
        gt(customerSessions.expiresAt, now),
      ),
    );
  return row ? { customer: row.customer, tokenHash, method: row.method as SessionMethod } : undefined;
}

/** Ends one session (signing out, or the old one replaced at sign-in). */
export async function endSession(db: Database | Transaction, token: string, now: Date): Promise<void> {
  await db
    .update(customerSessions)
    .set({ endedAt: now })
    .where(and(eq(customerSessions.tokenHash, tokenHashOf(token)), isNull(customerSessions.endedAt)));
}

/** Ends every session of the account but the one named (after a password change or reset). */
export async function endOtherSessions(
  db: Database | Transaction,
  customerId: string,
  now: Date,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .update(customerSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(customerSessions.customerId, customerId),
        isNull(customerSessions.endedAt),
        ...(keepTokenHash ? [ne(customerSessions.tokenHash, keepTokenHash)] : []),
      ),
    );
}
