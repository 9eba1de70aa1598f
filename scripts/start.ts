/**
 * `npm start`: builds what is not built, then runs sandbox, API (which applies migrations and
 * loads the demo data), a worker when the database is a PostgreSQL (on the embedded one the API
 * works the jobs itself) and storefront, prints the shop URLs, and stops them all on Ctrl-C.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRedisReachable } from '@shop/api/redis';
import { mainPagePath, tenants } from '@shop/tenants';

const root = fileURLToPath(new URL('..', import.meta.url));
const storefrontDir = join(root, 'apps/storefront');
const ports = {
  storefront: Number(process.env.PORT ?? 3000),
  api: Number(process.env.API_PORT ?? 4000),
  sandbox: Number(process.env.SANDBOX_PORT ?? 4100),
  /** The sandbox's mail server (SMTP). */
  sandboxSmtp: Number(process.env.SANDBOX_SMTP_PORT ?? 2525),
};
const sandboxUrl = process.env.SANDBOX_URL ?? `http://localhost:${ports.sandbox}`;
const apiUrl = `http://127.0.0.1:${ports.api}`;

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== '.next')
    .reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

/** Whether `marker` is newer than every file of `sources`. */
function builtAfter(marker: string, sources: readonly string[]): boolean {
  if (!existsSync(marker)) return false;
  const newestSource = Math.max(...sources.map((source) => newestChange(join(root, source))));
  return newestSource <= statSync(marker).mtimeMs;
}

const SHARED_SOURCES = ['packages/domain/src', 'packages/tenants'];

/** The apps `npm start` builds when their sources changed since their last build. */
const builds = [
  {
    workspace: '@shop/storefront',
    built: () =>
      builtAfter(join(storefrontDir, '.next/BUILD_ID'), [
        'apps/storefront/src',
        'apps/storefront/public',
        ...SHARED_SOURCES,
      ]),
  },
  {
    workspace: '@shop/backoffice',
    built: () =>
      builtAfter(join(root, 'apps/backoffice/dist/index.html'), [
        'apps/backoffice/src',
        'apps/backoffice/index.html',
        ...SHARED_SOURCES,
      ]),
  },
];

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, args: string[], env: Record<string, string>, cwd = root): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    void stop(1);
  });
  children.push(child);
  return child;
}

async function waitFor(name: string, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 15_000);
  await Promise.all(exited);
  clearTimeout(force);
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const started = Date.now();
const registry = tenants();

for (const { workspace, built } of builds) {
  if (built()) continue;
  console.log(`Building ${workspace} ...`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisReachable = await isRedisReachable(redisUrl);
console.log(
  redisReachable
    ? `Abuse limits count in Redis at ${redisUrl}.`
    : `Abuse limits count in memory: no Redis answers at ${redisUrl}.`,
);

const tsx = ['--import', 'tsx'];
run('sandbox', [...tsx, 'apps/sandbox/src/main.ts'], {
  SANDBOX_PORT: String(ports.sandbox),
  SANDBOX_SMTP_PORT: String(ports.sandboxSmtp),
  SANDBOX_URL: sandboxUrl,
  // The operator's events (low balance, tariff renewal, SMS) go to the API.
  OPERATOR_WEBHOOK_URL: process.env.OPERATOR_WEBHOOK_URL ?? `${apiUrl}/api/webhooks/operator`,
  // The app simulator's entry links open the shops here.
  SHOP_URL_TEMPLATE: process.env.SHOP_URL_TEMPLATE ?? `http://{shopId}.localhost:${ports.storefront}`,
  // The Stripe stand-in is alpenfunk's Stripe account: its events go to alpenfunk's endpoint.
  STRIPE_WEBHOOK_URL: process.env.STRIPE_WEBHOOK_URL ?? `${apiUrl}/api/webhooks/stripe/alpenfunk`,
});
/** What the API and the worker read alike (the worker finds the API's webhook URL by its port). */
const backendEnv = {
  API_PORT: String(ports.api),
  SANDBOX_URL: sandboxUrl,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${ports.sandboxSmtp}`,
  // Links sent by SMS (a light top-up's) open the shop here.
  SHOP_URL_TEMPLATE: process.env.SHOP_URL_TEMPLATE ?? `http://{shopId}.localhost:${ports.storefront}`,
};
run('api', [...tsx, 'apps/api/src/main.ts'], {
  ...backendEnv,
  // Blank is unset for the API.
  REDIS_URL: redisReachable ? redisUrl : '',
});
// The same database as the API's: DATABASE_URL (blank is unset), else the embedded one.
if (process.env.DATABASE_URL) {
  console.log('Background jobs run in a worker process beside the API (PostgreSQL).');
  run('worker', [...tsx, 'apps/api/src/worker.ts'], backendEnv);
} else {
  console.log('Background jobs run inside the API process (embedded database).');
}
/** The tenants' measurement tools: the sandbox's stand-ins unless set (decision 0047). */
const measurementEnv = {
  TAG_MANAGER_SCRIPT_URL: process.env.TAG_MANAGER_SCRIPT_URL ?? `${sandboxUrl}/measurement/gtm.js?id={id}`,
  ANALYTICS_SCRIPT_URL: process.env.ANALYTICS_SCRIPT_URL ?? `${sandboxUrl}/measurement/gtag/js?id={id}`,
  HEATMAP_SCRIPT_URL:
    process.env.HEATMAP_SCRIPT_URL ?? `${sandboxUrl}/measurement/hotjar.js?id={id}&sv={version}`,
  PUSH_SCRIPT_URL: process.env.PUSH_SCRIPT_URL ?? `${sandboxUrl}/measurement/push.js?id={id}`,
  MEASUREMENT_COLLECTOR_ORIGINS: process.env.MEASUREMENT_COLLECTOR_ORIGINS ?? '',
};
run(
  'storefront',
  [...tsx, 'server.ts'],
  // SANDBOX_URL: where the payment pages some tenants embed come from (the storefront's CSP).
  { PORT: String(ports.storefront), API_URL: apiUrl, SANDBOX_URL: sandboxUrl, ...measurementEnv },
  storefrontDir,
);

try {
  await Promise.all([
    waitFor('sandbox', `http://127.0.0.1:${ports.sandbox}/health`),
    waitFor('api', `${apiUrl}/api/health`),
    waitFor('storefront', `http://127.0.0.1:${ports.storefront}/api/health`),
  ]);
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}

const base = (host: string) => `http://${host}:${ports.storefront}`;
console.log(`\nThe shop is ready (${((Date.now() - started) / 1000).toFixed(1)} s). Press Ctrl-C to stop.\n`);
console.log(`  All demo shops   ${base('localhost')}/`);
for (const tenant of registry.all) {
  console.log(
    `  ${tenant.providerName.padEnd(16)} ${base(`${tenant.shopId}.localhost`)}${mainPagePath(tenant)}`,
  );
}
console.log(`\n  Back office      http://localhost:${ports.api}/backoffice/  (demo staff: see the README)`);
console.log(`  API docs         ${apiUrl}/api/docs`);
console.log(`  Sandbox          ${sandboxUrl}\n`);
