import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const PORTS = { storefront: 3700, api: 4700, sandbox: 4800, smtp: 2725, helloWorld: 4900 };

/** A process the bench started, stopped with everything it started. */
export interface Started {
  stop(): Promise<void>;
}

export function startProcess(args: string[], env: Record<string, string>): Started & { child: ChildProcess } {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

export async function answers(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A database of the bench's own on the server of `url`, dropped afterwards. */
export async function scratchDatabase(url: string, prefix: string) {
  const name = `${prefix}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { name, url: scratch.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The shop as `npm start` runs it, on the bench's ports: on a fresh PostgreSQL database of the
 * server at `databaseUrl`, or on a fresh embedded one without.
 */
export async function startShop(databaseUrl: string | undefined): Promise<Started> {
  const database = databaseUrl ? await scratchDatabase(databaseUrl, 'shop_bench') : undefined;
  const dataDir = database ? undefined : mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const shop = startProcess(['--import', 'tsx', 'scripts/start.ts'], {
    PORT: String(PORTS.storefront),
    API_PORT: String(PORTS.api),
    SANDBOX_PORT: String(PORTS.sandbox),
    SANDBOX_SMTP_PORT: String(PORTS.smtp),
    DATABASE_URL: database?.url ?? '',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  await answers(`http://127.0.0.1:${PORTS.api}/api/health`);
  await answers(`http://127.0.0.1:${PORTS.storefront}/api/health`);
  return {
    stop: async () => {
      await shop.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
