import { isHttpUrl } from '../operator/options';
import type { GatewayFailures } from '../outbox/failures';
import type { Outbox } from '../outbox/messages';
import type { WebhookDeliveryOptions } from '../webhook-queue';

/** Options of the Twilio stand-in, passed through `buildSandbox(...)`. */
export interface TwilioOptions {
  /** The account's SID (`TWILIO_ACCOUNT_SID`). Default {@link DEFAULT_TWILIO_ACCOUNT_SID}. */
  twilioAccountSid?: string;
  /** The account's Auth Token (`TWILIO_AUTH_TOKEN`); it also signs the webhooks. Default `sandbox-twilio-auth-token`. */
  twilioAuthToken?: string;
  /**
   * The account's phone numbers and the SMS URL of each (`TWILIO_INCOMING_NUMBERS`): `number=url`
   * pairs, separated by commas or spaces, e.g. `+4915100000001=http://localhost:3000/webhooks/twilio/sms`.
   * Default none; `PUT /twilio/testing/incoming-numbers/{number}` adds one.
   */
  twilioIncomingNumbers?: string;
  /** The wait before each status change of an accepted message (`sent`, `delivered`, …). Default 100 ms. */
  twilioStatusDelayMs?: number;
}

/** The sandbox account: `AC` and 32 hex digits, fixed so that configurations can name it. */
export const DEFAULT_TWILIO_ACCOUNT_SID = 'AC5a9db0c1e2f3a4b5c6d7e8f9a0b1c2d3';
export const DEFAULT_TWILIO_AUTH_TOKEN = 'sandbox-twilio-auth-token';
/** An API Key of the sandbox account, usable instead of the Auth Token (`SK…` as user, its secret as password). */
export const TWILIO_API_KEY_SID = 'SK5a9db0c1e2f3a4b5c6d7e8f9a0b1c2d3';
export const TWILIO_API_KEY_SECRET = 'sandbox-twilio-api-key-secret';
export const DEFAULT_TWILIO_STATUS_DELAY_MS = 100;

/** What the stand-in's routes are given: its options, the sandbox's outbox and gateway failures, webhook timing. */
export interface TwilioRouteOptions extends TwilioOptions, WebhookDeliveryOptions {
  outbox: Outbox;
  failures: GatewayFailures;
}

/** The options with their defaults filled in; a malformed account SID or number list is refused at start. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  incomingNumbers: ReadonlyMap<string, string>;
  statusDelayMs: number;
}

export function resolveTwilioOptions(options: TwilioOptions): TwilioSettings {
  const accountSid = options.twilioAccountSid ?? DEFAULT_TWILIO_ACCOUNT_SID;
  if (!/^AC[0-9a-f]{32}$/.test(accountSid)) {
    throw new Error(`twilioAccountSid must be AC and 32 lower-case hex digits, not ${accountSid}`);
  }
  return {
    accountSid,
    authToken: options.twilioAuthToken ?? DEFAULT_TWILIO_AUTH_TOKEN,
    incomingNumbers: parseIncomingNumbers(options.twilioIncomingNumbers ?? ''),
    statusDelayMs: options.twilioStatusDelayMs ?? DEFAULT_TWILIO_STATUS_DELAY_MS,
  };
}

/** `number=url` pairs, separated by commas or white space, as a map from the number's digits to its URL. */
export function parseIncomingNumbers(value: string): ReadonlyMap<string, string> {
  const numbers = new Map<string, string>();
  for (const pair of value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const separator = pair.indexOf('=');
    const number = pair.slice(0, separator);
    const url = pair.slice(separator + 1);
    if (separator < 0 || !/^(\+?\d{6,15}|\d{3,8})$/.test(number) || !isHttpUrl(url)) {
      throw new Error(`twilioIncomingNumbers: "${pair}" is not number=http(s)-URL`);
    }
    numbers.set(number.replace(/^\+/, ''), url);
  }
  return numbers;
}
