/**
 * `npm run bench`: one table of the shop under load, every figure beside a baseline taken in the
 * same run on the same machine. A bare Fastify hello-world route (its own process) is the baseline
 * of the calls that need no write; pgbench's TPC-B-like transactions per second on the same
 * PostgreSQL the baseline of the calls that write. The shop runs as `npm start` runs it, on a fresh
 * database of the server at DATABASE_URL and then on a fresh embedded one (only the embedded one
 * without DATABASE_URL). Writes the table to docs/performance.md.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *   BENCH_SECONDS=10 (each case)   BENCH_CONNECTIONS=50
 */
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from '../scripts/doc-section';
import { runCheckouts } from './checkout';
import { crowdAddress, type LoadFigures, runLoad } from './load';
import { pgbenchTps } from './pgbench';
import { answers, PORTS, root, startProcess, startShop } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl = process.env.DATABASE_URL || undefined;

if (!existsSync(join(root, 'apps/storefront/.next/BUILD_ID'))) {
  console.error('Build the storefront first: npm run build');
  process.exit(1);
}

type Engine = 'PostgreSQL' | 'PGlite';
type CaseName = 'health' | 'product listing' | 'add to cart' | 'main page (storefront)' | 'whole checkout';
interface Row {
  name: string;
  engine?: Engine;
  figures: LoadFigures;
}

