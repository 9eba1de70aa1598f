import { fail, isCurrencyCode, isMinorAmount, isRecord, isText, type Parsed } from '../validation';
import { currencyOf } from './balances';
import { isHttpUrl } from './options';

/**
 * Checks of what callers send to the sandbox operator: top-ups, vouchers, cash codes and the
 * triggers of operator events. A failure names the field, for
 * `400 { code: 'VALIDATION_FAILED', message }`. Unknown fields are ignored. Numbers in bodies are
 * E.164 with `+`; a top-up and a cash code also take them without it, as some shops send them
 * (spec §5), and keep how they came as `msisdnAsSent`.
 */

export interface TopupRequest {
  clientReference: string;
  msisdn: string;
  /** The number as the shop wrote it, with or without `+`. */
  msisdnAsSent: string;
  /** Minor units, in the currency of the number's balance. */
  amount: number;
  currency: string;
}

export interface VoucherRequest {
  clientReference: string;
  productId: string;
  amount: number;
  currency: string;
}

export interface RedeemRequest {
  clientReference: string;
  /** Spaces and dashes taken out. */
  code: string;
  msisdn: string;
  /** The number as the shop wrote it, with or without `+`. */
  msisdnAsSent: string;
}

/** An msisdn in a body: `+`, then 6 to 15 digits. */
const BODY_MSISDN = /^\+\d{6,15}$/;
const CLIENT_REFERENCE = /^[\x21-\x7e]{1,255}$/;

export const MSISDN_RULE = 'a phone number in E.164 form: +, then 6 to 15 digits';

/** An msisdn in a body, trimmed; undefined unless it is `+` and 6 to 15 digits. */
export function bodyMsisdn(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return BODY_MSISDN.test(trimmed) ? trimmed : undefined;
}

/** A number to top up or credit: E.164 with or without its `+`; undefined when it is neither. */
function creditedMsisdn(value: unknown): { msisdn: string; msisdnAsSent: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const msisdnAsSent = value.trim();
  const msisdn = bodyMsisdn(msisdnAsSent.startsWith('+') ? msisdnAsSent : `+${msisdnAsSent}`);
  return msisdn ? { msisdn, msisdnAsSent } : undefined;
}

/**
 * A cash code as the shopper typed it: 1 to 64 characters; spaces and dashes are taken out (a
 * receipt prints `1000 0000 1000`). Whether such a code exists is the cash codes' business.
 */
export function normaliseCashCode(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const code = value.replace(/[\s-]/g, '');
  return code === '' ? undefined : code;
}

function clientReferenceOf(body: Record<string, unknown>): Parsed<string> {
  const { clientReference } = body;
  if (typeof clientReference !== 'string' || !CLIENT_REFERENCE.test(clientReference)) {
    return fail('clientReference must be 1 to 255 visible ASCII characters (no spaces)');
  }
  return { ok: true, value: clientReference };
}

/** The body of `POST /operator/topups`: `{ clientReference, msisdn, amount, currency }`. */
export function parseTopupRequest(body: unknown): Parsed<TopupRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const clientReference = clientReferenceOf(body);
  if (!clientReference.ok) return clientReference;
  const number = creditedMsisdn(body.msisdn);
  if (!number) return fail(`msisdn must be ${MSISDN_RULE} (the + may be left out)`);
  const { msisdn, msisdnAsSent } = number;
  const { amount, currency } = body;
  if (!isMinorAmount(amount)) return fail('amount must be a whole number of minor units above 0');
  if (!isCurrencyCode(currency)) return fail('currency must be an ISO 4217 code in upper case, e.g. EUR');
  if (currency !== currencyOf(msisdn)) {
    return fail(`currency must be ${currencyOf(msisdn)}, the currency of the balance of ${msisdn}`);
  }
  return {
    ok: true,
    value: { clientReference: clientReference.value, msisdn, msisdnAsSent, amount, currency },
  };
}

/** The body of `POST /operator/vouchers`: `{ clientReference, productId, amount, currency }`. */
export function parseVoucherRequest(body: unknown): Parsed<VoucherRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const clientReference = clientReferenceOf(body);
  if (!clientReference.ok) return clientReference;
  const { productId, amount, currency } = body;
  if (!isText(productId, 100)) return fail('productId must be a text of 1 to 100 characters');
  if (!isMinorAmount(amount)) return fail('amount must be a whole number of minor units above 0');
  if (!isCurrencyCode(currency)) return fail('currency must be an ISO 4217 code in upper case, e.g. EUR');
  return { ok: true, value: { clientReference: clientReference.value, productId, amount, currency } };
}

