/**
 * Add-to-cart benchmark: 50 concurrent clients each putting a top-up in a new cart
 * (`POST /api/shop/rest/v2/addToCart`), median and p95 as a ratio to `GET /api/health`
 * measured on the same server, at the same concurrency, in the same run.
 *
 *   npm run bench:cart        # BENCH_REQUESTS (default 2000) per case
 */
import { measure, report, startBenchApi } from './harness';

const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

const api = await startBenchApi();
const headers = { 'X-Tenant-Id': 'funkfix', 'Content-Type': 'application/json' };
const body = JSON.stringify({ items: [{ productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' }] });

// Warm up connections, code paths and the database.
await measure(CLIENTS, 200, () =>
  fetch(`${api.base}/api/shop/rest/v2/addToCart`, { method: 'POST', headers, body }),
);

const baseline = await measure(CLIENTS, REQUESTS, () => fetch(`${api.base}/api/health`));
const addToCart = await measure(CLIENTS, REQUESTS, () =>
  fetch(`${api.base}/api/shop/rest/v2/addToCart`, { method: 'POST', headers, body }),
);
report(`Add to cart on ${api.engine}, ${CLIENTS} concurrent clients, ${REQUESTS} requests per case (ms)`, [
  ['health (baseline)', baseline],
  ['add to cart (new cart)', addToCart],
]);
await api.close();
