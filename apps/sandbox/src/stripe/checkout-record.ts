import type Stripe from 'stripe';

/** What the stand-in keeps of a Checkout Session besides the object Stripe answers. */

export const CHECKOUT_METHODS = ['card', 'paypal', 'ideal', 'bancontact', 'eps'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Methods Stripe pays out only in euros and cannot place a hold with. */
export const EURO_BANK_METHODS: readonly CheckoutMethod[] = ['ideal', 'bancontact', 'eps'];

export interface CheckoutLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** `payment_intent_data`: what the PaymentIntent made on confirmation is given. */
export interface PaymentIntentData {
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  metadata: Record<string, string>;
  description: string | null;
}

export interface CheckoutRecord {
  session: Stripe.Checkout.Session;
  methods: CheckoutMethod[];
  lineItems: CheckoutLineItem[];
  paymentIntentData: PaymentIntentData;
  /** `setup_intent_data[metadata]`. */
  setupIntentMetadata: Record<string, string>;
  /** Why the shopper's last try failed, shown on the page until the next try. */
  error?: string;
}

/** Where the shopper goes on success: the `success_url` with `{CHECKOUT_SESSION_ID}` filled in. */
export function successUrlOf(record: CheckoutRecord, pageUrl: string): string {
  const { success_url: template, id } = record.session;
  return template ? template.replaceAll('{CHECKOUT_SESSION_ID}', id) : pageUrl;
}
