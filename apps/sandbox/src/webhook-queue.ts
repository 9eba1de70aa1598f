import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { signWebhook } from './psp/signature';

/**
 * Delivery of signed webhooks, for the payment provider and the operator alike: a small
 * in-memory queue per subject (a payment, a token, a phone number), so one subject's events
 * arrive in order. Each event is POSTed as JSON with `X-Sandbox-Signature` (`psp/signature.ts`),
 * or as the `encode` option says; anything but a 2xx (or no answer within the time-out) is tried
 * again after the next back-off delay, until the delays run out. Delivery is at least once: a receiver that answered late may
 * see an event twice. `close()` stops the queue: pending retries are dropped and requests under
 * way aborted.
 */

/** Waits before the 2nd, 3rd, … try: 8 tries in all, the last about a minute after the first. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000] as const;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * Delivery as unruly as a real provider's may be, for fault soaks: events of one subject in any
 * order, some of them twice. Zeros (the default) deliver in order, once per success.
 */
export interface WebhookChaos {
  /** Share of events (0 to 1) delivered a second time, independently of the first. */
  duplicateShare: number;
  /** Each delivery first waits a random time up to this, so later events overtake earlier ones. */
  reorderWithinMs: number;
}

export const NO_WEBHOOK_CHAOS: WebhookChaos = { duplicateShare: 0, reorderWithinMs: 0 };

/** How webhooks are retried, for every part of the sandbox that sends them; set via `buildSandbox`. */
export interface WebhookDeliveryOptions {
  /** Waits before the 2nd, 3rd, … delivery try. Default 0.5 s, 1 s, 2 s … 32 s: 8 tries in all. */
  webhookRetryDelaysMs?: readonly number[];
  /** Time-out of one delivery try. Default 5 s. */
  webhookTimeoutMs?: number;
  /** Duplicated and reordered delivery, for fault soaks. Default none. */
  webhookChaos?: WebhookChaos;
}

/** What the queue needs of an event: an id for the logs; the rest is the receiver's business. */
export interface QueuedEvent {
  eventId: string;
}

export interface WebhookQueueOptions<E extends QueuedEvent> {
  secret: string;
  /** Waits before the 2nd, 3rd, … try; the first try goes out at once. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  chaos?: WebhookChaos;
  /** What orders delivery: events with the same subject go out one after the other. */
  subjectOf: (event: E) => string;
  /**
   * The request of one try: body and headers. Default: the event as JSON, signed with
   * `X-Sandbox-Signature`. Called for every try, so a signature may carry the try's time.
   */
  encode?: (event: E, secret: string) => EncodedWebhook;
  log: FastifyBaseLogger;
}

/** What one webhook try sends. */
export interface EncodedWebhook {
  body: string;
  headers: Record<string, string>;
}

function encodeSandboxWebhook(event: QueuedEvent, secret: string): EncodedWebhook {
  const body = JSON.stringify(event);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signWebhook(body, secret) },
  };
}

interface Delivery<E> {
  url: string;
  event: E;
  /** Settles the promise `enqueue` answered: whether the first try was taken (2xx). */
  settleFirstTry: (taken: boolean) => void;
}

export class WebhookQueue<E extends QueuedEvent> {
  readonly #options: WebhookQueueOptions<E>;
  readonly #queues = new Map<string, Delivery<E>[]>();
  readonly #stop = new AbortController();

  constructor(options: WebhookQueueOptions<E>) {
    this.#options = options;
    // Every delivery under way (hundreds at a time in a soak) listens for the stop.
    setMaxListeners(0, this.#stop.signal);
  }

  /**
   * Queues an event for the URL; delivery starts at once when nothing of its subject is queued.
   * Resolves once the event's first try is over: true when the receiver answered 2xx, false when
   * it did not (retries go on) or the queue was closed. Never rejects.
   */
  enqueue(url: string, event: E): Promise<boolean> {
    if (this.#stop.signal.aborted) return Promise.resolve(false);
    let settleFirstTry: (taken: boolean) => void = () => {};
    const promise = new Promise<boolean>((resolve) => {
      settleFirstTry = resolve;
    });
    const chaos = this.#options.chaos ?? NO_WEBHOOK_CHAOS;
    if (chaos.reorderWithinMs > 0 || chaos.duplicateShare > 0) {
      this.#deliverUnruly(url, event, chaos, settleFirstTry);
      return promise;
    }
    const delivery = { url, event, settleFirstTry };
    const subject = this.#options.subjectOf(event);
    const queue = this.#queues.get(subject);
    if (queue) {
      queue.push(delivery);
    } else {
      this.#queues.set(subject, [delivery]);
      void this.#drain(subject);
    }
    return promise;
  }

  /** Stops all deliveries: no further tries, requests under way aborted. */
  close(): void {
    this.#stop.abort();
    for (const queue of this.#queues.values()) {
      for (const delivery of queue) delivery.settleFirstTry(false);
    }
    this.#queues.clear();
  }

  /** Each copy after a random wait, on its own: nothing keeps a subject's events in order. */
  #deliverUnruly(url: string, event: E, chaos: WebhookChaos, settleFirstTry: (taken: boolean) => void) {
    const copies = Math.random() < chaos.duplicateShare ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const settle = copy === 0 ? settleFirstTry : () => {};
      sleep(Math.random() * chaos.reorderWithinMs, undefined, { signal: this.#stop.signal }).then(
        () => this.#deliver({ url, event, settleFirstTry: settle }),
        () => settle(false),
      );
    }
  }

  async #drain(subject: string): Promise<void> {
    const queue = this.#queues.get(subject);
    while (queue?.[0] && !this.#stop.signal.aborted) {
      await this.#deliver(queue[0]);
      queue.shift();
    }
    if (this.#queues.get(subject) === queue) this.#queues.delete(subject);
  }

  async #deliver({ url, event, settleFirstTry }: Delivery<E>): Promise<void> {
    const { secret, retryDelaysMs, timeoutMs, log, encode = encodeSandboxWebhook } = this.#options;
    const stop = this.#stop.signal;
    const waits = [0, ...retryDelaysMs];
    try {
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
          const { body, headers } = encode(event, secret);
          const response = await fetch(url, { method: 'POST', headers, body, signal });
          await response.body?.cancel();
          if (response.ok) {
            settleFirstTry(true);
            return;
          }
          log.warn(
            { url, eventId: event.eventId, attempt: attempt + 1, status: response.status },
            'webhook refused',
          );
        } catch (error) {
          if (stop.aborted) return;
          log.warn(
            { url, eventId: event.eventId, attempt: attempt + 1, err: error },
            'webhook not delivered',
          );
        }
        settleFirstTry(false);
      }
      log.error({ url, eventId: event.eventId, tries: waits.length }, 'webhook given up');
    } finally {
      settleFirstTry(false);
    }
  }
}
