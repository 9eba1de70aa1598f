import { setTimeout as sleep } from 'node:timers/promises';
import type { SqlExecutor, Transaction } from '@shop/db';
import type { JobCounts } from '@shop/domain/contract';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { JobQueue } from './queue';
import { JOB_NAMES, type JobName, jobPayloads, QUEUES } from './queues';

/** pg-boss keeps its tables in a schema of its own, created and migrated by itself at start. */
const SCHEMA = 'pgboss';
/** Failed jobs stay in the job table (counted by the health call) for a week, then go to the archive. */
const FAILED_KEPT_SECONDS = 7 * 24 * 60 * 60;

export interface PgBossQueueOptions {
  /** The process's own database connection (pool or PGlite): pg-boss runs its SQL through it. */
  db: SqlExecutor;
  /**
   * A worker also keeps the queue: it expires jobs whose worker died (so they are tried again),
   * archives finished ones and drops old archives. A process that only sends does none of it.
   */
  maintains: boolean;
  /** How long a job may run before it counts as lost (its worker died) and is tried again. */
  expireSeconds: number;
  onError: (error: Error) => void;
  /** How long a loop that found no job waits before it looks again, instead of its queue's own. */
  pollSeconds?: number;
}

/** PostgreSQL's codes for a deadlock and a duplicate key: another process made the same queue. */
const SETUP_RACE_CODES = new Set(['40P01', '23505']);

/**
 * Runs a queue's set-up again when another process, starting at the same moment on the same new
 * database (an API and its worker), made the same queue first: pg-boss's `createQueue` is not
 * safe against itself. The second try finds the queue there and leaves it.
 */
async function whileOthersSetUp(setUp: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await setUp();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || !code || !SETUP_RACE_CODES.has(code)) throw error;
      await sleep(50 * attempt + Math.floor(Math.random() * 100));
    }
  }
}

/** pg-boss's SQL run inside one of our transactions: its `$n` placeholders become Drizzle's parameters. */
const executorOf = (tx: Transaction): SqlExecutor => ({
  async executeSql(text, values = []) {
    const parts = text.split(/\$(\d+)/);
    const query = sql.join(
      parts.map((part, index) => (index % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part))),
    );
    return (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  },
});

/**
 * The job queue on pg-boss (decision 0019). Every queue has the `stately` policy: per key at
 * most one job waits and one runs, so two jobs of one key never run side by side.
 */
export async function startPgBossQueue({
  db,
  maintains,
  expireSeconds,
  onError,
  pollSeconds: idlePollSeconds,
}: PgBossQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.executeSql(text, values) },
    schema: SCHEMA,
    // Schedules are ours (`sendScheduled`): pg-boss's cron counts whole minutes only.
    schedule: false,
    supervise: maintains,
    maintenanceIntervalSeconds: Math.min(120, expireSeconds),
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  });
  boss.on('error', onError);
  await boss.start();
  for (const name of JOB_NAMES) {
    const { retries, retryDelaySeconds } = QUEUES[name];
    const settings = {
      name,
      policy: 'stately' as const,
      retryLimit: retries,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      expireInSeconds: expireSeconds,
    };
    // Creating leaves an existing queue as it is; the update brings its settings in step.
    await whileOthersSetUp(() => boss.createQueue(name, settings));
    await whileOthersSetUp(() => boss.updateQueue(name, settings));
  }

  /** This process's work loops per queue: told at once of a job sent here. */
  const loops = new Map<JobName, string[]>();

  return {
    async send(name, payload, { within } = {}) {
      const key = QUEUES[name].keyOf?.(payload as never);
      const id = await boss.send(name, payload, {
        ...(key ? { singletonKey: key } : {}),
        ...(within ? { db: executorOf(within) } : {}),
      });
      if (id) for (const loop of loops.get(name) ?? []) boss.notifyWorker(loop);
    },

    async sendScheduled(name, everySeconds) {
      await boss.sendThrottled(name, {}, {}, everySeconds);
    },

    async work(handlers) {
      for (const name of JOB_NAMES) {
        const { concurrency, pollSeconds } = QUEUES[name];
        const handle = handlers[name] as (payload: unknown) => Promise<void>;
        for (let loop = 0; loop < concurrency; loop += 1) {
          let id = '';
          id = await boss.work(
            name,
            { pollingIntervalSeconds: idlePollSeconds ?? pollSeconds, batchSize: 1 },
            async ([job]) => {
              if (!job) return;
              await handle(jobPayloads[name].parse(job.data));
              // A loop that found a job looks for the next at once: a crowd of jobs sent by
              // another process is not taken one per polling interval.
              boss.notifyWorker(id);
            },
          );
          loops.set(name, [...(loops.get(name) ?? []), id]);
        }
      }
    },

    async counts(): Promise<JobCounts> {
      const { rows } = await db.executeSql(
        `select count(*) filter (where state in ('created', 'retry'))::int as waiting,
                count(*) filter (where state = 'failed')::int as failed
         from ${SCHEMA}.job where name = any($1::text[])`,
        [JOB_NAMES],
      );
      return { waiting: Number(rows[0]?.waiting ?? 0), failed: Number(rows[0]?.failed ?? 0) };
    },

    stop: (graceMs) => boss.stop({ graceful: true, wait: true, timeout: graceMs }),
  };
}
