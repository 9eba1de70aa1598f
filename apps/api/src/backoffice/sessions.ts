import { type Database, type StaffMember, schema } from '@shop/db';
import { STAFF_SESSION_IDLE_MS } from '@shop/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { digest, newToken } from '../accounts/secrets';

const { staffMembers, staffSessions } = schema;

/** A session's last call is written again at most this often: reads do not each write. */
const TOUCH_EVERY_MS = 60_000;

const tokenHashOf = (token: string) => digest('staff-session', token);

/** A new session; the token exists only in the answer and the cookie, the table keeps its hash. */
export async function startStaffSession(
  db: Database,
  member: Pick<StaffMember, 'id'>,
  clientAddress: string,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: tokenHashOf(token),
    staffId: member.id,
    createdAt: now,
    lastSeenAt: now,
    clientAddress,
  });
  return token;
}

/**
 * The staff member of a live session: not ended, used within the last 8 hours, its member not
 * disabled. Each call keeps it alive (written at most once a minute).
 */
export async function staffOfSession(
  db: Database,
  token: string,
  now: Date,
): Promise<StaffMember | undefined> {
  const tokenHash = tokenHashOf(token);
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_MS);
  const [row] = await db
    .select({ member: staffMembers, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.endedAt),
        gt(staffSessions.lastSeenAt, idleSince),
        isNull(staffMembers.disabledAt),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSessions.tokenHash, tokenHash), lt(staffSessions.lastSeenAt, now)));
  }
  return row.member;
}

/** Ends a session: its token opens nothing any more. */
export async function endStaffSession(db: Database, token: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHashOf(token)), isNull(staffSessions.endedAt)));
}
