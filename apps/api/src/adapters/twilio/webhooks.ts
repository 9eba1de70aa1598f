import type { MessageDeliveryStatus } from '@shop/domain';
import twilio from 'twilio';
import { z } from 'zod';
import { deliveryStatusOf } from './statuses';

/** The header Twilio signs its webhooks in. */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** The form fields of a Twilio webhook, as Fastify parsed them. */
export type TwilioForm = Record<string, string | string[] | undefined>;

/**
 * Whether Twilio signed this webhook with the account's auth token: the signature covers the
 * exact URL Twilio called (our public address) and every form field.
 */
export function isSignedByTwilio(
  authToken: string,
  { url, form, signature }: { url: string; form: TwilioForm; signature: string | undefined },
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, form);
}

const sid = z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/);
const address = z.string().min(3).max(64);

const statusSchema = z.object({
  MessageSid: sid,
  MessageStatus: z.string(),
  To: address,
  ErrorCode: z.string().max(16).optional(),
});

/** A message's progress as its status callback reports it. */
export interface DeliveryReport {
  providerMessageId: string;
  status: MessageDeliveryStatus;
  channel: 'sms' | 'whatsapp';
  /** E.164 with `+`. */
  to: string;
  errorCode?: string;
}

const channelOf = (value: string) => (value.startsWith('whatsapp:') ? 'whatsapp' : 'sms');
const withoutChannel = (value: string) => value.replace(/^whatsapp:/, '');

/** A status callback's report, or undefined for one we take no interest in (a status of received messages). */
export function deliveryReportOf(form: TwilioForm): DeliveryReport | undefined {
  const parsed = statusSchema.safeParse(form);
  if (!parsed.success) return undefined;
  const { MessageSid, MessageStatus, To, ErrorCode } = parsed.data;
  const status = deliveryStatusOf(MessageStatus);
  if (!status) return undefined;
  return {
    providerMessageId: MessageSid,
    status,
    channel: channelOf(To),
    to: withoutChannel(To),
    ...(ErrorCode ? { errorCode: ErrorCode } : {}),
  };
}

const inboundSchema = z.object({
  MessageSid: sid,
  From: address,
  To: address,
  Body: z.string().max(1600),
});

/** A message a shopper sent to one of the tenant's numbers, or undefined when the form is not one. */
export function inboundMessageOf(
  form: TwilioForm,
): { messageId: string; from: string; to: string; text: string } | undefined {
  const parsed = inboundSchema.safeParse(form);
  if (!parsed.success) return undefined;
  const { MessageSid, From, To, Body } = parsed.data;
  return { messageId: MessageSid, from: withoutChannel(From), to: withoutChannel(To), text: Body };
}
