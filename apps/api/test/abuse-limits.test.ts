import { type ChildProcess, spawn } from 'node:child_process';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, isRedisReachable } from '../src/adapters/redis';
import type { AbuseLimitOptions } from '../src/http/rate-limits';
import { apiForFile } from './api-for-file';
import { guestAddress } from './checkout-support';
import { freePort, LIFTED_LIMITS, type RunningApi } from './harness';

type Caller = Pick<RunningApi, 'request'>;

/** The limits under test, every other one out of reach. */
const limits = (overrides: AbuseLimitOptions['overrides'], redis?: Redis): AbuseLimitOptions => ({
  redis,
  overrides: { ...LIFTED_LIMITS, ...overrides },
});

const api = apiForFile({
  abuseLimits: limits({
    otpPerNumber: { max: 2 },
    otpPerNumberDaily: { max: 3 },
    otpPerClient: { max: 3 },
    payment: { max: 3 },
  }),
});

let counter = 0;
const unique = () => {
  counter += 1;
  return counter;
};
/** A funkfix number no other test of the file uses, so outbox look-ups see only its messages. */
const freshNumber = () => `+4917155${String(unique()).padStart(5, '0')}`;
/** A client address no other test of the file uses. */
const freshClient = () => {
  const n = unique();
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function call(on: Caller, path: string, client: string, body: unknown, tenant = 'funkfix') {
  const response = await on.request(path, {
    method: 'POST',
    headers: { 'X-Tenant-Id': tenant, 'X-CLIENT-IP': client, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  const answer = (await response.json()) as any;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: answer };
}

/** A cart of a once-off top-up to the number. */
async function topupCart(on: Caller, phoneNumber: string): Promise<string> {
  const item = { productId: 'funkfix-topup-1500', phoneNumber };
  const { status, body } = await call(on, '/api/shop/rest/v2/addToCart', freshClient(), { items: [item] });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.cartName;
}

/** The contact step of a guest who keeps the payment method, which confirms the number by SMS unless told otherwise. */
const checkoutAddress = (
  on: Caller,
  cartName: string,
  phoneNumber: string,
  client: string,
  savePayment = true,
) =>
  call(on, '/api/shop/rest/checkout-address', client, {
    cartName,
    savePayment,
    language: 'de',
    deliveryAddress: guestAddress({ phoneNumber }),
  });

const smsTo = (msisdn: string) => api.sandbox.client.outbox(msisdn);

/** A refusal as every limit gives it: 429, a whole number of seconds to wait, the error envelope. */
function expectRefusal(answer: Awaited<ReturnType<typeof call>>, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body).toEqual({ code, message: expect.any(String) });
  expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
}

describe('one-time codes by SMS', () => {
  it('go to one number at most as often as its limit allows, from any address; only codes sent count', async () => {
    const phone = freshNumber();
    const noCode = await checkoutAddress(api, await topupCart(api, phone), phone, freshClient(), false);
    expect(noCode.body).toEqual({ nextStep: 'PAYMENT' });

    const first = await topupCart(api, phone);
    expect((await checkoutAddress(api, first, phone, freshClient())).body.nextStep).toBe('OTP');
    const tooSoon = await checkoutAddress(api, first, phone, freshClient());
    expectRefusal(tooSoon, 'OTP_RESEND_TIME_LIMIT_RESTRICTION');

    const second = await topupCart(api, phone);
    expect((await checkoutAddress(api, second, phone, freshClient())).body.nextStep).toBe('OTP');
    const third = await topupCart(api, phone);
    expectRefusal(
      await checkoutAddress(api, third, phone, freshClient()),
      'OTP_RESEND_TIME_LIMIT_RESTRICTION',
    );
    expectRefusal(
      await call(api, '/api/shop/rest/resend-otp', freshClient(), { cartName: third }),
      'OTP_RESEND_TIME_LIMIT_RESTRICTION',
    );
    expect(await smsTo(phone)).toHaveLength(2);

    // The refused code never went out, so nothing waits to be confirmed.
    const confirm = await call(api, '/api/shop/rest/validate-otp', freshClient(), {
      cartName: third,
      otp: '123456',
    });
    expect(confirm.body.code).toBe('OTP_NOT_REQUESTED');
  });

  it('go at the request of one client address at most as often as its limit allows, whatever the numbers', async () => {
    const client = freshClient();
    const phones = [freshNumber(), freshNumber(), freshNumber(), freshNumber()];
    const answers = [];
    for (const phone of phones) {
      answers.push(await checkoutAddress(api, await topupCart(api, phone), phone, client));
    }
    expect(answers.slice(0, 3).map((answer) => answer.body.nextStep)).toEqual(['OTP', 'OTP', 'OTP']);
    expectRefusal(answers[3] as Awaited<ReturnType<typeof call>>, 'OTP_RESEND_TIME_LIMIT_RESTRICTION');
    expect(await smsTo(phones[3] as string)).toEqual([]);

    const elsewhere = freshNumber();
    const other = await checkoutAddress(api, await topupCart(api, elsewhere), elsewhere, freshClient());
    expect(other.body.nextStep).toBe('OTP');
  });

  it('stay under the shop’s ceiling against a caller who changes address and number every time', async () => {
    const capped = await api.another(limits({ otpPerShop: { max: 2 } }));
    const phones = [freshNumber(), freshNumber(), freshNumber()];
    const answers = [];
    for (const phone of phones) {
      answers.push(await checkoutAddress(capped, await topupCart(capped, phone), phone, freshClient()));
    }
    expect(answers.slice(0, 2).map((answer) => answer.body.nextStep)).toEqual(['OTP', 'OTP']);
    expectRefusal(answers[2] as Awaited<ReturnType<typeof call>>, 'OTP_RESEND_TIME_LIMIT_RESTRICTION');
    expect(await smsTo(phones[2] as string)).toEqual([]);
  });

  it('never outrun the limit when many checkouts ask at once', async () => {
    const phone = freshNumber();
    const carts = await Promise.all(Array.from({ length: 6 }, () => topupCart(api, phone)));
    const answers = await Promise.all(carts.map((cart) => checkoutAddress(api, cart, phone, freshClient())));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
    expect(await smsTo(phone)).toHaveLength(2);
  });

  it('go again once the window has passed', async () => {
    const quick = await api.another(limits({ otpPerNumber: { max: 1, windowMs: 1_000 } }));
    const phone = freshNumber();
    expect(
      (await checkoutAddress(quick, await topupCart(quick, phone), phone, freshClient())).body.nextStep,
    ).toBe('OTP');
    const waiting = await topupCart(quick, phone);
    const refused = await checkoutAddress(quick, waiting, phone, freshClient());
    expectRefusal(refused, 'OTP_RESEND_TIME_LIMIT_RESTRICTION');

    const deadline = Date.now() + 20_000;
    let answer = refused;
    while (answer.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await checkoutAddress(quick, waiting, phone, freshClient());
    }
    expect(answer.body.nextStep).toBe('OTP');
    expect(await smsTo(phone)).toHaveLength(2);
  });
});

describe('other limited calls', () => {
  it('answer 429 TOO_MANY_REQUESTS with Retry-After past the limit, per client address and tenant', async () => {
    const client = freshClient();
    const start = (from: string, tenant = 'funkfix') =>
      call(
        api,
        '/api/shop/rest/checkout-start-payment',
        from,
        { cartName: 'x'.repeat(24), paymentMethod: 'creditcard' },
        tenant,
      );
    for (let i = 0; i < 3; i += 1) expect((await start(client)).body.code).toBe('UNKNOWN_CART');
    expectRefusal(await start(client), 'TOO_MANY_REQUESTS');
    expect((await start(freshClient())).body.code).toBe('UNKNOWN_CART');
    expect((await start(client, 'blitzmobil')).body.code).toBe('UNKNOWN_CART');
  });

  it('leave the product listing alone', async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i += 1) {
      const response = await api.request('/api/shop/rest/v1/products?page=1&size=15', {
        headers: { 'X-Tenant-Id': 'funkfix', 'X-CLIENT-IP': client },
      });
      expect(response.status).toBe(200);
    }
  });
});

describe('two API processes sharing one Redis', () => {
  let server: ChildProcess;
  const clients: Redis[] = [];
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 10_000;
    while (!(await isRedisReachable(url, 250))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer at ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    server?.kill('SIGTERM');
  });

  async function redisClient(): Promise<Redis> {
    const client = createRedis(url);
    clients.push(client);
    await client.connect();
    return client;
  }

  it('share one count of codes per number and of calls per address', async () => {
    const shared = { otpPerNumber: { max: 2 }, payment: { max: 3 } };
    const first = await api.another(limits(shared, await redisClient()));
    const second = await api.another(limits(shared, await redisClient()));

    const phone = freshNumber();
    const answers = [];
    for (const on of [first, second, first, second]) {
      answers.push(await checkoutAddress(on, await topupCart(on, phone), phone, freshClient()));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429]);
    expect(await smsTo(phone)).toHaveLength(2);

    const client = freshClient();
    const start = (on: Caller) =>
      call(on, '/api/shop/rest/checkout-start-payment', client, {
        cartName: 'y'.repeat(24),
        paymentMethod: 'creditcard',
      });
    const statuses = [];
    for (const on of [first, second, first, second]) statuses.push((await start(on)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
