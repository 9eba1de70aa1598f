import { z } from 'zod';
import { createHttpClient, type HttpAnswer, type HttpClientOptions, UpstreamUnavailableError } from './http';

/** The owner of a number, or that no operator brand owns it (an expected outcome, not an error). */
export type LookupResult =
  | { found: true; msisdn: string; country: string; brandId: string; brandName: string }
  | { found: false };

/**
 * A top-up as the operator reports it. REVERSED: the operator took back a credit it had made
 * (an aggregator's rare reversal after completion); no credit stands.
 */
export type TopupOutcome =
  | { status: 'SUCCEEDED'; operatorReference?: string; balanceAfter?: number }
  | { status: 'FAILED'; reason: string }
  | { status: 'PENDING' }
  | { status: 'REVERSED' };

export interface TopupRequest {
  /** Our unit's reference: the same reference twice tops up once. */
  reference: string;
  /** Our product the unit is of: an aggregator sells it as its own product. */
  productId: string;
  msisdn: string;
  amount: number;
  currency: string;
}

export type VoucherIssue =
  | { ok: true; pin: string; serial?: string; validUntil?: string }
  | { ok: false; code: string };

export type CashCodeRedemption = { ok: true; amount: number; currency: string } | { ok: false; code: string };

/** The mobile operator (or top-up aggregator) as our flows see it. Calls throw `OperatorUnavailableError`. */
export interface Operator {
  /** The brand and country of an msisdn (E.164 with `+`). */
  lookup(msisdn: string): Promise<LookupResult>;
  topup(request: TopupRequest): Promise<TopupOutcome>;
  /** The top-up of a reference, or undefined when the operator never received it. */
  topupStatus(reference: string): Promise<TopupOutcome | undefined>;
  issueVoucher(request: {
    reference: string;
    productId: string;
    amount: number;
    currency: string;
  }): Promise<VoucherIssue>;
  redeemCashCode(request: { reference: string; code: string; msisdn: string }): Promise<CashCodeRedemption>;
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
const topupSchema = z.object({
  status: z.enum(['SUCCEEDED', 'FAILED', 'PENDING']),
  reason: z.string().optional(),
  operatorReference: z.string().optional(),
  balanceAfter: z.number().optional(),
});
const voucherSchema = z.object({
  pin: z.string(),
  serial: z.string().optional(),
  validUntil: z.string().optional(),
});
const redemptionSchema = z.object({ amount: z.number(), currency: z.string() });

function asOutcome(body: z.infer<typeof topupSchema>): TopupOutcome {
  if (body.status === 'FAILED') return { status: 'FAILED', reason: body.reason ?? 'UNKNOWN' };
  if (body.status === 'PENDING') return { status: 'PENDING' };
  return { status: 'SUCCEEDED', operatorReference: body.operatorReference, balanceAfter: body.balanceAfter };
}

/** The operator over HTTP (the sandbox operator's `/operator` API). */
export function createHttpOperator(options: HttpOperatorOptions): Operator {
  const client = createHttpClient(
    options,
    (message, attempts, cause) =>
      new OperatorUnavailableError(`The operator look-up failed: ${message}`, attempts, { cause }),
  );
  const unexpected = (what: string, status: number, attempts: number) =>
    new OperatorUnavailableError(`The operator answered ${what} unexpectedly (${status})`, attempts);

  /** A 2xx body of the expected shape, or a 4xx refusal's code; anything else is an outage. */
  function read<T extends z.ZodType>(what: string, answer: HttpAnswer, schema: T) {
    if (answer.status < 300) {
      const body = schema.safeParse(answer.body);
      if (body.success) return { ok: true as const, body: body.data as z.infer<T> };
    } else if (answer.status >= 400) {
      const refusal = errorSchema.safeParse(answer.body);
      if (refusal.success) return { ok: false as const, code: refusal.data.code };
    }
    throw unexpected(what, answer.status, answer.attempts);
  }

  return {
    async topup({ reference, productId: _productId, ...request }) {
      const answer = await client.send('POST', '/operator/topups', {
        body: { clientReference: reference, ...request },
      });
      const result = read('a top-up', answer, topupSchema);
      // A refused top-up (a currency the number cannot take, …) fails for good: its share is given back.
      return result.ok ? asOutcome(result.body) : { status: 'FAILED', reason: result.code };
    },

    async topupStatus(reference) {
      const answer = await client.send('GET', `/operator/topups/${encodeURIComponent(reference)}`);
      if (answer.status === 404) return undefined;
      const result = read('a top-up look-up', answer, topupSchema);
      if (!result.ok) throw unexpected(`a top-up look-up (${result.code})`, answer.status, answer.attempts);
      return asOutcome(result.body);
    },

    async issueVoucher({ reference, ...request }) {
      const answer = await client.send('POST', '/operator/vouchers', {
        body: { clientReference: reference, ...request },
      });
      const result = read('a voucher', answer, voucherSchema);
      return result.ok ? { ok: true, ...result.body } : result;
    },

    async redeemCashCode({ reference, ...request }) {
      const answer = await client.send('POST', '/operator/cash-codes/redeem', {
        body: { clientReference: reference, ...request },
      });
      const result = read('a cash-code redemption', answer, redemptionSchema);
      return result.ok ? { ok: true, ...result.body } : result;
    },

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
