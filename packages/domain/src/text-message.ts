/**
 * The gateways a tenant's SMS and WhatsApp messages go through (decision 0069): the sandbox
 * gateway (the stand-in of a generic one) and Twilio.
 */
export const MESSAGE_PROVIDERS = ['sandbox', 'twilio'] as const;
export type MessageProviderName = (typeof MESSAGE_PROVIDERS)[number];

/**
 * How far a sent message got, as its gateway reports it: taken for sending, handed to the
 * network, then one of the three ends.
 */
export const MESSAGE_DELIVERY_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

const STEP: Record<MessageDeliveryStatus, number> = {
  QUEUED: 0,
  SENT: 1,
  DELIVERED: 2,
  UNDELIVERED: 2,
  FAILED: 2,
};

/**
 * The step of a status: a report is kept only when it goes further than what is known, so a late
 * or repeated one never takes a message back, and the first end reported stays.
 */
export const deliveryStep = (status: MessageDeliveryStatus): number => STEP[status];
