import type { FastifyReply, FastifyRequest } from 'fastify';
import { fingerprint } from '../idempotency';
import { StripeError } from './errors';
import { paramsOf } from './form';

/**
 * Stripe's idempotent requests: a POST with an `Idempotency-Key` runs once. Its status code and
 * body are kept for 24 hours and replayed, with `Idempotent-Replayed: true`, to a request with the
 * same key, endpoint and parameters; other parameters get a 400 `idempotency_error`, and a
 * request that comes while the first is still running a 409. Answers of requests that never
 * reached the endpoint (bad parameters, the testing switch's failures) are not kept.
 */

export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

interface KeptAnswer {
  fingerprint: string;
  status: number;
  body: string;
  keptAt: number;
}

interface Running {
  key: string;
  fingerprint: string;
  remember: boolean;
}

export class IdempotentRequests {
  readonly #answers = new Map<string, KeptAnswer>();
  readonly #inProgress = new Set<string>();
  readonly #running = new WeakMap<FastifyRequest, Running>();

  /**
   * Before the endpoint runs: replays a kept answer, refuses a mismatch or a concurrent request,
   * or notes the request as running under its key.
   */
  async begin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string' || key === '') return;
    if (key.length > MAX_KEY_LENGTH) {
      throw idempotencyError(400, `Idempotency keys can be at most ${MAX_KEY_LENGTH} characters long.`);
    }
    const print = `${request.method} ${request.url.split('?')[0]} ${fingerprint(paramsOf(request))}`;
    const kept = this.#kept(key);
    if (kept && kept.fingerprint !== print) {
      throw idempotencyError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (kept) {
      await reply
        .status(kept.status)
        .headers({ 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' })
        .send(kept.body);
      return;
    }
    if (this.#inProgress.has(key)) {
      throw idempotencyError(
        409,
        `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        'idempotency_key_in_use',
      );
    }
    this.#inProgress.add(key);
    this.#running.set(request, { key, fingerprint: print, remember: true });
  }

  /** The request's answer is not to be kept: it failed before the endpoint ran. */
  forget(request: FastifyRequest): void {
    const running = this.#running.get(request);
    if (running) running.remember = false;
  }

  /** Once the answer is ready: keeps it under the request's key, if it runs under one. */
  finish(request: FastifyRequest, status: number, body: unknown): void {
    const running = this.#running.get(request);
    if (!running) return;
    this.#running.delete(request);
    this.#inProgress.delete(running.key);
    if (running.remember && typeof body === 'string') {
      this.#answers.set(running.key, { fingerprint: running.fingerprint, status, body, keptAt: Date.now() });
    }
  }

  #kept(key: string): KeptAnswer | undefined {
    const kept = this.#answers.get(key);
    if (kept && Date.now() - kept.keptAt > KEY_LIFETIME_MS) {
      this.#answers.delete(key);
      return undefined;
    }
    return kept;
  }
}

function idempotencyError(status: number, message: string, code?: 'idempotency_key_in_use'): StripeError {
  return new StripeError(status, { type: 'idempotency_error', ...(code ? { code } : {}), message }, false);
}
