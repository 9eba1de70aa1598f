import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** The owner of a number, or that no operator brand owns it (an expected outcome, not an error). */
export type LookupResult =
  | { found: true; msisdn: string; country: string; brandId: string; brandName: string }
  | { found: false };

/** The mobile operator (or top-up aggregator) as our flows see it. */
export interface Operator {
  /** The brand and country of an msisdn (E.164 with `+`). Throws `OperatorUnavailableError`. */
  lookup(msisdn: string): Promise<LookupResult>;
}

/** The operator could not be reached or answered unusably, after every try. */
export class OperatorUnavailableError extends Error {
  override readonly name = 'OperatorUnavailableError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface HttpOperatorOptions {
  /** Base URL of the operator, e.g. `http://localhost:4100`. */
  baseUrl: string;
  /** Time allowed for one try, answer body included. */
  timeoutMs?: number;
  /** Further tries after the first one fails with a network error, timeout or 5xx. */
  retries?: number;
  /** Waits before the 1st, 2nd, … retry; the last one repeats. */
  backoffMs?: readonly number[];
}

const ownerSchema = z.object({
  msisdn: z.string(),
  country: z.string(),
  brandId: z.string(),
  brandName: z.string(),
});
const errorSchema = z.object({ code: z.string() });

/** A failure of one try that another try may not have: network error, timeout, 5xx. */
class RetryableFailure extends Error {}
/** An answer that another try would not improve: malformed, or a status the contract lacks. */
class UnusableAnswer extends Error {}

/** The operator over HTTP (the sandbox operator's `/operator` API). */
export function createHttpOperator({
  baseUrl,
  timeoutMs = 3000,
  retries = 2,
  backoffMs = [100, 300],
}: HttpOperatorOptions): Operator {
  const root = baseUrl.replace(/\/+$/, '');

  /** One HTTP exchange: status and body text, or a retryable failure. */
  async function exchange(path: string): Promise<{ status: number; text: string }> {
    try {
      const response = await fetch(`${root}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      // Network errors, and the timeout (AbortSignal.timeout rejects with a TimeoutError).
      throw new RetryableFailure(`operator unreachable: ${(error as Error).message}`, { cause: error });
    }
  }

  async function attemptLookup(msisdn: string): Promise<LookupResult> {
    const { status, text } = await exchange(`/operator/lookup/${encodeURIComponent(msisdn)}`);
    if (status >= 500) throw new RetryableFailure(`operator answered ${status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new UnusableAnswer(`the operator answered ${status} with malformed JSON`, { cause: error });
    }
    if (status === 200) {
      const owner = ownerSchema.safeParse(body);
      if (owner.success) return { found: true, ...owner.data };
    } else if (status === 404 || status === 400) {
      // 404 UNKNOWN_NUMBER: no brand owns it; 400 VALIDATION_FAILED: it is no phone number at all.
      const code = errorSchema.safeParse(body).data?.code;
      if (code === 'UNKNOWN_NUMBER' || code === 'VALIDATION_FAILED') return { found: false };
    }
    throw new UnusableAnswer(`the operator answered the look-up unexpectedly (${status})`);
  }

  return {
    async lookup(msisdn) {
      let lastFailure: RetryableFailure | undefined;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) {
          await sleep(backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0);
        }
        try {
          return await attemptLookup(msisdn);
        } catch (error) {
          if (error instanceof UnusableAnswer) {
            throw new OperatorUnavailableError(`The operator look-up failed: ${error.message}`, attempt + 1, {
              cause: error,
            });
          }
          if (!(error instanceof RetryableFailure)) throw error;
          lastFailure = error;
        }
      }
      throw new OperatorUnavailableError(
        `The operator look-up failed after ${retries + 1} tries: ${lastFailure?.message}`,
        retries + 1,
        { cause: lastFailure },
      );
    },
  };
}
