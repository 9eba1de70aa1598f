import { type DatabaseHandle, openDatabase } from '@shop/db';
import type { Env } from './env';

/** Ends a command with its message on stderr and the exit code (1: failed, 2: used wrongly). */
export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** A configuration mistake ends the command with its message, not a stack trace. */
export function configured<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    fail((error as Error).message);
  }
}

/**
 * Runs `work` on the database as the API opens it (DATABASE_URL, else the embedded one in
 * DATA_DIR), its pending migrations applied first, and closes it afterwards.
 */
export async function withDatabase<T>(env: Env, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}
