import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './tables';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The database within one transaction, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * SQL text run as written, outside Drizzle: for libraries that bring their own SQL (the job
 * queue). Without values the text may hold several statements, its own BEGIN and COMMIT among
 * them; should one fail, the transaction it opened is rolled back, never left open.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface DatabaseHandle extends SqlExecutor {
  db: Database;
  engine: 'postgres' | 'pglite';
  /** Applies every migration not yet applied; several processes starting at once apply each once. */
  migrate(): Promise<void>;
  /** Answers when the database takes a query; throws otherwise. */
  ping(): Promise<void>;
  /**
   * Hears the notifications of `channel` (`NOTIFY`, from any process on the database) until the
   * answered function stops it. `onGap` is told whenever some may have been missed (the
   * connection broke; it is opened again by itself) and whenever none can be missed any more
   * (listening again): whoever remembers what the notifications keep fresh must forget it then.
   */
  listen(
    channel: string,
    onNotification: (payload: string) => void,
    onGap: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** Told when an idle connection breaks (a server restart, an administrator); the pool replaces it. */
      onIdleError?: (error: Error) => void;
    }
  /** `dataDir` undefined keeps the embedded database in memory. */
  | { dataDir: string | undefined };

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** The advisory lock that lets one process at a time apply migrations (any constant of our own). */
const MIGRATION_LOCK = 7_020_019;

/** A script (several statements) on one connection of the pool, rolled back should it fail midway. */
async function runScript(pool: pg.Pool, text: string) {
  const client = await pool.connect();
  try {
    const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(results) ? (results.at(-1) as pg.QueryResult) : results;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const RELISTEN_DELAYS_MS = [100, 500, 2_000, 5_000];

/** LISTEN on a connection of its own (a pooled one would be handed to others), opened again when it breaks. */
async function listenPg(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onGap: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let live = false;
    next.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || !live) return;
      live = false;
      client = undefined;
      onGap(false);
      retry();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client = undefined;
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    live = true;
    failures = 0;
    onGap(true);
  };
  const retry = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    failures += 1;
    setTimeout(() => {
      if (!stopped) connect().catch(retry);
    }, delay).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** Opens PostgreSQL at `url`, or the embedded PGlite database in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener a broken idle connection would end the process; so would one that broke
    // while checked out between two queries (its next query fails and the pool drops it).
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      executeSql: (text, values) => (values?.length ? pool.query(text, values) : runScript(pool, text)),
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channel, onNotification, onGap) => listenPg(options.url, channel, onNotification, onGap),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One connection: a script runs inside a transaction of PGlite's, so that nothing else runs
    // in the middle of it and a failure rolls it back.
    executeSql: async (text, values) =>
      values?.length
        ? client.query<Record<string, unknown>>(text, values)
        : { rows: (await client.transaction((tx) => tx.exec(text))).at(-1)?.rows ?? [] },
    ping: async () => void (await db.execute(sql`select 1`)),
    // One process holds the embedded database, so nothing is ever missed.
    listen: async (channel, onNotification, onGap) => {
      const unlisten = await client.listen(channel, onNotification);
      onGap(true);
      return unlisten;
    },
    close: () => client.close(),
  };
}

/** Whether the error, or one it was caused by, matches (drivers and Drizzle wrap what the server said). */
function causedBy(
  error: unknown,
  matches: (cause: { code?: unknown; message?: unknown }) => boolean,
): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (matches(current as { code?: unknown; message?: unknown })) return true;
  }
  return false;
}

/** Whether a query failed on a unique index (PostgreSQL 23505), however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  return causedBy(error, ({ code }) => code === '23505');
}

const LOST_CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether a query failed because the database could not be reached or went away under it (a
 * restart, a failover, a network cut: SQLSTATE class 08, admin or crash shutdown, a socket
 * error), rather than because of the query: the same call can succeed a moment later.
 */
export function isConnectionLoss(error: unknown): boolean {
  return causedBy(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (LOST_CONNECTION_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)),
  );
}
