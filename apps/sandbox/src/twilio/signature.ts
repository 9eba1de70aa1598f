import { createHmac } from 'node:crypto';
import type { EncodedWebhook } from '../webhook-queue';

/**
 * Twilio's webhook signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security): the
 * full URL the request goes to, followed by each POST parameter's name and value, the names in
 * case-sensitive sort order; HMAC-SHA1 of that keyed with the account's Auth Token, in base64,
 * sent as `X-Twilio-Signature`.
 */

export type FormParams = Readonly<Record<string, string>>;

export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  const names = Object.keys(params).sort();
  const signed = names.reduce((text, name) => `${text}${name}${params[name]}`, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * A webhook as Twilio sends it: the parameters form-encoded, signed, and with the event's
 * `I-Twilio-Idempotency-Token`, the same for every try of the same event.
 */
export function twilioWebhook(
  url: string,
  params: FormParams,
  authToken: string,
  idempotencyToken: string,
): EncodedWebhook {
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TwilioProxy/1.1',
      'x-twilio-signature': twilioSignature(authToken, url, params),
      'i-twilio-idempotency-token': idempotencyToken,
    },
  };
}
