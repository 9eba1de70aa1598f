import { performance } from 'node:perf_hooks';
import { sandboxClient } from '@shop/sandbox/testing';
import { GOOD_CARD, guestAddress } from '../apps/api/test/shoppers';
import { crowdAddress, figures, type LoadFigures } from './load';

const TENANT = 'funkfix';
const PENDING = new Set(['paymentPending', 'paymentInit', 'paymentAuthorized', 'paid']);

/**
 * One shopper's whole checkout, as the storefront's proxy sends it: add a top-up to a new cart,
 * the contact step, start a card payment, approve it on the provider's page, then commit as the
 * result page does until the order is final.
 */
async function checkout(api: string, sandbox: string, shopper: number): Promise<number> {
  const headers = {
    'content-type': 'application/json',
    'x-tenant-id': TENANT,
    'x-forwarded-host': `${TENANT}.localhost:3000`,
    'x-client-ip': crowdAddress(),
  };
  const post = async (path: string, body: object) => {
    const response = await fetch(api + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const phoneNumber = `+4917099${String(shopper % 100_000).padStart(5, '0')}`;
  const { cartName } = await post('/api/shop/rest/addToCart', {
    items: [{ productId: 'funkfix-topup-1500', phoneNumber }],
  });
  await post('/api/shop/rest/checkout-address', {
    cartName,
    deliveryAddress: guestAddress(),
    language: 'de',
  });
  const { orderNumber, payerUrl } = await post('/api/shop/rest/checkout-start-payment', {
    cartName,
    paymentMethod: 'creditcard',
  });
  await sandboxClient(sandbox).act(String(payerUrl), 'approve', GOOD_CARD);
  for (let commits = 1; ; commits++) {
    const { orderStatus } = await post('/api/shop/rest/payment-commit-order', { cartName, orderNumber });
    if (orderStatus === 'ORDER_ALREADY_COMMITTED' || orderStatus === 'committed') return commits;
    if (!PENDING.has(String(orderStatus)))
      throw new Error(`order ${orderNumber} ended ${String(orderStatus)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `shoppers` concurrent shoppers check out one after another for `seconds`; figures per whole checkout. */
export async function runCheckouts(
  api: string,
  sandbox: string,
  shoppers: number,
  seconds: number,
): Promise<LoadFigures & { commitsPerCheckout: number }> {
  const samples: number[] = [];
  let commits = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  let next = 0;
  const shopper = async () => {
    while (performance.now() < until) {
      const begin = performance.now();
      commits += await checkout(api, sandbox, next++);
      samples.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: shoppers }, shopper));
  const commitsPerCheckout = commits / Math.max(1, samples.length);
  return { ...figures(samples, (performance.now() - started) / 1000), commitsPerCheckout };
}
