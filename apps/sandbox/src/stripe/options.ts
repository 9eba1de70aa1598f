import type { WebhookDeliveryOptions } from '../webhook-queue';

/** Options of the Stripe stand-in, passed through `buildSandbox(...)`. */
export interface StripeOptions {
  /** Where Stripe events go (`STRIPE_WEBHOOK_URL`). Default none: no events are delivered. */
  stripeWebhookUrl?: string;
  /** The endpoint's signing secret (`STRIPE_WEBHOOK_SECRET`). Default `whsec_sandbox`. */
  stripeWebhookSecret?: string;
}

export const DEFAULT_STRIPE_WEBHOOK_SECRET = 'whsec_sandbox';

/** What the stand-in's routes are given: its options, the sandbox's base URL and webhook timing. */
export interface StripeRouteOptions extends StripeOptions, WebhookDeliveryOptions {
  publicBaseUrl: string;
}
