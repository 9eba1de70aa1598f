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
 *   BENCH_CASES="add to cart,whole checkout" measures only those cases and leaves the doc as it is
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from '../scripts/doc-section';
import { runCheckouts } from './checkout';
import { crowdAddress, type LoadCase, type LoadFigures, runLoad } from './load';
import { pgbenchTps } from './pgbench';
import { answers, PORTS, root, startProcess, startShop } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl = process.env.DATABASE_URL || undefined;
/** The cases to measure; all unless BENCH_CASES names some (then the doc's table is left alone). */
const chosen = process.env.BENCH_CASES?.split(',').map((name) => name.trim());
const measures = (name: string) => !chosen || chosen.includes(name);

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
/** Each add from a shopper of their own (an address the abuse limits count apart) with a key of its own, as the shop's pages send it. */
const crowd = (request: { headers?: Record<string, string> }) => ({
  ...request,
  headers: { ...request.headers, 'x-client-ip': crowdAddress(), 'idempotency-key': randomUUID() },
});
const CASES: Record<Exclude<CaseName, 'whole checkout'>, LoadCase> = {
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
    // As a browser asks: the page comes compressed.
    headers: {
      host: `ladeplatz.localhost:${PORTS.storefront}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
    },
  },
};

const SAME_BYTES = 'same bytes as the main page, bare Node server';

/** One answer of the page as the load client gets it, its body kept as sent (compressed). */
function answerBytes({ url, headers }: LoadCase): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The second baseline of the main page (bench/same-bytes.ts): what the client takes of its bytes from a bare server. */
async function measureSameBytes(page: LoadCase): Promise<LoadFigures> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-page-')), 'page.gz');
  writeFileSync(file, await answerBytes(page));
  const server = startProcess(['--import', 'tsx', 'bench/same-bytes.ts'], {
    PORT: String(PORTS.helloWorld),
    BODY_FILE: file,
  });
  try {
    const url = `http://127.0.0.1:${PORTS.helloWorld}/`;
    await answers(url);
    await runLoad({ url }, CONNECTIONS, 2);
    return await runLoad({ url }, CONNECTIONS, SECONDS);
  } finally {
    await server.stop();
    rmSync(file, { force: true });
  }
}

async function measureShop(engine: Engine, databaseUrl: string | undefined): Promise<Row[]> {
  console.log(`\nThe shop on ${engine} ...`);
  const shop = await startShop(databaseUrl);
  const rows: Row[] = [];
  try {
    for (const [name, load] of Object.entries(CASES)) {
      if (!measures(name)) continue;
      await runLoad(load, CONNECTIONS, 2); // warm-up: connections, code paths, caches
      const figures = await runLoad(load, CONNECTIONS, SECONDS);
      rows.push({ name, engine, figures });
      console.log(`  ${name}: ${figures.rps.toFixed(0)} req/s`);
    }
    if (measures('main page (storefront)')) {
      const sameBytes = await measureSameBytes(CASES['main page (storefront)']);
      rows.push({ name: SAME_BYTES, engine, figures: sameBytes });
      console.log(`  ${SAME_BYTES}: ${sameBytes.rps.toFixed(0)} req/s`);
    }
    if (measures('whole checkout')) {
      const sandbox = `http://127.0.0.1:${PORTS.sandbox}`;
      await runCheckouts(api, sandbox, CONNECTIONS, 2);
      const checkouts = await runCheckouts(api, sandbox, CONNECTIONS, SECONDS);
      rows.push({ name: 'whole checkout', engine, figures: checkouts });
      console.log(
        `  whole checkout: ${checkouts.rps.toFixed(0)} per s, ${checkouts.commitsPerCheckout.toFixed(1)} commit calls each`,
      );
    }
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
  if (row.name === SAME_BYTES)
    return { ratio: `${againstHello.toFixed(3)} of hello-world`, target: 'baseline', met: undefined };
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
if (!chosen)
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
      'The main page is asked for as a browser asks (gzip); the row after it is a bare Node server sending one',
      "answer's very bytes: what this load client can take of a page that big, whoever makes it.",
      '',
      table,
      '',
      missed.length === 0 ? 'Every target met.' : `Targets missed: ${missed.join(', ')}.`,
    ].join('\n'),
  );
console.log(missed.length === 0 ? 'Every target met.' : `Targets missed: ${missed.join(', ')}`);
