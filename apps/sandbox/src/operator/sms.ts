import { randomId } from '../ids';
import type { OperatorEvent, OperatorEvents } from './events';
import type { SmsRequest } from './validation';

/**
 * A shopper's SMS to the tenant's short number, sent to the shop as an `sms` event. Its
 * `messageId` is the one given (the same message delivered again, as a real SMS gateway
 * redelivers) or a new `msg_…`; each sending is a new event with its own `eventId`.
 */

export type SmsEvent = Extract<OperatorEvent, { type: 'sms' }>;

export async function sendSms(
  events: OperatorEvents,
  { from, to, text, messageId = randomId('msg') }: SmsRequest,
): Promise<{ eventId: string; messageId: string; delivered: boolean }> {
  const { eventId, delivered } = await events.send({ type: 'sms', from, to, text, messageId });
  return { eventId, messageId, delivered };
}

/** The last `count` SMS sent, newest first. */
export function recentSms(events: OperatorEvents, count: number): SmsEvent[] {
  return events
    .list()
    .filter((event): event is SmsEvent => event.type === 'sms')
    .slice(0, count);
}
