import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { eventSubject, type WebhookEvent } from './events';
import { signWebhook } from './signature';

/**
 * Delivery of signed webhooks: a small in-memory queue per payment (or token), so one payment's
 * events arrive in order. Each event is POSTed as JSON with `X-Sandbox-Signature`; anything but a 2xx
 * (or no answer within the time-out) is tried again after the next back-off delay, until the
 * delays run out. Delivery is at least once: a receiver that answered late may see an event twice.
 * `close()` stops the queue: pending retries are dropped and requests under way aborted.
 */
export interface WebhookQueueOptions {
  secret: string;
  /** Waits before the 2nd, 3rd, … try; the first try goes out at once. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  log: FastifyBaseLogger;
}

interface Delivery {
  url: string;
  event: WebhookEvent;
}

export class WebhookQueue {
  readonly #options: WebhookQueueOptions;
  readonly #queues = new Map<string, Delivery[]>();
  readonly #stop = new AbortController();

  constructor(options: WebhookQueueOptions) {
    this.#options = options;
  }

  /** Queues an event for the URL; delivery starts at once when nothing of its payment is queued. */
  enqueue(url: string, event: WebhookEvent): void {
    if (this.#stop.signal.aborted) return;
    const subject = eventSubject(event);
    const queue = this.#queues.get(subject);
    if (queue) {
      queue.push({ url, event });
      return;
    }
    this.#queues.set(subject, [{ url, event }]);
    void this.#drain(subject);
  }

  /** Stops all deliveries: no further tries, requests under way aborted. */
  close(): void {
    this.#stop.abort();
    this.#queues.clear();
  }

  async #drain(subject: string): Promise<void> {
    const queue = this.#queues.get(subject);
    while (queue?.[0] && !this.#stop.signal.aborted) {
      await this.#deliver(queue[0]);
      queue.shift();
    }
    if (this.#queues.get(subject) === queue) this.#queues.delete(subject);
  }

  async #deliver({ url, event }: Delivery): Promise<void> {
    const { secret, retryDelaysMs, timeoutMs, log } = this.#options;
    const stop = this.#stop.signal;
    const body = JSON.stringify(event);
    const headers = { 'content-type': 'application/json', 'x-sandbox-signature': signWebhook(body, secret) };
    const waits = [0, ...retryDelaysMs];
    for (const [attempt, wait] of waits.entries()) {
      if (wait > 0) {
        try {
          await sleep(wait, undefined, { signal: stop });
        } catch {
          return;
        }
      }
      if (stop.aborted) return;
      try {
        const signal = AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]);
        const response = await fetch(url, { method: 'POST', headers, body, signal });
        await response.body?.cancel();
        if (response.ok) return;
        log.warn(
          { url, eventId: event.eventId, attempt: attempt + 1, status: response.status },
          'webhook refused',
        );
      } catch (error) {
        if (stop.aborted) return;
        log.warn({ url, eventId: event.eventId, attempt: attempt + 1, err: error }, 'webhook not delivered');
      }
    }
    log.error({ url, eventId: event.eventId, tries: waits.length }, 'webhook given up');
  }
}
