import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './connection';

/**
 * A fresh, migrated, isolated database for one test file: a new database on the PostgreSQL
 * server of `DATABASE_URL` (dropped on close), or an in-memory embedded one when it is unset.
 */
export async function createTestDatabase(
  url = process.env.DATABASE_URL,
): Promise<DatabaseHandle & { url: string | undefined }> {
  if (!url) {
    const handle = await openDatabase({ dataDir: undefined });
    await handle.migrate();
    return { ...handle, url: undefined };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: testUrl.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    url: testUrl.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // Connections the pool is still closing would be cut off by the drop, and their clients
      // would report it as an error; they get a moment to go first.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await dropper.query<{ open: number }>(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
