import type { Channel } from './addresses';
import { rfc2822 } from './ids';

/**
 * Outgoing messages as the stand-in keeps them, in memory, and their Message resource
 * (https://www.twilio.com/docs/messaging/api/message-resource), rendered as Twilio's JSON.
 */

export const API_VERSION = '2010-04-01';

export type OutboundStatus = 'accepted' | 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface OutboundMessage {
  sid: string;
  accountSid: string;
  channel: Channel;
  /** As Twilio shows it: `+4917…` or `whatsapp:+4917…`. */
  to: string;
  /** The sender; null while a Messaging Service has not chosen one yet. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  numSegments: number;
  status: OutboundStatus;
  errorCode: number | null;
  errorMessage: string | null;
  statusCallback: string | null;
  dateCreated: Date;
  dateUpdated: Date;
  dateSent: Date | null;
}

/** The resource's path, relative to `https://api.twilio.com`. */
export function messageUri(accountSid: string, sid: string): string {
  return `/${API_VERSION}/Accounts/${accountSid}/Messages/${sid}.json`;
}

/** The Message resource as Twilio's REST API answers it (counts as strings, dates in RFC 2822). */
export function messageResource(message: OutboundMessage) {
  const uri = messageUri(message.accountSid, message.sid);
  return {
    account_sid: message.accountSid,
    api_version: API_VERSION,
    body: message.body,
    date_created: rfc2822(message.dateCreated),
    date_sent: message.dateSent ? rfc2822(message.dateSent) : null,
    date_updated: rfc2822(message.dateUpdated),
    direction: 'outbound-api',
    error_code: message.errorCode,
    error_message: message.errorMessage,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    num_media: '0',
    num_segments: String(message.numSegments),
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
    to: message.to,
    uri,
  };
}
