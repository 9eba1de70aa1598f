import { type Address, countryOf, digitsOf, onChannel } from './addresses';
import { API_VERSION } from './messages';
import type { OptOutType } from './opt-outs';
import { segmentCount } from './segments';
import { type FormParams, twilioWebhook } from './signature';

/**
 * Incoming messages (https://www.twilio.com/docs/messaging/guides/webhook-request): Twilio POSTs
 * the message, form-encoded and signed, to the SMS URL of the number it was sent to, once, and
 * takes the answer (TwiML) as the number's reply. Twilio knows the city, state and ZIP code of
 * North American numbers only; the sandbox sends them empty.
 */

export interface IncomingMessage {
  sid: string;
  accountSid: string;
  from: Address;
  to: Address;
  body: string;
  /** Set when the body is an opt-out, opt-in or help keyword of an SMS. */
  optOutType?: OptOutType;
}

/** What the SMS URL answered. */
export interface WebhookAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export function incomingMessageParams(message: IncomingMessage): FormParams {
  const address = ({ channel, value }: Address) => onChannel(channel, value);
  return {
    AccountSid: message.accountSid,
    ApiVersion: API_VERSION,
    Body: message.body,
    From: address(message.from),
    FromCity: '',
    FromCountry: countryOf(message.from.value),
    FromState: '',
    FromZip: '',
    MessageSid: message.sid,
    NumMedia: '0',
    NumSegments: String(segmentCount(message.body)),
    SmsMessageSid: message.sid,
    SmsSid: message.sid,
    SmsStatus: 'received',
    To: address(message.to),
    ToCity: '',
    ToCountry: countryOf(message.to.value),
    ToState: '',
    ToZip: '',
    ...(message.from.channel === 'whatsapp' ? { WaId: digitsOf(message.from.value) } : {}),
    ...(message.optOutType ? { OptOutType: message.optOutType } : {}),
  };
}

/** POSTs the message to the SMS URL once; rejects when no answer comes within `timeoutMs`. */
export async function deliverIncomingMessage(
  smsUrl: string,
  message: IncomingMessage,
  authToken: string,
  timeoutMs: number,
  closing: AbortSignal,
): Promise<WebhookAnswer> {
  const { body, headers } = twilioWebhook(smsUrl, incomingMessageParams(message), authToken, message.sid);
  const signal = AbortSignal.any([closing, AbortSignal.timeout(timeoutMs)]);
  const response = await fetch(smsUrl, { method: 'POST', headers, body, signal });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}