const api = `http://127.0.0.1:${PORTS.api}`;
const crowd = (request: { headers?: Record<string, string> }) => ({
  ...request,
  headers: { ...request.headers, 'x-client-ip': crowdAddress() },
});
const CASES: Record<Exclude<CaseName, 'whole checkout'>, Parameters<typeof runLoad>[0]> = {
  health: { url: `${api}/api/health` },
  'product listing': { url: `${api}/api/shop/rest/v1/products`, headers: { 'x-tenant-id': 'ladeplatz' } },
  'add to cart': {
    url: `${api}/api/shop/rest/addToCart`,
    method: 'POST',
    headers: { 'x-tenant-id': 'funkfix', 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' }] }),
    setupRequest: crowd,
  },
  'main page (storefront)': {
    url: `http://127.0.0.1:${PORTS.storefront}/shop`,
    headers: { host: `ladeplatz.localhost:${PORTS.storefront}` },
  },
};

async function measureShop(engine: Engine, databaseUrl: string | undefined): Promise<Row[]> {
  console.log(`\nThe shop on ${engine} ...`);
  const shop = await startShop(databaseUrl);
  const rows: Row[] = [];
  try {
    for (const [name, load] of Object.entries(CASES)) {
      await runLoad(load, CONNECTIONS, 2); // warm-up: connections, code paths, caches
      const figures = await runLoad(load, CONNECTIONS, SECONDS);
      rows.push({ name, engine, figures });
      console.log(`  ${name}: ${figures.rps.toFixed(0)} req/s`);
    }
    const sandbox = `http://127.0.0.1:${PORTS.sandbox}`;
    await runCheckouts(api, sandbox, CONNECTIONS, 2);
    const checkouts = await runCheckouts(api, sandbox, CONNECTIONS, SECONDS);
    rows.push({ name: 'whole checkout', engine, figures: checkouts });
    console.log(`  whole checkout: ${checkouts.rps.toFixed(0)} per s`);
  } finally {
    await shop.stop();
  }
  return rows;
}

const hello = startProcess(['--import', 'tsx', 'bench/hello-world.ts'], { PORT: String(PORTS.helloWorld) });
const rows: Row[] = [];
let pgbench: number | undefined;
try {
  const helloUrl = `http://127.0.0.1:${PORTS.helloWorld}/`;
  await answers(helloUrl);
  await runLoad({ url: helloUrl }, CONNECTIONS, 2);
  const helloWorld = await runLoad({ url: helloUrl }, CONNECTIONS, SECONDS);
  console.log(`hello-world: ${helloWorld.rps.toFixed(0)} req/s`);
  await hello.stop();
  rows.push({ name: 'hello-world (bare Fastify)', figures: helloWorld });
  if (serverUrl) {
    pgbench = await pgbenchTps(serverUrl, SECONDS);
    console.log(`pgbench TPC-B: ${pgbench.toFixed(0)} tps`);
    rows.push(...(await measureShop('PostgreSQL', serverUrl)));
  }
  rows.push(...(await measureShop('PGlite', undefined)));
} finally {
  await hello.stop();
}

/** A target: the figure's baseline (a number, or undefined where it cannot be had) and the ratio it must reach. */
interface Target {
  baseline: 'hello-world' | 'pgbench' | 'PostgreSQL';
  ratio: number;
  p95?: number;
}
const TARGETS: Partial<Record<CaseName, Target>> = {
  'product listing': { baseline: 'hello-world', ratio: 0.4, p95: 10 },
  'add to cart': { baseline: 'pgbench', ratio: 0.4 },
  'main page (storefront)': { baseline: 'hello-world', ratio: 0.05, p95: 50 },
  'whole checkout': { baseline: 'pgbench', ratio: 0.1 },
};
const helloRps = rows[0]?.figures.rps ?? 1;
const postgresRps = (name: string) =>
  rows.find((row) => row.engine === 'PostgreSQL' && row.name === name)?.figures.rps;

function verdict(row: Row): { ratio: string; target: string; met: boolean | undefined } {
  if (!row.engine) return { ratio: '1.000', target: '', met: undefined };
  const own = TARGETS[row.name as CaseName];
  const againstHello = row.figures.rps / helloRps;
  if (row.engine === 'PGlite' && serverUrl) {
    const postgres = postgresRps(row.name);
    const ratio = postgres ? row.figures.rps / postgres : 0;
    return { ratio: `${ratio.toFixed(3)} of PostgreSQL`, target: '≥ 0.5 of PostgreSQL', met: ratio >= 0.5 };
  }
  if (!own) return { ratio: `${againstHello.toFixed(3)} of hello-world`, target: '', met: undefined };
  const base = own.baseline === 'pgbench' ? pgbench : helloRps;
  if (base === undefined) return { ratio: 'no pgbench', target: `≥ ${own.ratio} of pgbench`, met: undefined };
  const ratio = row.figures.rps / base;
  const p95ok = own.p95 === undefined || row.figures.p95 <= own.p95;
  return {
    ratio: `${ratio.toFixed(3)} of ${own.baseline}`,
    target: `≥ ${own.ratio} of ${own.baseline}${own.p95 ? `, p95 ≤ ${own.p95} ms` : ''}`,
    met: ratio >= own.ratio && p95ok,
  };
}

const ms = (value: number) => value.toFixed(1);
const header = '| case | engine | per second | p50 (ms) | p95 (ms) | p99 (ms) | ratio | target | met |';
const lines = [header, '| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |'];
if (pgbench !== undefined)
  lines.push(`| pgbench TPC-B (10 clients) | PostgreSQL | ${pgbench.toFixed(0)} | | | | baseline | | |`);
for (const row of rows) {
  const { ratio, target, met } = verdict(row);
  const { rps, p50, p95, p99 } = row.figures;
  lines.push(
    `| ${row.name} | ${row.engine ?? ''} | ${rps.toFixed(0)} | ${ms(p50)} | ${ms(p95)} | ${ms(p99)} | ${row.engine ? ratio : 'baseline'} | ${target} | ${met === undefined ? '' : met ? 'yes' : 'no'} |`,
  );
}
const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const missed = rows.filter((row) => verdict(row).met === false).map((row) => `${row.name} on ${row.engine}`);
const table = lines.join('\n');
console.log(`\n${table}\n`);
writeDocSection(
  join(root, 'docs/performance.md'),
  'bench',
  [
    '# Under load',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: ${machine}; the load client`,
    `on the same machine, ${CONNECTIONS} connections, ${SECONDS} s per case after 2 s of warm-up. Whole checkouts are`,
    'add → contact step → start a card payment → approve at the sandbox → commit until final, one shopper per',
    'connection. Ratios are to the baseline of the same run: the hello-world route of a bare Fastify server,',
    "pgbench's TPC-B-like figure on the same PostgreSQL, and for the embedded default the PostgreSQL figure.",
    '',
    table,
    '',
    missed.length === 0 ? 'Every target met.' : `Targets missed: ${missed.join(', ')}.`,
  ].join('\n'),
);
console.log(missed.length === 0 ? 'Every target met.' : `Targets missed: ${missed.join(', ')}`);
