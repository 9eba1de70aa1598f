import { buildSandbox, type SandboxOptions } from '../app';
import { PENDING_TOPUP_DELAY_MS, SLOW_ANSWER_DELAY_MS } from '../operator/test-support';
import { WEBHOOK_RETRY_DELAYS_MS } from '../psp/test-support';
import { DEFAULT_DTONE_API_KEY, DEFAULT_DTONE_API_SECRET } from './options';

/**
 * Helpers for the DT One stand-in's tests: a sandbox listening on a free port with short delays,
 * DT One calls with Basic auth (as an adapter makes them), the test switches and the operator's
 * balances.
 */

export const basicAuth = (key: string, secret: string) =>
  `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

export const SANDBOX_AUTH = basicAuth(DEFAULT_DTONE_API_KEY, DEFAULT_DTONE_API_SECRET);

/** FunkFix (operator 4101) 15 EUR, and FunkFix's ranged top-up. */
export const FUNKFIX_15_EUR = 410103;
export const FUNKFIX_RANGED = 410108;

export interface CallOptions {
  /** The Authorization header; null sends none. Default the sandbox's key and secret. */
  auth?: string | null;
  /** Plays the caller's time-out: the request is aborted then. */
  timeoutMs?: number;
}

export type DtoneSandbox = Awaited<ReturnType<typeof startDtoneSandbox>>;

export async function startDtoneSandbox(options: SandboxOptions = {}) {
  const app = await buildSandbox({
    pendingTopupDelayMs: PENDING_TOPUP_DELAY_MS,
    slowAnswerDelayMs: SLOW_ANSWER_DELAY_MS,
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    ...options,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  async function call(method: string, path: string, body?: unknown, callOptions: CallOptions = {}) {
    const { auth = SANDBOX_AUTH, timeoutMs } = callOptions;
    const headers: Record<string, string> = auth === null ? {} : { authorization: auth };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: text === '' ? undefined : JSON.parse(text),
    };
  }

  const api = (method: string, path: string, body?: unknown, callOptions?: CallOptions) =>
    call(method, `/dtone/v1${path}`, body, callOptions);

  return {
    app,
    base,
    api,
    /** A test switch: POST `/dtone/testing{path}`. */
    testing: (path: string, body?: unknown) => call('POST', `/dtone/testing${path}`, body, { auth: null }),
    /** An asynchronous, auto-confirmed top-up of FunkFix 15 EUR unless the body says otherwise. */
    topUp: (body: Record<string, unknown>, callOptions?: CallOptions) =>
      api(
        'POST',
        '/async/transactions',
        { product_id: FUNKFIX_15_EUR, auto_confirm: true, ...body },
        callOptions,
      ),
    /** The transactions of an external id (DT One's way to find one whose answer got lost). */
    byExternalId: async (externalId: string) =>
      (await api('GET', `/transactions?external_id=${encodeURIComponent(externalId)}`)).json,
    /** The number's prepaid balance at the sandbox operator, minor units. */
    balance: async (msisdn: string) =>
      (await call('GET', `/operator/balances/${encodeURIComponent(msisdn)}`, undefined, { auth: null })).json
        .balance as number,
    /** Polls the transaction until its status message is `message`; fails after `timeoutMs`. */
    async waitForStatus(id: number, message: string, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { json } = await api('GET', `/transactions/${id}`);
        if (json.status.message === message) return json;
        if (Date.now() > deadline)
          throw new Error(`transaction ${id} is ${json.status.message}, not ${message}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => app.close(),
  };
}
