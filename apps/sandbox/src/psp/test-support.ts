import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSandbox, type SandboxOptions } from '../app';

/**
 * Helpers for the sandbox's tests: a sandbox listening on free ports (HTTP and SMTP) with short
 * delays, calls to its merchant API and HTTP twins, and a webhook receiver.
 */

export const PUBLIC_BASE_URL = 'http://sandbox.test:4100';
export const RETURN_URL = 'https://shop.test/checkout/return?cart=42';

/** The wait before each webhook retry in the sandbox's tests: 8 tries in all. */
export const WEBHOOK_RETRY_DELAY_MS = 10;
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Array(7).fill(WEBHOOK_RETRY_DELAY_MS);

/**
 * How long a test watches for a webhook try that must not come. Nothing marks "no further try":
 * the queue is done when it stops, silently. A try, were one due, would go out
 * {@link WEBHOOK_RETRY_DELAY_MS} after the last answer; ten times that leaves a slow machine room.
 */
export const NO_FURTHER_TRY_WINDOW_MS = 10 * WEBHOOK_RETRY_DELAY_MS;

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startSandbox(options: SandboxOptions = {}) {
  const app = await buildSandbox({
    publicBaseUrl: PUBLIC_BASE_URL,
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    pendingCaptureDelayMs: 100,
    ...options,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let keys = 0;
  const nextKey = () => {
    keys += 1;
    return `key-${keys}`;
  };

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json')
      ? JSON.parse(text)
      : undefined;
    return { status: response.status, headers: response.headers, text, json };
  }

  const paymentBody = (overrides: Record<string, unknown> = {}) => ({
    merchantReference: 'order-1001',
    amount: 1234,
    currency: 'EUR',
    method: 'creditcard',
    returnUrl: RETURN_URL,
    tenantName: 'FunkFix Shop',
    ...overrides,
  });

  return {
    app,
    base,
    call,
    paymentBody,
    nextKey,
    /** Creates a payment with a fresh idempotency key; answers the created payment's id. */
    async createPayment(overrides: Record<string, unknown> = {}): Promise<string> {
      const response = await call('POST', '/psp/payments', paymentBody(overrides), {
        'idempotency-key': nextKey(),
      });
      if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
      return response.json.paymentId as string;
    },
    /** Asks to save a card (or `method`) with a fresh idempotency key; answers the token's id. */
    async createToken(overrides: Record<string, unknown> = {}): Promise<string> {
      const body = {
        merchantReference: 'customer-77',
        method: 'creditcard',
        returnUrl: RETURN_URL,
        tenantName: 'FunkFix Shop',
        ...overrides,
      };
      const response = await call('POST', '/psp/tokens', body, { 'idempotency-key': nextKey() });
      if (response.status !== 201) throw new Error(`token failed: ${response.status} ${response.text}`);
      return response.json.tokenId as string;
    },
    /** A merchant-initiated charge of a saved token with a fresh idempotency key. */
    charge: (token: string, overrides: Record<string, unknown> = {}) =>
      call(
        'POST',
        '/psp/payments',
        { merchantReference: 'renewal-1', amount: 1500, currency: 'EUR', token, ...overrides },
        { 'idempotency-key': nextKey() },
      ),
    /** Runs a merchant operation (`refunds`, `capture`, `void`) with a fresh idempotency key. */
    operate: (paymentId: string, operation: string, body?: unknown) =>
      call('POST', `/psp/payments/${paymentId}/${operation}`, body, { 'idempotency-key': nextKey() }),
    act: (paymentId: string, action: string, body?: unknown) =>
      call('POST', `/psp/pay/${paymentId}/${action}`, body),
    /** An action on the page that saves a payment method. */
    actOnToken: (tokenId: string, action: string, body?: unknown) =>
      call('POST', `/psp/save/${tokenId}/${action}`, body),
    status: async (paymentId: string) => (await call('GET', `/psp/payments/${paymentId}`)).json,
    token: async (tokenId: string) => (await call('GET', `/psp/tokens/${tokenId}`)).json,
    /** Posts a form like the hosted page's buttons do. */
    form: (path: string, fields: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    close: () => app.close(),
  };
}

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver: answers each request with the next of `statuses` (then 204), records all. */
export async function startReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/psp`,
    received,
    /** Resolves once `count` requests have arrived; fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 3_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, count);
    },
    /**
     * How many requests have arrived once `windowMs` has passed: only for proving that a try
     * does not come, which no event can show ({@link NO_FURTHER_TRY_WINDOW_MS}).
     */
    async countAfter(windowMs: number): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, windowMs));
      return received.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
