import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { nowInSeconds, stripeId } from './ids';

/** The objects Checkout answers with: the Session and, in setup mode, its SetupIntent. */

type SessionFields = Pick<
  Stripe.Checkout.Session,
  | 'mode'
  | 'amount_subtotal'
  | 'amount_total'
  | 'currency'
  | 'cancel_url'
  | 'success_url'
  | 'client_reference_id'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'locale'
  | 'metadata'
  | 'allowed_payment_method_types'
  | 'payment_method_types'
  | 'payment_status'
>;

export function newCheckoutSession(
  fields: SessionFields,
  pageUrl: (id: string) => string,
): Stripe.Checkout.Session {
  const id = stripeId('cs_test');
  return {
    id,
    object: 'checkout.session',
    ...fields,
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowInSeconds(),
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer_account: null,
    customer_creation: fields.customer ? null : 'if_required',
    customer_details: null,
    discounts: [],
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    managed_payments: null,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: fields.mode === 'setup' ? 'always' : 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    total_details:
      fields.mode === 'payment' ? { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } : null,
    ui_mode: 'hosted_page',
    url: pageUrl(id),
    wallet_options: null,
  };
}

type SetupIntentFields = Pick<
  Stripe.SetupIntent,
  'customer' | 'metadata' | 'payment_method' | 'payment_method_types' | 'status' | 'last_setup_error'
>;

export function newSetupIntent(fields: SetupIntentFields): Stripe.SetupIntent {
  const id = stripeId('seti');
  return {
    id,
    object: 'setup_intent',
    ...fields,
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(18).toString('hex')}`,
    created: nowInSeconds(),
    description: null,
    excluded_payment_method_types: null,
    flow_directions: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    next_action: null,
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    single_use_mandate: null,
    usage: 'off_session',
  };
}
