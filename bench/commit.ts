/**
 * Commit benchmark: the call a shopper's result page repeats every 2 s
 * (`POST /api/shop/rest/payment-commit-order`), for orders whose payment is still open and for
 * orders already committed, at 20 concurrent clients, as a ratio to `GET /api/health` measured
 * on the same server in the same run.
 *
 *   npm run bench:commit      # BENCH_REQUESTS (default 1000) per case
 */
import { measure, report, startBenchApi } from './harness';

const CLIENTS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const ORDERS = 100;

const api = await startBenchApi();
const headers = { 'X-Tenant-Id': 'belwaarde', 'Content-Type': 'application/json' };

async function post(path: string, body: unknown) {
  const response = await fetch(`${api.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, string>;
}

/** Orders paid by iDEAL, started but not yet approved: their payment is open. */
async function openOrders(count: number) {
  const orders: { cartName: string; orderNumber: string; payerUrl: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const { cartName } = await post('/api/shop/rest/addToCart', {
      items: [{ productId: 'belwaarde-topup-1500', phoneNumber: '+31612345678' }],
    });
    const started = await post('/api/shop/rest/checkout-start-payment', { cartName, paymentMethod: 'ideal' });
    orders.push({
      cartName: cartName as string,
      orderNumber: started.orderNumber as string,
      payerUrl: started.payerUrl as string,
    });
  }
  return orders;
}

const open = await openOrders(ORDERS);
const committed = await openOrders(ORDERS);
for (const order of committed) {
  const path = new URL(order.payerUrl).pathname;
  await fetch(`${api.sandboxBase}${path}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}
// The provider's webhooks commit the approved orders; wait until each answers as committed.
for (const order of committed) {
  for (let tries = 0; tries < 100; tries += 1) {
    const answer = await post('/api/shop/rest/payment-commit-order', {
      cartName: order.cartName,
      orderNumber: order.orderNumber,
    });
    if (answer.orderStatus === 'ORDER_ALREADY_COMMITTED') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const commitOf = (orders: typeof open) => {
  let next = 0;
  return () => {
    const { cartName, orderNumber } = orders[next++ % orders.length] as (typeof open)[number];
    return fetch(`${api.base}/api/shop/rest/payment-commit-order`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ cartName, orderNumber }),
    });
  };
};

await measure(CLIENTS, 200, commitOf(committed));
const baseline = await measure(CLIENTS, REQUESTS, () => fetch(`${api.base}/api/health`));
const pending = await measure(CLIENTS, REQUESTS, commitOf(open));
const replay = await measure(CLIENTS, REQUESTS, commitOf(committed));
report(`Commit on ${api.engine}, ${CLIENTS} concurrent clients, ${REQUESTS} requests per case (ms)`, [
  ['health (baseline)', baseline],
  ['commit, payment open', pending],
  ['commit, already committed', replay],
]);
await api.close();
