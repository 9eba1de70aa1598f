import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Database, schema } from '@shop/db';
import type { WorkerStatus } from '@shop/domain/contract';
import { desc, eq, lt, sql } from 'drizzle-orm';

const { workerHeartbeats } = schema;

/** How often a worker writes its heartbeat. */
export const HEARTBEAT_EVERY_MS = 5_000;
/** A worker whose last heartbeat is older than this counts as gone. */
const ALIVE_WITHIN_SECONDS = 20;
/** Rows of workers gone this long are deleted. */
const FORGOTTEN_AFTER = '1 day';

/** One worker's heartbeat row, under an id of its own (the database's clock is the only clock). */
export function heartbeatOf(db: Database) {
  const workerId = randomUUID();
  return {
    workerId,
    beat: async () => {
      await db
        .insert(workerHeartbeats)
        .values({ workerId, host: hostname(), pid: process.pid })
        .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { seenAt: sql`now()` } });
      await db
        .delete(workerHeartbeats)
        .where(lt(workerHeartbeats.seenAt, sql`now() - ${FORGOTTEN_AFTER}::interval`));
    },
    /** A worker that stops says so: the health call need not wait for its heartbeat to age. */
    forget: async () => {
      await db.delete(workerHeartbeats).where(eq(workerHeartbeats.workerId, workerId));
    },
  };
}

/** Whether any worker wrote its heartbeat lately, and when the newest was written. */
export async function workerStatus(db: Database): Promise<WorkerStatus> {
  const [newest] = await db
    .select({
      seenAt: workerHeartbeats.seenAt,
      alive: sql<boolean>`${workerHeartbeats.seenAt} > now() - make_interval(secs => ${ALIVE_WITHIN_SECONDS})`,
    })
    .from(workerHeartbeats)
    .orderBy(desc(workerHeartbeats.seenAt))
    .limit(1);
  if (!newest) return { alive: false };
  return { alive: newest.alive, lastSeenAt: newest.seenAt.toISOString() };
}
