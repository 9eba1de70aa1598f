import type { MessageDeliveryStatus } from '@shop/domain';

/** Twilio's message statuses as ours; the statuses of received messages are none of ours. */
const STATUSES: Readonly<Record<string, MessageDeliveryStatus>> = {
  accepted: 'QUEUED',
  scheduled: 'QUEUED',
  queued: 'QUEUED',
  sending: 'QUEUED',
  sent: 'SENT',
  delivered: 'DELIVERED',
  read: 'DELIVERED',
  partially_delivered: 'DELIVERED',
  undelivered: 'UNDELIVERED',
  failed: 'FAILED',
  canceled: 'FAILED',
};

export const deliveryStatusOf = (twilioStatus: string): MessageDeliveryStatus | undefined =>
  STATUSES[twilioStatus];
