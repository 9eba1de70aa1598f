import { randomId } from '../ids';

/**
 * What the sandbox received from the shop: e-mails over SMTP and SMS/WhatsApp messages over the
 * HTTP gateway, kept in memory, newest first, at most `capacity` of them (the oldest go first).
 */

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One message as `GET /outbox` shows it. */
export interface OutboxMessage {
  messageId: string;
  channel: Channel;
  /** An e-mail address (as the sender wrote it) or an msisdn in E.164 (`+4917…`). */
  to: string;
  /** The e-mail's From header or the SMS sender id; null when the sender gave none. */
  from: string | null;
  /** The e-mail's subject; always null for SMS and WhatsApp. */
  subject: string | null;
  text: string;
  /** ISO 8601, when the sandbox received the message. */
  sentAt: string;
}

/** Whom `GET /outbox?to=` asks for: an e-mail address (lower case) or the digits of an msisdn. */
export type Recipient = { kind: 'address'; address: string } | { kind: 'msisdn'; digits: string };

export const DEFAULT_OUTBOX_CAPACITY = 1000;

function isSentTo(message: OutboxMessage, recipient: Recipient): boolean {
  if (recipient.kind === 'address') {
    return message.channel === 'email' && message.to.trim().toLowerCase() === recipient.address;
  }
  return message.channel !== 'email' && message.to.replace(/\D/g, '') === recipient.digits;
}

export class Outbox {
  /** Oldest first; read backwards. */
  readonly #messages: OutboxMessage[] = [];

  constructor(readonly capacity = DEFAULT_OUTBOX_CAPACITY) {}

  /** Keeps a message, stamped with an id and the time; drops the oldest beyond the capacity. */
  add(message: Omit<OutboxMessage, 'messageId' | 'sentAt'>, now = new Date()): OutboxMessage {
    const kept: OutboxMessage = { messageId: randomId('msg'), ...message, sentAt: now.toISOString() };
    this.#messages.push(kept);
    if (this.#messages.length > this.capacity)
      this.#messages.splice(0, this.#messages.length - this.capacity);
    return kept;
  }

  /** The messages, newest first; only those sent to `recipient` when given. */
  list(recipient?: Recipient): OutboxMessage[] {
    const newestFirst = this.#messages.toReversed();
    return recipient ? newestFirst.filter((message) => isSentTo(message, recipient)) : newestFirst;
  }
}
