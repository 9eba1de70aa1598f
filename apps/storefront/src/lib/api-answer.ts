import { errorEnvelopeSchema, type Schema } from '@shop/domain/contract';

/** A call that did not succeed: the HTTP status (0 when there was no answer) and the envelope's code. */
export interface ApiFailure {
  status: number;
  /** The source code of the error envelope (spec §8), for the shop's message of it. */
  code: string | undefined;
  message?: string;
  /** `Retry-After` in seconds (the API sends it with every 429). */
  retryAfterSeconds?: number;
}

/** What a call to the API came to: the answer the contract promises, or the failure. */
export type ApiResult<T> = { ok: true; data: T } | ({ ok: false } & ApiFailure);

/** A failed call thrown where there is no one to show the failure to but the error page. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(path: string, failure: ApiFailure) {
    super(`API ${path} answered ${failure.status} ${failure.code ?? ''} ${failure.message ?? ''}`.trim());
    this.status = failure.status;
    this.code = failure.code;
  }
}

function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * Reads an answer of the API by the contract: a success parsed with the call's answer schema, an
 * error by the envelope. A success that does not match the contract is a failure without a code.
 */
export async function readAnswer<T>(response: Response, answer: Schema<T>): Promise<ApiResult<T>> {
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = answer.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, status: response.status, code: undefined, message: parsed.error.message };
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  const wait = retryAfterSeconds(response);
  return {
    ok: false,
    status: response.status,
    code: envelope.data?.code,
    ...(envelope.data ? { message: envelope.data.message } : {}),
    ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
  };
}
