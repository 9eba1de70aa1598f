import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@shop/db/testing';
import { type RunningSandbox, startSandbox } from '@shop/sandbox/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GOOD_CARD } from './checkout-support';
import { freePort, onAFreePort, WEBHOOK_SECRET } from './harness';
import { healthyApi, type ShopProcess, spawnShopProcess } from './processes';

/**
 * The API as its own process, killed with SIGKILL while a top-up is under way at the operator
 * (the payment held, the operator already crediting, nothing recorded yet), then started again:
 * the order must end committed with one top-up and one capture, on the sandbox provider and
 * operator (funkfix) and on Stripe and DT One (alpenfunk, the sandbox's stand-ins). On PostgreSQL
 * the commit runs in a worker process of its own, killed and started again with the API.
 */

let sandbox: RunningSandbox;
let sandboxUrl: string;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir: string | undefined;
let apiPort: number;
let api: ShopProcess | undefined;
let worker: ShopProcess | undefined;

const processEnv = (): Record<string, string> => ({
  API_PORT: String(apiPort),
  SANDBOX_URL: sandboxUrl,
  SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort()}`,
  PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RECONCILE_INTERVAL_SECONDS: '1',
  COMMIT_LEASE_SECONDS: '2',
  // A job the killed worker held is taken up again once it expires: the restart waits that long.
  JOB_EXPIRE_SECONDS: '10',
  LOG_LEVEL: 'silent',
  ...(database?.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '', DATA_DIR: dataDir as string }),
});

/** The worker of the PostgreSQL set-up; on the embedded database the API works the jobs. */
const startWorkerProcess = (): ShopProcess | undefined =>
  database?.url ? spawnShopProcess('worker', processEnv()) : undefined;

async function startApiProcess(): Promise<ShopProcess> {
  const started = spawnShopProcess('main', processEnv());
  await healthyApi(apiPort);
  return started;
}

async function call(tenant: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${apiPort}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Tenant-Id': tenant,
      'X-Forwarded-Host': `${tenant}.localhost:3000`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  return (await response.json()) as any;
}

const sandboxJson = async (path: string, init?: RequestInit) =>
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  (await (await fetch(`${sandboxUrl}${path}`, init)).json()) as any;

/** The payment as its provider holds it: the sandbox provider's, or the Stripe stand-in's session. */
async function atProvider(payerUrl: string): Promise<{ status: string; capturedAmount: number }> {
  const id = new URL(payerUrl).pathname.split('/').pop();
  if (!id?.startsWith('cs_')) return sandboxJson(`/psp/payments/${id}`);
  const session = await sandboxJson(`/v1/checkout/sessions/${id}?expand[]=payment_intent`, {
    headers: { authorization: 'Bearer sk_test_sandbox' },
  });
  const intent = session.payment_intent;
  const status = { requires_capture: 'AUTHORIZED', succeeded: 'CAPTURED' }[intent.status as string];
  return { status: status ?? intent.status, capturedAmount: intent.amount_received };
}

/**
 * Whether the tenant's operator has taken the top-up of a reference: the sandbox operator, or
 * DT One's stand-in for alpenfunk (its development key).
 */
async function topupTaken(tenant: string, reference: string): Promise<boolean> {
  if (tenant !== 'alpenfunk')
    return (await fetch(`${sandboxUrl}/operator/topups/${reference}`)).status === 200;
  const found = await sandboxJson(`/dtone/v1/transactions?external_id=${encodeURIComponent(reference)}`, {
    headers: {
      authorization: `Basic ${Buffer.from('dtone-sandbox-key:dtone-sandbox-secret').toString('base64')}`,
    },
  });
  return Array.isArray(found) && found.length === 1;
}

beforeAll(async () => {
  apiPort = await freePort();
  sandbox = await onAFreePort((port) =>
    startSandbox({
      publicBaseUrl: `http://127.0.0.1:${port}`,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryDelaysMs: [200, 500, 1000, 2000, 4000],
      // The stand-in is alpenfunk's Stripe account, signing with the development secret.
      stripeWebhookUrl: `http://127.0.0.1:${apiPort}/api/webhooks/stripe/alpenfunk`,
      slowAnswerDelayMs: 20_000,
    }),
  );
  sandboxUrl = sandbox.baseUrl;
  if (process.env.DATABASE_URL) database = await createTestDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
  api = await startApiProcess();
  worker = startWorkerProcess();
}, 90_000);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await sandbox.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it.each([
  ['funkfix', 'the sandbox provider', '+4917055507777'],
  ['alpenfunk', 'Stripe and DT One', '+436605557777'],
])(
  'an API killed while a top-up is under way finishes the order once after a restart (%s, %s)',
  async (tenant, _provider, msisdn) => {
    const before = (await sandboxJson(`/operator/balances/${encodeURIComponent(msisdn)}`)).balance as number;
    const { cartName } = await call(tenant, '/api/shop/rest/v2/addToCart', {
      items: [{ productId: `${tenant}-topup-1500`, phoneNumber: msisdn }],
    });
    const started = await call(tenant, '/api/shop/rest/checkout-start-payment', {
      cartName,
      paymentMethod: 'creditcard',
    });
    const paymentPath = new URL(started.payerUrl).pathname;
    await sandboxJson(`${paymentPath}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GOOD_CARD),
    });

    // The webhook commits the order; the operator takes the top-up and holds its answer.
    const reference = `${started.orderNumber}-1-1`;
    await expect.poll(() => topupTaken(tenant, reference), { timeout: 20_000, interval: 100 }).toBe(true);
    await Promise.all([api?.stop('SIGKILL'), worker?.stop('SIGKILL')]);
    expect((await atProvider(started.payerUrl)).status).toBe('AUTHORIZED');

    api = await startApiProcess();
    worker = startWorkerProcess();
    const orderStatus = async () =>
      (await call(tenant, `/api/shop/rest/orders/${started.orderNumber}?cartName=${cartName}`)).orderStatus;
    // Two processes start again and the lease runs out first: on a busy machine that takes a while.
    await expect.poll(orderStatus, { timeout: 60_000, interval: 250 }).toBe('committed');
    expect((await sandboxJson(`/operator/balances/${encodeURIComponent(msisdn)}`)).balance).toBe(
      before + 1500,
    );
    // The order is final before the capture goes out (the outcome is written first).
    await expect
      .poll(() => atProvider(started.payerUrl), { timeout: 10_000 })
      .toMatchObject({ status: 'CAPTURED', capturedAmount: 1500 });
    const answer = await call(tenant, '/api/shop/rest/payment-commit-order', {
      cartName,
      orderNumber: started.orderNumber,
    });
    // The restarted API may still be settling the order: the call then waits and answers its outcome.
    expect(['committed', 'ORDER_ALREADY_COMMITTED']).toContain(answer.orderStatus);
    expect(answer).toMatchObject({ creditAdded: 1500, amountCharged: 1500 });
  },
  120_000,
);
