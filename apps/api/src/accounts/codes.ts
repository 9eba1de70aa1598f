import { type Database, schema, type Transaction } from '@shop/db';
import { and, eq, sql } from 'drizzle-orm';
import { digest, newCode, newToken, sameDigest } from './secrets';

const { accountCodes } = schema;

export type CodePurpose = (typeof accountCodes.$inferSelect)['purpose'];

const MINUTE_MS = 60_000;

/** How long a code lives; a wrong try counts, and after five the code is gone. */
const LIFETIME_MS: Record<CodePurpose, number> = {
  CONFIRM: 24 * 60 * MINUTE_MS,
  RESET: 30 * MINUTE_MS,
  SIGN_IN: 10 * MINUTE_MS,
  DELETE: 10 * MINUTE_MS,
};
export const MAX_CODE_ATTEMPTS = 5;

const hashOf = (customerId: string, purpose: CodePurpose, code: string) => digest(purpose, customerId, code);

/**
 * A new code for the account and purpose, replacing an open one; `long` gives a 256-bit token
 * instead of six digits (the recovery token of the rehash flow, never typed by hand).
 */
export async function issueCode(
  db: Database | Transaction,
  customerId: string,
  purpose: CodePurpose,
  now: Date,
  { long = false }: { long?: boolean } = {},
): Promise<string> {
  const code = long ? newToken() : newCode();
  const values = {
    codeHash: hashOf(customerId, purpose, code),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
  };
  await db
    .insert(accountCodes)
    .values({ customerId, purpose, ...values })
    .onConflictDoUpdate({ target: [accountCodes.customerId, accountCodes.purpose], set: values });
  return code;
}

/**
 * Uses the account's open code of the purpose: true (and the code is gone) when it matches and
 * is still valid. A wrong code counts as a try; the fifth wrong try ends the code.
 */
export async function useCode(
  db: Database | Transaction,
  customerId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const key = and(eq(accountCodes.customerId, customerId), eq(accountCodes.purpose, purpose));
  const [open] = await db.select().from(accountCodes).where(key);
  if (!open) return false;
  if (open.expiresAt <= now || open.attempts >= MAX_CODE_ATTEMPTS) {
    await db.delete(accountCodes).where(key);
    return false;
  }
  if (sameDigest(open.codeHash, hashOf(customerId, purpose, code.trim()))) {
    // Deleting the very row read makes the code single-use even when two calls race.
    const used = await db
      .delete(accountCodes)
      .where(and(key, eq(accountCodes.codeHash, open.codeHash)))
      .returning({ customerId: accountCodes.customerId });
    return used.length === 1;
  }
  await db
    .update(accountCodes)
    .set({ attempts: sql`${accountCodes.attempts} + 1` })
    .where(key);
  return false;
}
