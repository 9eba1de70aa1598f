import { buildSandbox, type SandboxOptions } from '../app';

/**
 * Helpers for the operator's tests: a sandbox listening on a free port with short delays, and
 * JSON calls to it.
 */

export const PENDING_TOPUP_DELAY_MS = 150;
export const SLOW_ANSWER_DELAY_MS = 400;

export type OperatorSandbox = Awaited<ReturnType<typeof startOperatorSandbox>>;

export async function startOperatorSandbox(options: SandboxOptions = {}) {
  const app = await buildSandbox({
    pendingTopupDelayMs: PENDING_TOPUP_DELAY_MS,
    slowAnswerDelayMs: SLOW_ANSWER_DELAY_MS,
    webhookRetryDelaysMs: [10, 10, 10, 10, 10, 10, 10],
    ...options,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  /** A JSON call; `timeoutMs` plays the caller's time-out (the fetch is aborted then). */
  async function call(method: string, path: string, body?: unknown, timeoutMs?: number) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
    return { status: response.status, json: JSON.parse(await response.text()) };
  }

  return {
    app,
    base,
    call,
    topup: (body: Record<string, unknown>, timeoutMs?: number) =>
      call('POST', '/operator/topups', { amount: 1500, currency: 'EUR', ...body }, timeoutMs),
    balance: async (msisdn: string) =>
      (await call('GET', `/operator/balances/${encodeURIComponent(msisdn)}`)).json.balance as number,
    close: () => app.close(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
