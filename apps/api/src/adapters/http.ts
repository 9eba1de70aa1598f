import { setTimeout as sleep } from 'node:timers/promises';

export interface HttpClientOptions {
  /** Base URL of the service, e.g. `http://localhost:4100`. */
  baseUrl: string;
  /** Time allowed for one try, answer body included. */
  timeoutMs?: number;
  /** Further tries after the first one fails with a network error, timeout or 5xx. */
  retries?: number;
  /** Waits before the 1st, 2nd, … retry; the last one repeats. */
  backoffMs?: readonly number[];
  /** How a back-off is waited out; a timer by default. */
  wait?: (ms: number) => Promise<unknown>;
}

/** A final answer below 500: its status, its JSON body (undefined when there is none or it is not JSON), and how many tries it took. */
export interface HttpAnswer {
  status: number;
  body: unknown;
  attempts: number;
}

/** An outside service could not be reached, or answered unusably, after every try. */
export class UpstreamUnavailableError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Builds the error a client throws once every try has failed. */
export type UnavailableError = (message: string, attempts: number, cause: unknown) => Error;

/**
 * JSON over HTTP to an outside service with a timeout per try and retries with back-off on
 * network errors, timeouts and 5xx. Callers make retries safe with idempotency keys.
 */
export function createHttpClient(
  { baseUrl, timeoutMs = 3000, retries = 2, backoffMs = [100, 300], wait = sleep }: HttpClientOptions,
  unavailable: UnavailableError,
) {
  const root = baseUrl.replace(/\/+$/, '');

  async function once(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  }

  return {
    async send(
      method: string,
      path: string,
      { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<HttpAnswer> {
      let lastFailure: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await wait(backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0);
        try {
          const answer = await once(method, path, body, headers);
          if (answer.status < 500) return { ...answer, attempts: attempt + 1 };
          lastFailure = new Error(`answered ${answer.status}`);
        } catch (error) {
          // Network errors, and the timeout (AbortSignal.timeout rejects with a TimeoutError).
          lastFailure = error;
        }
      }
      throw unavailable(
        `${method} ${path} failed after ${retries + 1} tries: ${(lastFailure as Error)?.message}`,
        retries + 1,
        lastFailure,
      );
    },
  };
}
