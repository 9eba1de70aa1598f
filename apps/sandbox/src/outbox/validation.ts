import { fail, isRecord, type Parsed } from '../validation';
import type { Recipient } from './messages';

/**
 * Checks of what reaches the outbox over HTTP: the gateway's message body and the recipient
 * filter of `GET /outbox`. A failure names the field for `400 { code: 'VALIDATION_FAILED' }`.
 */

export interface GatewayMessage {
  channel: 'sms' | 'whatsapp';
  to: string;
  from?: string;
  text: string;
}

export const MAX_TEXT_LENGTH = 1600;

/** The body of `POST /outbox/messages`: `{ channel, to, from?, text }`. Unknown fields are ignored. */
export function parseGatewayMessage(body: unknown): Parsed<GatewayMessage> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { channel, to, from, text } = body;
  if (channel !== 'sms' && channel !== 'whatsapp') return fail('channel must be sms or whatsapp');
  if (typeof to !== 'string' || !/^\+\d{6,15}$/.test(to.trim())) {
    return fail('to must be a phone number in E.164 form: +, then 6 to 15 digits');
  }
  if (from !== undefined && (typeof from !== 'string' || from.trim() === '' || from.length > 50)) {
    return fail('from must be a text of 1 to 50 characters when given');
  }
  if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_TEXT_LENGTH) {
    return fail(`text must be a text of 1 to ${MAX_TEXT_LENGTH} characters`);
  }
  return { ok: true, value: { channel, to: to.trim(), ...(from === undefined ? {} : { from }), text } };
}

/**
 * The `to` of `GET /outbox?to=`: an e-mail address (anything with an `@`, compared without case)
 * or a phone number, compared by its digits, so `+4917…`, `4917…` and ` 4917…` (a `+` that a
 * query string decoded as a space) are the same number. Spaces, dashes and brackets are allowed.
 */
export function parseRecipient(query: string): Parsed<Recipient> {
  const trimmed = query.trim();
  if (trimmed.includes('@')) return { ok: true, value: { kind: 'address', address: trimmed.toLowerCase() } };
  const digits = trimmed.replace(/\D/g, '');
  if (/^\+?[\d\s()-]+$/.test(trimmed) && digits.length >= 6 && digits.length <= 15) {
    return { ok: true, value: { kind: 'msisdn', digits } };
  }
  return fail('to must be an e-mail address or a phone number such as +4917012345678');
}

/** A failure request: the number (digits only) and how many of its next messages are refused. */
export interface FailureRequest {
  /** The number's digits: `+4917…` and `4917…` are the same number. */
  digits: string;
  count: number;
  /** Refused for good (400) rather than for now (503). */
  permanent: boolean;
}

/** The most messages one failure request can refuse: enough for any retry schedule. */
export const MAX_FAILURE_COUNT = 1000;

/** The body of `POST /outbox/failures`: `{ to, count }`, `to` with or without its leading `+`. */
export function parseFailureRequest(body: unknown): Parsed<FailureRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { to, count, permanent = false } = body;
  if (typeof to !== 'string' || !/^\+?\d{6,15}$/.test(to.trim())) {
    return fail('to must be a phone number: 6 to 15 digits, with or without a leading +');
  }
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > MAX_FAILURE_COUNT) {
    return fail(`count must be a whole number from 0 to ${MAX_FAILURE_COUNT}`);
  }
  if (typeof permanent !== 'boolean') return fail('permanent must be true or false');
  return { ok: true, value: { digits: to.trim().replace(/^\+/, ''), count, permanent } };
}

/** An `Idempotency-Key` header: 1 to 255 visible ASCII characters; undefined when there is none. */
export function parseIdempotencyKey(header: string | string[] | undefined): Parsed<string | undefined> {
  if (header === undefined) return { ok: true, value: undefined };
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header)) {
    return fail('Idempotency-Key must be 1 to 255 visible ASCII characters, given once');
  }
  return { ok: true, value: header };
}
