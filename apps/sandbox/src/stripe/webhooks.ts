import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type EncodedWebhook,
  WebhookQueue,
} from '../webhook-queue';
import { nowInSeconds, stripeId } from './ids';
import { DEFAULT_STRIPE_WEBHOOK_SECRET, type StripeRouteOptions } from './options';

/**
 * Stripe events and their delivery. Each event is a Stripe `Event` with a copy of the object as
 * it was then, POSTed to the configured endpoint with Stripe's signature and retried by the
 * sandbox's webhook queue until the endpoint answers 2xx (so it may arrive more than once).
 */

/** The API version the events are rendered in: the one the `stripe` SDK v23 pins. */
export const API_VERSION = '2026-11-18.endive';

export type PaymentIntentEvent =
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentAmountCapturableUpdatedEvent
  | Stripe.PaymentIntentPaymentFailedEvent
  | Stripe.PaymentIntentCanceledEvent
  | Stripe.PaymentIntentRequiresActionEvent;
export type ChargeEvent =
  | Stripe.ChargeSucceededEvent
  | Stripe.ChargeFailedEvent
  | Stripe.ChargeCapturedEvent
  | Stripe.ChargeRefundedEvent;
export type RefundEvent = Stripe.RefundCreatedEvent;
export type CheckoutSessionEvent = Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionExpiredEvent;
export type SetupIntentEvent = Stripe.SetupIntentSucceededEvent | Stripe.SetupIntentSetupFailedEvent;

function eventBase() {
  return {
    id: stripeId('evt'),
    object: 'event' as const,
    api_version: API_VERSION,
    created: nowInSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

export function paymentIntentEvent(
  type: PaymentIntentEvent['type'],
  paymentIntent: Stripe.PaymentIntent,
): PaymentIntentEvent {
  return { ...eventBase(), type, data: { object: structuredClone(paymentIntent) } };
}

export function chargeEvent(type: ChargeEvent['type'], charge: Stripe.Charge): ChargeEvent {
  return { ...eventBase(), type, data: { object: structuredClone(charge) } };
}

export function refundEvent(type: RefundEvent['type'], refund: Stripe.Refund): RefundEvent {
  return { ...eventBase(), type, data: { object: structuredClone(refund) } };
}

export function checkoutSessionEvent(
  type: CheckoutSessionEvent['type'],
  session: Stripe.Checkout.Session,
): CheckoutSessionEvent {
  return { ...eventBase(), type, data: { object: structuredClone(session) } };
}

export function setupIntentEvent(
  type: SetupIntentEvent['type'],
  setupIntent: Stripe.SetupIntent,
): SetupIntentEvent {
  return { ...eventBase(), type, data: { object: structuredClone(setupIntent) } };
}

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * keyed with the endpoint's secret.
 */
export function stripeSignature(body: string, secret: string, timestamp = nowInSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface QueuedStripeEvent {
  eventId: string;
  /** The PaymentIntent (or SetupIntent, Checkout Session) the event is about: its events go out in order. */
  subject: string;
  event: Stripe.Event;
}

function encodeStripeEvent({ event }: QueuedStripeEvent, secret: string): EncodedWebhook {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': stripeSignature(body, secret),
    },
  };
}

export class StripeWebhooks {
  #url: string | undefined;
  readonly #queue: WebhookQueue<QueuedStripeEvent>;

  constructor(options: StripeRouteOptions, log: FastifyBaseLogger) {
    this.#url = options.stripeWebhookUrl;
    this.#queue = new WebhookQueue<QueuedStripeEvent>({
      secret: options.stripeWebhookSecret ?? DEFAULT_STRIPE_WEBHOOK_SECRET,
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
      subjectOf: (queued) => queued.subject,
      encode: encodeStripeEvent,
      log,
    });
  }

  /** Where events go from now on (as a Stripe account's endpoint is configured in its dashboard). */
  sendTo(url: string): void {
    this.#url = url;
  }

  /** Sends the event to the endpoint, if one is configured. */
  send(subject: string, event: Stripe.Event): void {
    if (this.#url) void this.#queue.enqueue(this.#url, { eventId: event.id, subject, event });
  }

  close(): void {
    this.#queue.close();
  }
}
