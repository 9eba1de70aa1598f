import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase, schema } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { healthSchema } from '@shop/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ports = { PORT: 3500, API_PORT: 4500, SANDBOX_PORT: 4600, SANDBOX_SMTP_PORT: 2625 };

let dataDir: string;
let postgres: (DatabaseHandle & { url: string | undefined }) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  if (process.env.DATABASE_URL) postgres = await createTestDatabase();
});
afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm start` until it reports the shop ready; answers the running process. */
function startShop(): Promise<ChildProcess> {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The shop is ready')) resolve(child);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

function groupIsAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends Ctrl-C to the whole process group, as a terminal does; answers whether every process
 * of the group has ended within 20 s.
 */
async function pressCtrlC(child: ChildProcess): Promise<boolean> {
  const pgid = child.pid as number;
  process.kill(-pgid, 'SIGINT');
  for (let waited = 0; waited < 20_000 && groupIsAlive(pgid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !groupIsAlive(pgid);
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function tenantRows() {
  const database = await openDatabase(postgres?.url ? { url: postgres.url } : { dataDir });
  try {
    return await database.db.select().from(schema.tenants);
  } finally {
    await database.close();
  }
}

describe('npm start', () => {
  it('serves the shops with a worker, stops every process on Ctrl-C, and reuses its data on the next start', async () => {
    const first = await startShop();
    const page = await fetch(`http://127.0.0.1:${ports.PORT}/`);
    expect(await page.text()).toContain('funkfix.localhost');
    // A worker takes the jobs: its own process on PostgreSQL, the API itself on PGlite.
    await expect
      .poll(
        async () => {
          const health = await fetch(`http://127.0.0.1:${ports.API_PORT}/api/health`);
          return healthSchema.safeParse(await health.json()).data?.worker.alive;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await pressCtrlC(first)).toBe(true);
    for (const port of Object.values(ports)) expect(await isListening(port)).toBe(false);

    const afterFirst = await tenantRows();
    expect(afterFirst).toHaveLength(11);

    const second = await startShop();
    expect(await pressCtrlC(second)).toBe(true);
    const afterSecond = await tenantRows();
    expect(afterSecond).toHaveLength(11);
    expect(afterSecond.map((row) => `${row.shopId}@${row.createdAt.toISOString()}`).sort()).toEqual(
      afterFirst.map((row) => `${row.shopId}@${row.createdAt.toISOString()}`).sort(),
    );
    for (const port of Object.values(ports)) expect(await isListening(port)).toBe(false);
  });
});
