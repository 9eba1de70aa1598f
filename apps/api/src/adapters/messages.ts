import { createHttpClient, type HttpClientOptions, UpstreamUnavailableError } from './http';

/** A text message to a shopper's phone. */
export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  /** E.164 with a leading `+`. */
  to: string;
  text: string;
  /** The sender name or short number shown to the shopper. */
  from?: string;
}

/** The SMS / WhatsApp gateway as our flows see it. */
export interface MessageGateway {
  send(message: TextMessage): Promise<void>;
}

/** The gateway could not be reached or refused the message, after every try. */
export class MessageGatewayUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'MessageGatewayUnavailableError';
}

/** The sandbox's HTTP gateway (`POST /outbox/messages`). */
export function createHttpMessageGateway(options: HttpClientOptions): MessageGateway {
  const client = createHttpClient(
    options,
    (message, attempts, cause) =>
      new MessageGatewayUnavailableError(`The message gateway failed: ${message}`, attempts, { cause }),
  );
  return {
    async send(message) {
      const answer = await client.send('POST', '/outbox/messages', { body: message });
      if (answer.status >= 200 && answer.status < 300) return;
      throw new MessageGatewayUnavailableError(
        `The message gateway refused the message (${answer.status})`,
        answer.attempts,
      );
    },
  };
}
