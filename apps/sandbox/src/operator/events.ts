import { setTimeout as sleep } from 'node:timers/promises';
import { randomId } from '../ids';
import type { WebhookQueue } from '../webhook-queue';

/**
 * Events the sandbox operator sends to the shop: a number's balance ran low, a tariff renewed,
 * a shopper sent an SMS to the tenant's short number. Each is POSTed, signed, to the operator
 * webhook URL (retried with back-off, in order per number) and kept for `GET /operator/events`
 * (the last {@link EVENT_CAPACITY}). Without a webhook URL an event is only kept.
 */

export type OperatorEvent =
  | {
      eventId: string;
      type: 'low-balance';
      msisdn: string;
      balance: number;
      currency: string;
      occurredAt: string;
    }
  | { eventId: string; type: 'tariff-renewal'; msisdn: string; occurredAt: string }
  | {
      eventId: string;
      type: 'sms';
      from: string;
      to: string;
      text: string;
      /** The gateway's id of the message; the same again when the message is delivered again. */
      messageId: string;
      occurredAt: string;
    };

/** The fields of an event to send, without id and time. */
export type OperatorEventFields = WithoutStamp<OperatorEvent>;
type WithoutStamp<E> = E extends unknown ? Omit<E, 'eventId' | 'occurredAt'> : never;

export const EVENT_CAPACITY = 1000;

/** What orders delivery: the events of one number (the SMS's sender) go out one after the other. */
export function operatorEventSubject(event: OperatorEvent): string {
  return event.type === 'sms' ? event.from : event.msisdn;
}

export interface OperatorEventsOptions {
  queue: WebhookQueue<OperatorEvent>;
  webhookUrl: string | undefined;
  /** How long `send` waits for the first delivery try at most. */
  waitForFirstTryMs: number;
}

export class OperatorEvents {
  readonly #options: OperatorEventsOptions;
  /** Newest first. */
  readonly #sent: OperatorEvent[] = [];
  readonly #closing = new AbortController();

  constructor(options: OperatorEventsOptions) {
    this.#options = options;
  }

  /**
   * Keeps the event and sends it. `delivered` tells whether the shop took it (2xx) on the first
   * try, within `waitForFirstTryMs`; when not, retries go on in the background. Always false
   * without a webhook URL.
   */
  async send(
    fields: OperatorEventFields,
    now = new Date(),
  ): Promise<{ eventId: string; delivered: boolean }> {
    const event = { eventId: randomId('evt'), ...fields, occurredAt: now.toISOString() } as OperatorEvent;
    this.#sent.unshift(event);
    this.#sent.length = Math.min(this.#sent.length, EVENT_CAPACITY);
    const { queue, webhookUrl, waitForFirstTryMs } = this.#options;
    if (!webhookUrl) return { eventId: event.eventId, delivered: false };
    const giveUp = new AbortController();
    const waited = sleep(waitForFirstTryMs, false, {
      signal: AbortSignal.any([giveUp.signal, this.#closing.signal]),
    }).catch(() => false);
    const delivered = await Promise.race([queue.enqueue(webhookUrl, event), waited]);
    giveUp.abort();
    return { eventId: event.eventId, delivered };
  }

  /** Where events go from now on (the shop's address may be known only once it listens). */
  sendTo(webhookUrl: string): void {
    this.#options.webhookUrl = webhookUrl;
  }

  /** The events sent, newest first. */
  list(): OperatorEvent[] {
    return [...this.#sent];
  }

  close(): void {
    this.#closing.abort();
  }
}
