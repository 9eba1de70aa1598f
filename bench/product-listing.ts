/**
 * Product listing benchmark: median and 95th percentile of `GET /api/shop/rest/v1/products`
 * over real HTTP against the API on a fresh database (embedded PGlite, or PostgreSQL when
 * DATABASE_URL is set), each reported as a ratio to `GET /api/health` (HTTP plus one trivial
 * query) measured in the same run, so the figures compare across noisy machines.
 *
 *   npm run bench:products            # 400 timed requests per case after 50 warm-up requests
 */
import { performance } from 'node:perf_hooks';
import { startBenchApi } from './harness';

const WARM_UP = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 400);

const api = await startBenchApi();
const { base } = api;

async function time(path: string): Promise<number[]> {
  const headers = { 'X-Tenant-Id': 'ladeplatz' };
  for (let i = 0; i < WARM_UP; i += 1) await (await fetch(base + path, { headers })).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(base + path, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  }
  return samples.sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const cases = {
  'health (baseline)': '/api/health',
  'first page, no filter': '/api/shop/rest/v1/products',
  'category, page 2': '/api/shop/rest/v1/products?filters=category%3Dmobile&page=1',
  'text search': '/api/shop/rest/v1/products?filters=query%3Dpixel',
  'amount, sorted': '/api/shop/rest/v1/products?filters=amount%3D1500&sortBy=amount%2Cdesc',
};

const results: { case: string; median: number; p95: number }[] = [];
for (const [name, path] of Object.entries(cases)) {
  const samples = await time(path);
  results.push({ case: name, median: quantile(samples, 0.5), p95: quantile(samples, 0.95) });
}
const baseline = results[0]?.median ?? 1;

console.log(`\nProduct listing on ${api.engine}, ${RUNS} requests per case (ms)\n`);
console.log(`${'case'.padEnd(24)}${'median'.padStart(9)}${'p95'.padStart(9)}${'× baseline'.padStart(12)}`);
for (const row of results) {
  console.log(
    `${row.case.padEnd(24)}${row.median.toFixed(2).padStart(9)}${row.p95.toFixed(2).padStart(9)}${(row.median / baseline).toFixed(2).padStart(12)}`,
  );
}

await api.close();
