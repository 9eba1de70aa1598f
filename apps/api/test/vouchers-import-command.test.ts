import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase, syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { tenants } from '@shop/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/seed';
import { createPinCipher } from '../src/vouchers/pin-crypto';
import { stockLevels } from '../src/vouchers/stock';
import { addStockVoucher } from './vouchers-support';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const key = randomBytes(32).toString('base64');
const cipher = createPinCipher(key);

/**
 * The command runs in a process of its own, so it needs a database it can open too: a PostgreSQL
 * database of this file's own, or an embedded one in a folder that only one process opens at a time.
 */
let folder: string;
let target: { DATABASE_URL?: string; DATA_DIR?: string };
let postgres: (DatabaseHandle & { url: string | undefined }) | undefined;

async function withDatabase<T>(use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (postgres) return use(postgres);
  const handle = await openDatabase({ dataDir: target.DATA_DIR });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'voucher-import-'));
  if (process.env.DATABASE_URL) {
    postgres = await createTestDatabase();
    target = { DATABASE_URL: postgres.url };
  } else {
    target = { DATA_DIR: join(folder, 'data') };
  }
  await withDatabase(async (handle) => {
    await handle.migrate();
    await syncTenants(handle.db, tenants().all);
    await seedDemoData(handle.db, tenants().all, { pinCipher: cipher });
    await addStockVoucher(handle.db, 'ladeplatz', 'command-voucher');
  });
});
afterAll(async () => {
  await postgres?.close();
  await rm(folder, { recursive: true, force: true });
});

function runImport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'vouchers:import', '--', ...args],
      { cwd: repositoryRoot, env: { ...inherited, ...target, VOUCHER_PIN_KEY: key } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

async function pinFile(name: string, lines: string[]): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

const levelOf = (productId: string) =>
  withDatabase(async ({ db }) =>
    (await stockLevels(db, 'ladeplatz')).find((level) => level.productId === productId),
  );

describe('npm run vouchers:import', { timeout: 60_000 }, () => {
  it('imports a file and reports the duplicates it skipped', async () => {
    const file = await pinFile('good.csv', [
      'pin,serial,valid_until',
      '3030303030303030,SN-1,2099-12-31',
      '4040404040404040,SN-2,2099-12-31',
      '3030303030303030,SN-1,2099-12-31',
    ]);
    const run = await runImport(['--tenant', 'ladeplatz', '--product', 'command-voucher', file]);
    expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'imported 2, skipped 1 duplicates\n' });
    expect(run.stderr).not.toMatch(/development key/);
    expect(await levelOf('command-voucher')).toMatchObject({ available: 2 });

    const again = await runImport(['--tenant', 'ladeplatz', '--product', 'command-voucher', file]);
    expect(again).toMatchObject({ code: 0, stdout: 'imported 0, skipped 3 duplicates\n' });
  });

  it('refuses a file with a bad line, naming it, and imports nothing from it', async () => {
    const file = await pinFile('bad.csv', ['pin,serial', '5050505050505050,SN-5', 'short,SN-6']);
    const run = await runImport(['--tenant', 'ladeplatz', '--product', 'command-voucher', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /bad\.csv line 3: the PIN must be 8 to 32 letters or digits\. Nothing was imported\./,
    );
    expect(run.stdout).toBe('');
    expect(await levelOf('command-voucher')).toMatchObject({ available: 2 });
  });

  it('refuses a voucher whose PINs come from the operator', async () => {
    const file = await pinFile('operator.csv', ['pin', '6060606060606060']);
    const run = await runImport(['--tenant', 'kartenkiosk', '--product', 'pixelpass-voucher-1000', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/pixelpass-voucher-1000 takes its PINs from the operator/);
  });

  it('explains its usage when an argument is missing', async () => {
    const run = await runImport(['--tenant', 'ladeplatz', 'file.csv']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /usage: npm run vouchers:import -- --tenant <shopId> --product <productId> <file.csv>/,
    );
  });
});
