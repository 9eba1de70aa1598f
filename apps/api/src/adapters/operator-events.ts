import { z } from 'zod';
import { parseJson, signatureMatches } from './webhook-signature';

/**
 * The events the mobile operator sends us (signed like the provider's webhooks): a number's
 * balance ran low, its tariff renewed, or a shopper sent an SMS to the shop's short number.
 */
export type OperatorEvent =
  | { eventId: string; type: 'low-balance'; msisdn: string; balance: number; currency?: string }
  | { eventId: string; type: 'tariff-renewal'; msisdn: string }
  | { eventId: string; type: 'sms'; from: string; to: string; text: string; messageId?: string };

export type VerifiedOperatorEvent =
  | { kind: 'invalid-signature' }
  | { kind: 'ignored'; eventId?: string; type?: string }
  | ({ kind: 'event' } & OperatorEvent);

const id = z.string().regex(/^[\x21-\x7e]{1,200}$/);
const msisdn = z.string().regex(/^\+\d{6,15}$/);
const eventSchema = z.discriminatedUnion('type', [
  z.object({
    eventId: id,
    type: z.literal('low-balance'),
    msisdn,
    balance: z.number().int(),
    currency: z.string().optional(),
  }),
  z.object({ eventId: id, type: z.literal('tariff-renewal'), msisdn }),
  z.object({
    eventId: id,
    type: z.literal('sms'),
    from: z.string().max(32),
    to: z.string().max(32),
    text: z.string().max(1600),
    messageId: id.optional(),
  }),
]);

/** Checks an operator event's signature and reads it; an event of a type we do not know is ignored. */
export function verifyOperatorEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): VerifiedOperatorEvent {
  if (!signatureMatches(rawBody, signature, secret)) return { kind: 'invalid-signature' };
  const parsed = parseJson(rawBody);
  const event = eventSchema.safeParse(parsed);
  if (event.success) return { kind: 'event', ...event.data };
  const other = z.object({ eventId: z.string().optional(), type: z.string().optional() }).safeParse(parsed);
  return { kind: 'ignored', ...(other.success ? other.data : {}) };
}
