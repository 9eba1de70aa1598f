import { afterAll, beforeAll } from 'vitest';
import { buildSandbox, type SandboxOptions } from '../app';
import { startReceiver, WEBHOOK_RETRY_DELAYS_MS } from '../psp/test-support';

/**
 * Helpers for the operator's tests: a sandbox listening on a free port with short delays, JSON
 * calls to it, its pages and their form posts, and held answers the test lets go of.
 */

export const PENDING_TOPUP_DELAY_MS = 150;
export const SLOW_ANSWER_DELAY_MS = 400;

export type OperatorSandbox = Awaited<ReturnType<typeof startOperatorSandbox>>;

export async function startOperatorSandbox(options: SandboxOptions = {}) {
  const app = await buildSandbox({
    pendingTopupDelayMs: PENDING_TOPUP_DELAY_MS,
    slowAnswerDelayMs: SLOW_ANSWER_DELAY_MS,
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
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

  /** A page as a browser asks for it. */
  async function getPage(path: string) {
    const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** A plain HTML form's post. */
  async function postForm(path: string, fields: Record<string, string>) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  return {
    app,
    base,
    call,
    getPage,
    postForm,
    topup: (body: Record<string, unknown>, timeoutMs?: number) =>
      call('POST', '/operator/topups', { amount: 1500, currency: 'EUR', ...body }, timeoutMs),
    balance: async (msisdn: string) =>
      (await call('GET', `/operator/balances/${encodeURIComponent(msisdn)}`)).json.balance as number,
    close: () => app.close(),
  };
}

export type HeldAnswers = ReturnType<typeof heldAnswers>;

/**
 * Holds slow answers in place of the sandbox's timer (pass `hold` as `holdSlowAnswer`): records
 * the delay the sandbox chose for each, and holds it until the test calls `release()` or the
 * sandbox closes.
 */
export function heldAnswers() {
  const delays: number[] = [];
  const waiting: Array<() => void> = [];
  return {
    delays,
    hold: (delayMs: number, closing: AbortSignal) =>
      new Promise<void>((resolve) => {
        delays.push(delayMs);
        waiting.push(resolve);
        closing.addEventListener('abort', () => resolve(), { once: true });
      }),
    release: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/**
 * The sandbox of one test file, its events sent to a receiver that keeps them: started before the
 * file's tests, closed after them.
 */
export function sandboxWithReceiver() {
  let sandbox: OperatorSandbox | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startOperatorSandbox({ operatorWebhookUrl: receiver.url });
  });
  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The sandbox starts before the tests; use it inside them');
    return value;
  };
  return {
    get sandbox() {
      return started(sandbox);
    },
    get receiver() {
      return started(receiver);
    },
  };
}