/** The body of `POST /operator/cash-codes/redeem`: `{ clientReference, code, msisdn }`. */
export function parseRedeemRequest(body: unknown): Parsed<RedeemRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const clientReference = clientReferenceOf(body);
  if (!clientReference.ok) return clientReference;
  const code = normaliseCashCode(body.code);
  if (!code) return fail('code must be a text of 1 to 64 characters');
  const number = creditedMsisdn(body.msisdn);
  if (!number) return fail(`msisdn must be ${MSISDN_RULE} (the + may be left out)`);
  return { ok: true, value: { clientReference: clientReference.value, code, ...number } };
}

export interface LowBalanceRequest {
  msisdn: string;
  /** The balance to set, minor units, 0 or more. */
  balance: number;
}

export interface SmsRequest {
  /** The sender, E.164 with `+`. */
  from: string;
  /** The tenant's SMS short number (or a long number): an optional `+`, then 3 to 15 digits. */
  to: string;
  text: string;
  /** The gateway's id of the message, when it is one delivered before. */
  messageId?: string;
}

export type SmsField = keyof SmsRequest;

/** The field of an SMS that failed its check, and what it must be. */
export interface SmsProblem {
  field: SmsField;
  rule: string;
}

export const MAX_SMS_LENGTH = 1600;
const MESSAGE_ID = /^[\x21-\x7e]{1,100}$/;

/** The body of `POST /operator/events/low-balance`: `{ msisdn, balance }`. */
export function parseLowBalanceRequest(body: unknown): Parsed<LowBalanceRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const msisdn = bodyMsisdn(body.msisdn);
  if (!msisdn) return fail(`msisdn must be ${MSISDN_RULE}`);
  const { balance } = body;
  if (typeof balance !== 'number' || !Number.isSafeInteger(balance) || balance < 0) {
    return fail('balance must be a whole number of minor units, 0 or more');
  }
  return { ok: true, value: { msisdn, balance } };
}

/** The body of `PUT /operator/events/webhook`: `{ url }`, an absolute http(s) URL. */
export function parseWebhookTarget(body: unknown): Parsed<{ url: string }> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { url } = body;
  if (typeof url !== 'string' || !isHttpUrl(url)) return fail('url must be an absolute http(s) URL');
  return { ok: true, value: { url } };
}

/** The body of `POST /operator/events/tariff-renewal`: `{ msisdn }`. */
export function parseTariffRenewalRequest(body: unknown): Parsed<{ msisdn: string }> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const msisdn = bodyMsisdn(body.msisdn);
  if (!msisdn) return fail(`msisdn must be ${MSISDN_RULE}`);
  return { ok: true, value: { msisdn } };
}

/** The body of `POST /operator/events/sms`: `{ from, to, text, messageId? }`. */
export function parseSmsRequest(body: unknown): Parsed<SmsRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const checked = checkSms(body);
  return checked.ok ? checked : fail(`${checked.field} must be ${checked.rule}`);
}

/** The fields of an SMS, each checked; the first that fails is named. */
export function checkSms(
  fields: Record<string, unknown>,
): { ok: true; value: SmsRequest } | ({ ok: false } & SmsProblem) {
  const problem = (field: SmsField, rule: string) => ({ ok: false as const, field, rule });
  const from = bodyMsisdn(fields.from);
  if (!from) return problem('from', MSISDN_RULE);
  const { to, text, messageId } = fields;
  if (typeof to !== 'string' || !/^\+?\d{3,15}$/.test(to.trim())) {
    return problem('to', 'a short number or phone number: an optional +, then 3 to 15 digits');
  }
  if (!isText(text, MAX_SMS_LENGTH)) return problem('text', `a text of 1 to ${MAX_SMS_LENGTH} characters`);
  if (messageId !== undefined && (typeof messageId !== 'string' || !MESSAGE_ID.test(messageId))) {
    return problem('messageId', '1 to 100 visible ASCII characters (no spaces) when given');
  }
  return {
    ok: true,
    value: { from, to: to.trim(), text, ...(messageId === undefined ? {} : { messageId }) },
  };
}
