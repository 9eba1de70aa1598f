import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type WebhookDeliveryOptions,
  WebhookQueue,
} from '../webhook-queue';
import { dlrDoneDate } from './ids';
import { API_VERSION, type OutboundMessage } from './messages';
import { type FormParams, twilioWebhook } from './signature';

/**
 * Status callbacks (https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks):
 * each status change of a message after its first is POSTed, form-encoded and signed, to the
 * message's `StatusCallback`, one message's callbacks in order. Twilio itself tries a callback
 * once; the sandbox retries it with the webhook queue's back-off until the receiver answers 2xx,
 * so a callback may arrive more than once. Every callback made is kept, for the testing switches
 * that send them again (a duplicate, or all of them newest first); a message's callbacks may be
 * held back entirely until then.
 */

interface StatusCallback {
  /** A callback's `I-Twilio-Idempotency-Token`: the same whenever it is sent again. */
  eventId: string;
  messageSid: string;
  url: string;
  params: FormParams;
}

/** The parameters of a message's callback in its present status. */
function statusCallbackParams(message: OutboundMessage): FormParams {
  const { status } = message;
  const reported = status === 'delivered' || status === 'undelivered';
  return {
    AccountSid: message.accountSid,
    ApiVersion: API_VERSION,
    From: message.from ?? '',
    MessageSid: message.sid,
    MessageStatus: status,
    SmsSid: message.sid,
    SmsStatus: status,
    To: message.to,
    ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
    ...(message.errorCode === null ? {} : { ErrorCode: String(message.errorCode) }),
    ...(reported && message.channel === 'sms' ? { RawDlrDoneDate: dlrDoneDate(message.dateUpdated) } : {}),
  };
}

export class StatusCallbacks {
  readonly #queue: WebhookQueue<StatusCallback>;
  /** Every callback made, by message, oldest first. */
  readonly #made = new Map<string, StatusCallback[]>();
  readonly #held = new Set<string>();
  #count = 0;

  constructor(authToken: string, timing: WebhookDeliveryOptions, log: FastifyBaseLogger) {
    this.#queue = new WebhookQueue<StatusCallback>({
      secret: authToken,
      retryDelaysMs: timing.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: timing.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
      subjectOf: (callback) => callback.messageSid,
      encode: (callback, secret) => twilioWebhook(callback.url, callback.params, secret, callback.eventId),
      log,
    });
  }

  /** The message's callbacks are kept back, not sent, until a testing switch sends them. */
  hold(messageSid: string): void {
    this.#held.add(messageSid);
  }

  /** Makes the callback of the message's present status and sends it, unless held or without a URL. */
  notify(message: OutboundMessage): void {
    if (!message.statusCallback) return;
    this.#count += 1;
    const callback: StatusCallback = {
      eventId: `${message.sid}-${this.#count}`,
      messageSid: message.sid,
      url: message.statusCallback,
      params: statusCallbackParams(message),
    };
    const made = this.#made.get(message.sid) ?? [];
    made.push(callback);
    this.#made.set(message.sid, made);
    if (!this.#held.has(message.sid)) this.#send(callback);
  }

  /** Sends the message's latest callback again; its status, or undefined when none was made. */
  resendLast(messageSid: string): string | undefined {
    const last = this.#made.get(messageSid)?.at(-1);
    if (last) this.#send(last);
    return last?.params.MessageStatus;
  }

  /** Sends every callback made for the message again, newest first; their statuses in that order. */
  sendReversed(messageSid: string): string[] {
    const reversed = (this.#made.get(messageSid) ?? []).toReversed();
    for (const callback of reversed) this.#send(callback);
    return reversed.map((callback) => callback.params.MessageStatus ?? '');
  }

  close(): void {
    this.#queue.close();
  }

  #send(callback: StatusCallback): void {
    void this.#queue.enqueue(callback.url, callback);
  }
}
