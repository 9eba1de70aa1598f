import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@shop/sandbox/testing';
import pg from 'pg';
import { freePort, onAFreePort } from '../harness';
import { loadBalancer, privatePostgres, privateRedis } from './infra';
import { startSoakProcesses } from './shop';
import { type CallFigures, JOURNEY_KINDS, type JourneyEnd, soakShoppers } from './shoppers';
import { judge, readLedgers, type Violation } from './verdict';

/**
 * The fault soak (issue 33, docs/reliability.md): checkouts of every kind against two API
 * processes and two workers on PostgreSQL while the sandbox sends webhooks twice and out of
 * order, the operator fails and times out at its documented endings, processes are killed,
 * PostgreSQL restarts and Redis goes away; then every order is held against the provider's and
 * the operator's records.
 */

export interface SoakOptions {
  checkouts: number;
  /** Shoppers at once. */
  parallel?: number;
  /** Each kind of kill this often; default one per 250 checkouts, at least one. */
  killsOfEach?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface SoakReport {
  checkouts: number;
  orders: number;
  ends: Record<string, number>;
  faults: Record<string, number>;
  unplannedExits: string[];
  retries: number;
  serverErrors: string[];
  violations: Violation[];
  /** Orders whose payment the shopper never finished at the provider (not a fault of the shop). */
  withTheShopper: number;
  driveSeconds: number;
  /** The slowest checkout, from its first call to its end, and the median. */
  checkoutSeconds: { median: number; slowest: number };
  /** Checkouts that took over 20 s, and how they ended. */
  slowCheckouts: string[];
  settleSeconds: number;
  output: string;
}

const PSP_SECRET = 'soak-webhook-secret';
const OPERATOR_SECRET = 'soak-operator-secret';
const PIN_KEY = Buffer.alloc(32, 9).toString('base64');
const root = fileURLToPath(new URL('../../../../', import.meta.url));

export async function runSoak({
  checkouts,
  parallel = 8,
  killsOfEach = Math.max(1, Math.round(checkouts / 250)),
  log = () => {},
}: SoakOptions): Promise<SoakReport> {
  const cleanUp: (() => Promise<unknown>)[] = [];
  try {
    const postgres = await privatePostgres();
    cleanUp.push(postgres.close);
    const redis = await privateRedis();
    cleanUp.push(redis.close);
    const apiPorts = [await freePort(), await freePort()];
    const balancer = await loadBalancer(apiPorts);
    cleanUp.push(balancer.close);
    const sandbox = await onAFreePort((port) =>
      startSandbox({
        publicBaseUrl: `http://127.0.0.1:${port}`,
        webhookSecret: PSP_SECRET,
        operatorWebhookUrl: `${balancer.url}/api/webhooks/operator`,
        operatorWebhookSecret: OPERATOR_SECRET,
        webhookChaos: { duplicateShare: 0.3, reorderWithinMs: 2_000 },
      }),
    );
    cleanUp.push(sandbox.close);
    const env = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SANDBOX_URL: sandbox.baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort()}`,
      API_PUBLIC_URL: balancer.url,
      PSP_WEBHOOK_SECRET: PSP_SECRET,
      OPERATOR_WEBHOOK_SECRET: OPERATOR_SECRET,
      VOUCHER_PIN_KEY: PIN_KEY,
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '5',
      JOB_EXPIRE_SECONDS: '30',
      COMMIT_LEASE_SECONDS: '15',
    };
    const processes = await startSoakProcesses(env, apiPorts);
    cleanUp.push(processes.close);
    await stockVouchers(env, checkouts);
    log(`shop up: APIs on ${apiPorts.join(', ')} behind ${balancer.url}, sandbox ${sandbox.baseUrl}`);

    const figures: CallFigures = { retries: 0, serverErrors: [] };
    const shoppers = soakShoppers({ apiUrl: balancer.url, sandboxUrl: sandbox.baseUrl, figures });
    const accounts = shoppers.accountPool(Math.max(2, Math.ceil(checkouts / 50)));
    const since = new Date(Date.now() - 1_000);

    const faults: Record<string, number> = {
      'API process killed (SIGKILL)': 0,
      'worker killed (SIGKILL)': 0,
      'PostgreSQL restarted (immediate stop)': 0,
      'Redis stopped for 10 s': 0,
    };
    const schedule = [
      ...Array.from({ length: killsOfEach }, () => 'API process killed (SIGKILL)'),
      ...Array.from({ length: killsOfEach }, () => 'worker killed (SIGKILL)'),
      'PostgreSQL restarted (immediate stop)',
      'Redis stopped for 10 s',
    ]
      .map((fault) => ({ fault, at: 0.1 + Math.random() * 0.7 }))
      .sort((a, b) => a.at - b.at);
    const inject = async (fault: string) => {
      log(`fault: ${fault}`);
      faults[fault] = (faults[fault] ?? 0) + 1;
      if (fault.startsWith('API')) processes.kill('api');
      else if (fault.startsWith('worker')) processes.kill('worker');
      else if (fault.startsWith('PostgreSQL')) await postgres.restart();
      else await redis.outage(10_000);
    };

    const started = Date.now();
    let finished = 0;
    let next = 0;
    const ends: JourneyEnd[] = [];
    const durations: number[] = [];
    const slowCheckouts: string[] = [];
    const shopper = async () => {
      while (next < checkouts) {
        const index = next++;
        const kind = JOURNEY_KINDS[index % JOURNEY_KINDS.length] as (typeof JOURNEY_KINDS)[number];
        const began = Date.now();
        ends.push(await shoppers.journey(kind, index, accounts));
        const seconds = (Date.now() - began) / 1000;
        durations.push(seconds);
        if (seconds > 20)
          slowCheckouts.push(`${kind} ${index}: ${seconds.toFixed(0)} s, ${ends.at(-1)?.ended}`);
        finished += 1;
        if (finished % 50 === 0) log(`${finished} of ${checkouts} checkouts`);
      }
    };
    const faulting = (async () => {
      const running: Promise<void>[] = [];
      for (const { fault, at } of schedule) {
        while (finished < at * checkouts) await sleep(200);
        running.push(inject(fault));
      }
      await Promise.all(running);
    })();
    await Promise.all([...Array.from({ length: parallel }, shopper), faulting]);
    const driveEnded = new Date();
    const driveSeconds = (driveEnded.getTime() - started) / 1000;
    log(`all ${checkouts} checkouts ended after ${driveSeconds.toFixed(0)} s; settling`);

    const verdict = await settle(postgres.url, sandbox.baseUrl, since, driveEnded);
    return {
      checkouts,
      orders: verdict.orders,
      ends: tally(ends.map((end) => `${end.kind}: ${end.ended.replace(/\d{6,}|\+\d+|[0-9a-f-]{36}/g, '…')}`)),
      faults,
      unplannedExits: processes.unplannedExits(),
      retries: figures.retries,
      serverErrors: figures.serverErrors,
      violations: verdict.violations,
      withTheShopper: verdict.withTheShopper,
      driveSeconds,
      checkoutSeconds: {
        median: durations.sort((a, b) => a - b)[Math.floor(durations.length / 2)] ?? 0,
        slowest: durations.at(-1) ?? 0,
      },
      slowCheckouts,
      settleSeconds: (Date.now() - driveEnded.getTime()) / 1000,
      output: processes.output(),
    };
  } finally {
    for (const step of cleanUp.reverse()) await step().catch(() => {});
  }
}

/**
 * Waits until a reconciliation pass has run since the last checkout and the records agree, for
 * at most three minutes; answers the last verdict.
 */
async function settle(databaseUrl: string, sandboxUrl: string, since: Date, driveEnded: Date) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ledgers = await readLedgers(databaseUrl, sandboxUrl, since);
    const verdict = judge(ledgers);
    const passes = await reconciliationsSince(databaseUrl, driveEnded);
    if ((passes > 0 && verdict.violations.length === 0) || Date.now() > deadline) {
      return { ...verdict, orders: ledgers.orders.length };
    }
    await sleep(3_000);
  }
}

async function reconciliationsSince(databaseUrl: string, since: Date): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as passes from pgboss.job
       where name = 'reconcile-orders' and state = 'completed' and started_on > $1`,
      [since],
    );
    return rows[0]?.passes ?? 0;
  } finally {
    await client.end();
  }
}

