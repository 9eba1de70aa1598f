import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { guestAddress } from './checkout-support';

/**
 * Decision 0015 with its default numbers: a mobile carrier puts thousands of phones behind one
 * public address, and the limits per address must let its busy minute through while a burst of
 * one kind of call is still refused.
 */
const api = apiForFile({ abuseLimits: {} });

const CARRIER_ADDRESS = '198.51.100.20';

async function call(method: string, path: string, body?: unknown, client = CARRIER_ADDRESS) {
  const response = await api.request(path, {
    method,
    headers: {
      'X-Tenant-Id': 'funkfix',
      'X-Forwarded-Host': 'funkfix.localhost:3000',
      'X-CLIENT-IP': client,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    body: (await response.json()) as any,
  };
}

/** A shopper of their own number, from the top-up form to the provider's payment page. */
async function shopperReachesProvider(n: number): Promise<string> {
  const phoneNumber = `+49170${String(7_000_000 + n)}`;
  const steps = [];
  steps.push(await call('GET', `/api/shop/rest/number-lookup?msisdn=${encodeURIComponent(phoneNumber)}`));
  const cart = await call('POST', '/api/shop/rest/v2/addToCart', {
    items: [{ productId: 'funkfix-topup-1500', phoneNumber }],
  });
  steps.push(cart);
  const { cartName } = cart.body;
  steps.push(
    await call('POST', '/api/shop/rest/checkout-address', {
      cartName,
      savePayment: false,
      language: 'de',
      deliveryAddress: guestAddress({ phoneNumber }),
    }),
  );
  const payment = await call('POST', '/api/shop/rest/checkout-start-payment', {
    cartName,
    paymentMethod: 'creditcard',
  });
  steps.push(payment);
  const refused = steps.find(({ status }) => status !== 200);
  if (refused) return `shopper ${n}: ${refused.status} ${JSON.stringify(refused.body)}`;
  return payment.body.payerUrl ? 'at the provider' : `shopper ${n}: ${JSON.stringify(payment.body)}`;
}

describe('one address shared by many shoppers', () => {
  it('lets a hundred shoppers in a minute through to the provider', async () => {
    const outcomes: string[] = [];
    // Ten at a time, as fast as the API answers: a busier minute than a hundred spread over it.
    for (let first = 0; first < 100; first += 10) {
      outcomes.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, i) => shopperReachesProvider(first + i)))),
      );
    }
    expect(outcomes.filter((outcome) => outcome !== 'at the provider')).toEqual([]);
  });

  it('refuses a burst of 300 carts from one address within seconds, with Retry-After and the envelope', async () => {
    const burstAddress = '198.51.100.21';
    const answers = [];
    for (let batch = 0; batch < 30; batch += 1) {
      const body = { items: [{ productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' }] };
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => call('POST', '/api/shop/rest/v2/addToCart', body, burstAddress)),
        )),
      );
    }
    const refused = answers.filter(({ status }) => status === 429);
    expect(answers.filter(({ status }) => status === 200).length).toBeGreaterThanOrEqual(200);
    expect(refused.length).toBeGreaterThanOrEqual(50);
    for (const answer of refused) {
      expect(answer.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    }
    // The carrier's other shoppers are not held back by it.
    expect((await call('GET', '/api/shop/rest/number-lookup?msisdn=%2B4917012345678')).status).toBe(200);
  });
});

describe('a caller that is not the storefront', () => {
  it('is counted under its connection’s address whatever X-CLIENT-IP it sends', async () => {
    // An API that trusts no proxy on this machine: every caller here is "outside".
    const exposed = await api.another({}, { trustedProxies: ['10.99.0.0/16'] });
    const forged = (n: number) =>
      exposed.request('/api/shop/rest/v2/addToCart', {
        method: 'POST',
        headers: {
          'X-Tenant-Id': 'funkfix',
          'X-CLIENT-IP': `203.0.113.${n % 250}`,
          'X-Forwarded-For': `192.0.2.${n % 250}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ items: [{ productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' }] }),
      });
    const statuses: number[] = [];
    for (let batch = 0; batch < 30; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => forged(batch * 10 + i)));
      statuses.push(...answers.map(({ status }) => status));
    }
    // One bucket of 200 for all 300 calls, as if every call had come from one address.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
  });
});

describe('sign-in', () => {
  const authenticate = (userName: string, password: string, client: string) =>
    call('POST', '/api/auth/authenticate', { userName, password }, client);

  it('never locks an account for signing in often', async () => {
    const userName = demoUserName('funkfix');
    const statuses = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push((await authenticate(userName, DEMO_PASSWORD, '198.51.100.30')).status);
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it('stops wrong passwords from one address without locking the owner out of another', async () => {
    const userName = demoUserName('funkfix');
    const stranger = '198.51.100.31';
    for (let i = 0; i < 10; i += 1) {
      expect((await authenticate(userName, `Wrong-Guess-${i}0000`, stranger)).status).toBe(401);
    }
    const eleventh = await authenticate(userName, `Wrong-Guess-10`, stranger);
    expect(eleventh).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(eleventh.retryAfter).toMatch(/^[1-9]\d*$/);
    // Not even the right password gets through from there for now...
    expect((await authenticate(userName, DEMO_PASSWORD, stranger)).status).toBe(429);
    // ...but the owner, elsewhere, signs in.
    const owner = await authenticate(userName, DEMO_PASSWORD, '198.51.100.32');
    expect(owner).toMatchObject({ status: 200, body: { accessToken: expect.any(String) } });
  });
});
