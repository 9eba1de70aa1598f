import type { FastifyReply } from 'fastify';
import type { IdempotencyStore } from '../idempotency';
import { sendError } from '../replies';

/**
 * The payment provider's `Idempotency-Key` header at work: a route's answer is given once and
 * replayed for a repeated key (the store is `../idempotency.ts`).
 */

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
