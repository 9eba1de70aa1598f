import type { FastifyReply } from 'fastify';
import { sendError } from '../replies';

/**
 * Idempotency keys: the first answer given for a key is remembered with a fingerprint of the
 * request body. The same key with the same body gets that answer again; with another body it is
 * a conflict. Kept in memory for the life of the process.
 */

export type IdempotentLookup<T> = { kind: 'new' } | { kind: 'replay'; answer: T } | { kind: 'conflict' };

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` have the same fingerprint. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export class IdempotencyStore<T> {
  readonly #entries = new Map<string, { fingerprint: string; answer: T }>();

  /** What a request with this key and body gets: a fresh run, the remembered answer, or a conflict. */
  lookup(key: string, body: unknown): IdempotentLookup<T> {
    const entry = this.#entries.get(key);
    if (!entry) return { kind: 'new' };
    return entry.fingerprint === fingerprint(body ?? null)
      ? { kind: 'replay', answer: entry.answer }
      : { kind: 'conflict' };
  }

  /** Remembers the answer to the first request with this key. */
  remember(key: string, body: unknown, answer: T): void {
    this.#entries.set(key, { fingerprint: fingerprint(body ?? null), answer });
  }
}

/** An answer a route gives: HTTP status and JSON body. */
export interface RouteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Answers a request that carries an idempotency key: the first time by running `run` (a
 * successful answer is remembered), then the remembered answer again with 200 for the same body,
 * or 409 `IDEMPOTENCY_KEY_REUSED` for another body.
 */
export function answerOnce(
  reply: FastifyReply,
  store: IdempotencyStore<Record<string, unknown>>,
  key: string,
  body: unknown,
  run: () => RouteAnswer,
) {
  const earlier = store.lookup(key, body);
  if (earlier.kind === 'conflict') {
    return sendError(reply, 409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key came with another body');
  }
  if (earlier.kind === 'replay') return reply.status(200).send(earlier.answer);
  const answer = run();
  if (answer.status < 400) store.remember(key, body, answer.body);
  return reply.status(answer.status).send(answer.body);
}

/** An error answer in the sandbox's envelope, for `run` of {@link answerOnce}. */
export function errorAnswer(status: number, code: string, message: string): RouteAnswer {
  return { status, body: { code, message } };
}
