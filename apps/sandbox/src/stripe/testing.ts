import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { parseWebhookTarget } from '../operator/validation';
import { sendError } from '../replies';
import { isRecord } from '../validation';
import { StripeError } from './errors';
import type { StripeWebhooks } from './webhooks';

/**
 * The testing switch, for an adapter's retry and time-out handling: the next `/v1` call answers
 * a 5xx `api_error` (before the endpoint runs, so nothing is kept under its idempotency key), or
 * runs only after a delay, long enough for the caller's time-out to fire.
 */

type Failure = { kind: 'status'; status: number } | { kind: 'delay'; delayMs: number };

const MAX_DELAY_MS = 120_000;

export class TestingSwitch {
  #next: Failure | undefined;
  readonly #stop = new AbortController();

  set(failure: Failure): void {
    this.#next = failure;
  }

  /** Applies the failure set for the next call, if any: throws the 5xx, or waits. */
  async apply(): Promise<void> {
    const failure = this.#next;
    this.#next = undefined;
    if (failure?.kind === 'status') {
      throw new StripeError(
        failure.status,
        {
          type: 'api_error',
          message: 'An unknown error occurred while processing your request (sandbox testing switch).',
        },
        false,
      );
    }
    if (failure?.kind === 'delay') {
      await sleep(failure.delayMs, undefined, { signal: this.#stop.signal }).catch(() => undefined);
    }
  }

  close(): void {
    this.#stop.abort();
  }
}

/**
 * `POST /stripe/testing/fail-next` `{ "status": 500 }` or `{ "delayMs": 10000 }`;
 * `PUT /stripe/testing/webhook-endpoint` `{ "url" }`: where events go from now on.
 */
export function testingRoutes(app: FastifyInstance, testing: TestingSwitch, webhooks: StripeWebhooks): void {
  app.put('/testing/webhook-endpoint', async (request, reply) => {
    const parsed = parseWebhookTarget(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    webhooks.sendTo(parsed.value.url);
    return { url: parsed.value.url };
  });

  app.post('/testing/fail-next', async (request, reply) => {
    const body: unknown = request.body;
    if (
      isRecord(body) &&
      Number.isInteger(body.status) &&
      Number(body.status) >= 500 &&
      Number(body.status) <= 599
    ) {
      testing.set({ kind: 'status', status: Number(body.status) });
      return reply.status(204).send();
    }
    if (
      isRecord(body) &&
      Number.isInteger(body.delayMs) &&
      Number(body.delayMs) > 0 &&
      Number(body.delayMs) <= MAX_DELAY_MS
    ) {
      testing.set({ kind: 'delay', delayMs: Number(body.delayMs) });
      return reply.status(204).send();
    }
    return sendError(
      reply,
      400,
      'VALIDATION_FAILED',
      `Give { "status": 500…599 } or { "delayMs": 1…${MAX_DELAY_MS} }`,
    );
  });
}
