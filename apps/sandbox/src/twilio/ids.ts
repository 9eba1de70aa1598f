import { randomBytes } from 'node:crypto';

/** A Twilio SID: a two-letter type prefix (`SM` message, `MG` Messaging Service, `RQ` request) and 32 hex digits. */
export function twilioSid(prefix: 'SM' | 'RQ'): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

export const MESSAGE_SID = /^SM[0-9a-f]{32}$/;
export const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;

/** RFC 2822 in GMT, as Twilio writes its dates: `Thu, 24 Aug 2023 05:01:45 +0000`. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** A delivery receipt's done date, `YYMMDDhhmm` in UTC (Twilio's `RawDlrDoneDate`). */
export function dlrDoneDate(date: Date): string {
  return date.toISOString().replace(/^\d\d(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d).*$/, '$1$2$3$4$5');
}
