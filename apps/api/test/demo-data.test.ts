import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, schema } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { tenants } from '@shop/tenants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/seed';
import { createPinCipher } from '../src/vouchers/pin-crypto';
import { freePort } from './harness';
import { healthyApi, type ShopProcess, spawnShopProcess, waitFor } from './processes';

/**
 * The API started as production starts it: on a fresh database it loads no demo account, and on a
 * database that holds the demo data it refuses to start unless the deployment says it is a demo.
 */

const PIN_KEY = Buffer.alloc(32, 3).toString('base64');
const DEMO_ACCOUNT = { userName: 'demo@funkfix.example', password: 'Demo-Passw0rd!' };

let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir: string | undefined;
let apiPort: number;
let api: ShopProcess | undefined;

const productionEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'production',
  API_PORT: String(apiPort),
  VOUCHER_PIN_KEY: PIN_KEY,
  PSP_WEBHOOK_SECRET: 'a-webhook-secret-of-our-own',
  OPERATOR_WEBHOOK_SECRET: 'an-operator-secret-of-our-own',
  ALPENFUNK_STRIPE_SECRET_KEY: 'sk_test_of_our_own',
  ALPENFUNK_STRIPE_WEBHOOK_SECRET: 'whsec_of_our_own',
  ALPENFUNK_TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  ALPENFUNK_TWILIO_AUTH_TOKEN: 'a-twilio-token-of-our-own',
  ALPENFUNK_DTONE_API_KEY: 'a-dtone-key-of-our-own',
  ALPENFUNK_DTONE_API_SECRET: 'a-dtone-secret-of-our-own',
  LOG_LEVEL: 'silent',
  ...(postgres?.url ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '', DATA_DIR: dataDir as string }),
  ...extra,
});

/** The shop's database while no API holds it (the embedded one takes one process at a time). */
async function withDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  if (postgres) return use(postgres.db);
  const handle = await openDatabase({ dataDir });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const signIn = (account: typeof DEMO_ACCOUNT) =>
  fetch(`http://127.0.0.1:${apiPort}/api/auth/authenticate`, {
    method: 'POST',
    headers: { 'X-Tenant-Id': 'funkfix', 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });

async function exitOf(api: ShopProcess): Promise<number | null> {
  await waitFor(
    () => `the API to end; it printed: ${api.output()}`,
    async () => (api.child.exitCode === null ? undefined : true),
  );
  return api.child.exitCode;
}

beforeAll(async () => {
  apiPort = await freePort();
  if (process.env.DATABASE_URL) postgres = await createTestDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'shop-production-'));
});

afterAll(async () => {
  await api?.stop();
  await postgres?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a production start on a fresh database has no demo account, and refuses one that holds the demo data', async () => {
  api = spawnShopProcess('main', productionEnv());
  await healthyApi(apiPort);
  expect((await signIn(DEMO_ACCOUNT)).status).toBe(401);
  await api.stop();
  await withDatabase(async (db) => {
    expect(await db.select().from(schema.customers)).toEqual([]);
    expect(await db.select().from(schema.paymentTokens)).toEqual([]);
    expect(await db.select().from(schema.staffMembers)).toEqual([]);
    expect(await db.select().from(schema.seedRuns)).toEqual([]);
    // As a demo deployment would have left it.
    await seedDemoData(db, tenants().all, { pinCipher: createPinCipher(PIN_KEY) });
  });

  api = spawnShopProcess('main', productionEnv());
  expect(await exitOf(api)).toBe(1);
  expect(api.output()).toContain('The API cannot start. This database holds the demo data');
  expect(api.output()).toContain('DEMO_DEPLOYMENT=true');

  api = spawnShopProcess('main', productionEnv({ DEMO_DEPLOYMENT: 'true' }));
  await healthyApi(apiPort);
  expect((await signIn(DEMO_ACCOUNT)).status).toBe(200);
}, 120_000);
