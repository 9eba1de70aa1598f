import { isHttpUrl } from '../operator/options';
import { MAX_FAILURE_COUNT } from '../outbox/validation';
import { fail, isRecord, type Parsed } from '../validation';
import { type Address, parseAccountNumber, parseRecipient } from './addresses';
import { MESSAGE_SID } from './ids';
import { MAX_BODY_LENGTH } from './send';

/** Checks of the testing switches' JSON bodies; a failure names the field. */

/** A phone number with or without its `+` (6 to 15 digits), as its digits. */
export function parseNumber(value: unknown, field: string): Parsed<string> {
  if (typeof value !== 'string' || !/^\+?\d{6,15}$/.test(value.trim())) {
    return fail(`${field} must be a phone number: 6 to 15 digits, with or without a leading +`);
  }
  return { ok: true, value: value.trim().replace(/^\+/, '') };
}

export function parseCount(value: unknown): Parsed<number> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_FAILURE_COUNT) {
    return fail(`count must be a whole number from 0 to ${MAX_FAILURE_COUNT}`);
  }
  return { ok: true, value };
}

/** `{ to }`: the number's digits. */
export function parseTo(body: unknown): Parsed<string> {
  return parseNumber(isRecord(body) ? body.to : undefined, 'to');
}

/** `{ count }`. */
export function parseCountBody(body: unknown): Parsed<number> {
  return parseCount(isRecord(body) ? body.count : undefined);
}

/** `{ to, count }`: the number's digits and the count. */
export function parseNumberCount(body: unknown): Parsed<{ digits: string; count: number }> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const digits = parseNumber(body.to, 'to');
  if (!digits.ok) return digits;
  const count = parseCount(body.count);
  if (!count.ok) return count;
  return { ok: true, value: { digits: digits.value, count: count.value } };
}

/** A number of the account in a path: E.164 with or without its `+`, or a short code (3 to 8 digits), as its digits. */
export function parseIncomingNumber(value: unknown): Parsed<string> {
  if (typeof value !== 'string' || !/^(\+?\d{6,15}|\d{3,8})$/.test(value.trim())) {
    return fail(
      'phoneNumber must be a phone number (6 to 15 digits, with or without a leading +) or a short code',
    );
  }
  return { ok: true, value: value.trim().replace(/^\+/, '') };
}

export function parseSmsUrl(body: unknown): Parsed<string> {
  if (!isRecord(body) || typeof body.smsUrl !== 'string' || !isHttpUrl(body.smsUrl)) {
    return fail('smsUrl must be an absolute http(s) URL');
  }
  return { ok: true, value: body.smsUrl };
}

export interface InboundRequest {
  from: Address;
  to: Address;
  body: string;
  messageSid?: string;
}

/** `{ from, to, body, messageSid? }`: two numbers in E.164 on one channel (`whatsapp:` on both, or on neither). */
export function parseInboundRequest(body: unknown): Parsed<InboundRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const from = typeof body.from === 'string' ? parseRecipient(body.from.trim()) : undefined;
  if (!from) return fail('from must be a phone number in E.164 (+ and 6 to 15 digits), or whatsapp: and one');
  const to = typeof body.to === 'string' ? parseAccountNumber(body.to.trim()) : undefined;
  if (!to) {
    return fail(
      'to must be a phone number in E.164 (+ and 6 to 15 digits), whatsapp: and one, or a short code',
    );
  }
  if (from.channel !== to.channel) return fail('from and to must be on the same channel');
  const text = body.body;
  if (typeof text !== 'string' || text === '' || text.length > MAX_BODY_LENGTH) {
    return fail(`body must be a text of 1 to ${MAX_BODY_LENGTH} characters`);
  }
  const { messageSid } = body;
  if (messageSid !== undefined && (typeof messageSid !== 'string' || !MESSAGE_SID.test(messageSid))) {
    return fail('messageSid must be SM and 32 lower-case hex digits when given');
  }
  return { ok: true, value: { from, to, body: text, ...(messageSid === undefined ? {} : { messageSid }) } };
}
