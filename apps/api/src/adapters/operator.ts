import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, UpstreamUnavailableError } from './http';

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
export class OperatorUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'OperatorUnavailableError';
}

export type HttpOperatorOptions = HttpClientOptions;

const ownerSchema = z.object({
  msisdn: z.string(),
  country: z.string(),
  brandId: z.string(),
  brandName: z.string(),
});
const errorSchema = z.object({ code: z.string() });

/** The operator over HTTP (the sandbox operator's `/operator` API). */
export function createHttpOperator(options: HttpOperatorOptions): Operator {
  const client = createHttpClient(
    options,
    (message, attempts, cause) =>
      new OperatorUnavailableError(`The operator look-up failed: ${message}`, attempts, { cause }),
  );
  return {
    async lookup(msisdn) {
      const { status, body, attempts } = await client.send(
        'GET',
        `/operator/lookup/${encodeURIComponent(msisdn)}`,
      );
      if (status === 200) {
        const owner = ownerSchema.safeParse(body);
        if (owner.success) return { found: true, ...owner.data };
      } else if (status === 404 || status === 400) {
        // 404 UNKNOWN_NUMBER: no brand owns it; 400 VALIDATION_FAILED: it is no phone number at all.
        const code = errorSchema.safeParse(body).data?.code;
        if (code === 'UNKNOWN_NUMBER' || code === 'VALIDATION_FAILED') return { found: false };
      }
      throw new OperatorUnavailableError(
        `The operator answered the look-up unexpectedly (${status})`,
        attempts,
      );
    },
  };
}
