import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { TestCard } from './cards';
import type { CheckoutRecord } from './checkout-record';
import { resourceMissing } from './errors';
import { IdempotentRequests } from './idempotency';
import type { StripeRouteOptions } from './options';
import { TestingSwitch } from './testing';
import { StripeWebhooks } from './webhooks';

/** A card PaymentMethod with what the stand-in knows behind it. */
export interface SavedCard {
  paymentMethod: Stripe.PaymentMethod;
  card: TestCard;
  /** Set up for future use by a payment with `setup_future_usage`, so off-session charges may skip 3-D Secure. */
  setUpForOffSession: boolean;
}

/** The stand-in's state, all in memory, and what its parts share. */
export interface StripeContext {
  publicBaseUrl: string;
  customers: Map<string, Stripe.Customer>;
  paymentMethods: Map<string, SavedCard>;
  /** PayPal, iDEAL, Bancontact and EPS PaymentMethods, made on the Checkout page. */
  redirectPaymentMethods: Map<string, Stripe.PaymentMethod>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  checkoutSessions: Map<string, CheckoutRecord>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  idempotency: IdempotentRequests;
  testing: TestingSwitch;
  webhooks: StripeWebhooks;
  close(): void;
}

export function createStripeContext(options: StripeRouteOptions, log: FastifyBaseLogger): StripeContext {
  const testing = new TestingSwitch();
  const webhooks = new StripeWebhooks(options, log);
  return {
    publicBaseUrl: options.publicBaseUrl,
    customers: new Map(),
    paymentMethods: new Map(),
    redirectPaymentMethods: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    checkoutSessions: new Map(),
    setupIntents: new Map(),
    idempotency: new IdempotentRequests(),
    testing,
    webhooks,
    close() {
      testing.close();
      webhooks.close();
    },
  };
}

/** The object with this id, or Stripe's 404 `resource_missing` naming `kind` and `param`. */
export function found<T>(objects: Map<string, T>, id: string, kind: string, param = 'id'): T {
  const object = objects.get(id);
  if (object === undefined) throw resourceMissing(kind, id, param);
  return object;
}