/** Enough voucher PINs for every voucher checkout, through the import command staff use. */
async function stockVouchers(env: Record<string, string>, checkouts: number) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-soak-pins-'));
  const file = join(dir, 'pins.csv');
  const run = Date.now().toString(36).toUpperCase();
  const lines = Array.from(
    { length: checkouts },
    (_, index) => `SOAK${run}${String(index).padStart(8, '0')},SN-${index}`,
  );
  writeFileSync(file, ['pin,serial', ...lines].join('\n'));
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/vouchers/import-command.ts',
        '--tenant',
        'ladeplatz',
        '--product',
        'pixelpass-voucher-1000',
        file,
      ],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let printed = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the voucher import failed: ${printed}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, value) => {
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});

/** The report as the Markdown table docs/reliability.md keeps. */
export function reportTable(report: SoakReport): string {
  const rows: [string, string][] = [
    ['Checkouts', String(report.checkouts)],
    ['Orders', String(report.orders)],
    ...Object.entries(report.faults).map(([fault, count]): [string, string] => [
      `Fault: ${fault}`,
      String(count),
    ]),
    ['Fault: webhooks', 'every event delayed up to 2 s (out of order), 30 % delivered twice'],
    [
      'Fault: operator',
      'of every ten numbers one refused (9999), one pending for 5 s (8888), one answering too late (7777)',
    ],
    ['Fault: provider', 'one guest’s card in ten declined'],
    ['Processes that died unasked', String(report.unplannedExits.length)],
    ['Calls a shopper had to repeat (5xx, 429, no connection)', String(report.retries)],
    ['Answers 500', String(report.serverErrors.length)],
    ['Orders left with the shopper at the provider', String(report.withTheShopper)],
    ['Checkouts driven in', `${report.driveSeconds.toFixed(0)} s`],
    [
      'One checkout took (median, slowest)',
      `${report.checkoutSeconds.median.toFixed(1)} s, ${report.checkoutSeconds.slowest.toFixed(1)} s`,
    ],
    ['Settled after the last checkout in', `${report.settleSeconds.toFixed(0)} s`],
    ['**Violations**', `**${report.violations.length}**`],
  ];
  return ['| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n');
}
