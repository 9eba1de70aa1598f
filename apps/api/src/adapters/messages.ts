import type { MessageDeliveryStatus } from '@shop/domain';
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, UpstreamUnavailableError } from './http';

/** A text message to a shopper's phone. */
export interface TextMessage {
  /** The tenant it is sent for: its gateway sends it. */
  shopId: string;
  channel: 'sms' | 'whatsapp';
  /** E.164 with a leading `+`. */
  to: string;
  text: string;
  /** The sender name or short number shown to the shopper. */
  from?: string;
}

/** How one message is sent, where the sender needs more than a quick retry. */
export interface SendOptions {
  /** The same key sent again is taken once by the gateway: a try repeated after a lost answer sends nothing twice. */
  idempotencyKey?: string;
  /** One try only: the caller tries again itself, later (a job with back-off). */
  singleTry?: boolean;
}

/** A message the gateway took: its id there, and how far it got as the gateway answered. */
export interface SentMessage {
  providerMessageId: string;
  status: MessageDeliveryStatus;
}

/**
 * The SMS / WhatsApp gateway as our flows see it. Throws `MessageRefusedError` when the message
 * will never go, `MessageGatewayUnavailableError` when a later try may help.
 */
export interface MessageGateway {
  send(message: TextMessage, options?: SendOptions): Promise<SentMessage>;
}

/** The gateway could not be reached or refused the message, after every try. */
export class MessageGatewayUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'MessageGatewayUnavailableError';
}

/**
 * The gateway refused the message for good (a 4xx: a number that takes no messages, a message
 * it will never take): trying it again would not help.
 */
export class MessageRefusedError extends Error {
  override readonly name = 'MessageRefusedError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Statuses below 500 that still mean "not now" rather than "never". */
const TRY_LATER = new Set([408, 425, 429]);

const acceptedSchema = z.object({ messageId: z.string().min(1) });

/** The sandbox's HTTP gateway (`POST /outbox/messages`, `Idempotency-Key` honoured). */
export function createHttpMessageGateway(options: HttpClientOptions): MessageGateway {
  const unavailable = (message: string, attempts: number, cause: unknown) =>
    new MessageGatewayUnavailableError(`The message gateway failed: ${message}`, attempts, { cause });
  const client = createHttpClient(options, unavailable);
  const singleTry = createHttpClient({ ...options, retries: 0 }, unavailable);
  return {
    async send(message, { idempotencyKey, singleTry: once = false } = {}) {
      const { shopId: _shopId, ...sent } = message;
      const answer = await (once ? singleTry : client).send('POST', '/outbox/messages', {
        body: sent,
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      });
      if (answer.status >= 200 && answer.status < 300) {
        // The sandbox keeps the message at once: nothing is reported later.
        const taken = acceptedSchema.safeParse(answer.body);
        if (taken.success) return { providerMessageId: taken.data.messageId, status: 'DELIVERED' };
        throw new MessageGatewayUnavailableError(
          'The message gateway answered without a message id',
          answer.attempts,
        );
      }
      if (!TRY_LATER.has(answer.status)) {
        throw new MessageRefusedError(
          `The message gateway refused the message for good (${answer.status})`,
          answer.status,
        );
      }
      throw new MessageGatewayUnavailableError(
        `The message gateway refused the message (${answer.status})`,
        answer.attempts,
      );
    },
  };
}
