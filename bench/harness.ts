import { performance } from 'node:perf_hooks';
import { startApi } from '@shop/api/testing';

/** The API over real HTTP on a fresh demo database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function startBenchApi() {
  const api = await startApi();
  return {
    engine: api.database.engine,
    base: api.baseUrl,
    sandboxBase: api.sandbox.baseUrl,
    close: api.close,
  };
}

export interface Timing {
  median: number;
  p95: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Runs `request` `total` times from `clients` concurrent loops; answers latency quantiles in ms. */
export async function measure(
  clients: number,
  total: number,
  request: () => Promise<Response>,
): Promise<Timing> {
  const samples: number[] = [];
  let started = 0;
  const client = async () => {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      const response = await request();
      await response.arrayBuffer();
      samples.push(performance.now() - begin);
      if (!response.ok) throw new Error(`answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  samples.sort((a, b) => a - b);
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

export function report(title: string, rows: [string, Timing][]): void {
  const baseline = rows[0]?.[1].median ?? 1;
  console.log(`\n${title}\n`);
  console.log(`${'case'.padEnd(28)}${'median'.padStart(9)}${'p95'.padStart(9)}${'× baseline'.padStart(12)}`);
  for (const [name, timing] of rows) {
    console.log(
      `${name.padEnd(28)}${timing.median.toFixed(2).padStart(9)}${timing.p95.toFixed(2).padStart(9)}${(timing.median / baseline).toFixed(2).padStart(12)}`,
    );
  }
}
