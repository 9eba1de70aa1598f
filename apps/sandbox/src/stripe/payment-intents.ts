import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { confirmPaymentIntent } from './confirmation';
import { found, type StripeContext } from './context';
import { invalidRequest, parameterInvalid } from './errors';
import {
  allowOnly,
  expansionsOf,
  metadataOf,
  optionalAmount,
  optionalBoolean,
  optionalChoice,
  optionalText,
  optionalTextList,
  type Params,
  paramsOf,
  requiredAmount,
  requiredCurrency,
} from './form';
import { nowInSeconds, stripeId } from './ids';
import { resolvePaymentMethod } from './payment-methods';
import { chargeEvent, paymentIntentEvent } from './webhooks';

/**
 * PaymentIntents: create (and confirm at once with `confirm=true`), retrieve, confirm, capture
 * and cancel. `latest_charge`, `payment_method` and `customer` are ids, expandable with `expand[]`.
 */

const EXPANDABLE = ['latest_charge', 'payment_method', 'customer'] as const;
const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'] as const;
const CANCELABLE: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

type Route = { Params: { id: string } };

export function paymentIntentRoutes(app: FastifyInstance, context: StripeContext): void {
  app.post('/payment_intents', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'payment_method_types',
      'capture_method',
      'confirm',
      'off_session',
      'setup_future_usage',
      'return_url',
      'metadata',
      'description',
      'expand',
    ]);
    const expand = expansionsOf(params, EXPANDABLE);
    const customer = optionalText(params, 'customer');
    if (customer !== undefined) found(context.customers, customer, 'customer', 'customer');
    const paymentMethodTypes = optionalTextList(params, 'payment_method_types');
    if (paymentMethodTypes?.some((type) => type !== 'card')) {
      throw parameterInvalid(
        'payment_method_types',
        'The sandbox supports the payment method type card only.',
      );
    }
    const intent = newPaymentIntent({
      amount: requiredAmount(params, 'amount'),
      currency: requiredCurrency(params),
      customer: customer ?? null,
      capture_method: optionalChoice(params, 'capture_method', CAPTURE_METHODS) ?? 'automatic_async',
      setup_future_usage: optionalChoice(params, 'setup_future_usage', ['on_session', 'off_session']) ?? null,
      description: optionalText(params, 'description', 1000) ?? null,
      metadata: metadataOf(params),
      automatic_payment_methods: paymentMethodTypes ? null : { allow_redirects: 'always', enabled: true },
    });
    const confirm = optionalBoolean(params, 'confirm') ?? false;
    const offSession = offSessionOf(params, confirm);
    const returnUrl = returnUrlOf(params);
    attachPaymentMethod(context, intent, params);
    context.paymentIntents.set(intent.id, intent);
    if (confirm) confirmPaymentIntent(context, intent, { offSession, returnUrl });
    return rendered(context, intent, expand);
  });

  app.get<Route>('/payment_intents/:id', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['expand', 'client_secret']);
    const expand = expansionsOf(params, EXPANDABLE);
    return rendered(context, paymentIntentOf(context, request.params.id), expand);
  });

  app.post<Route>('/payment_intents/:id/confirm', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['payment_method', 'off_session', 'return_url', 'setup_future_usage', 'expand']);
    const expand = expansionsOf(params, EXPANDABLE);
    const intent = paymentIntentOf(context, request.params.id);
    const offSession = offSessionOf(params, true);
    const returnUrl = returnUrlOf(params);
    const setupFutureUsage = optionalChoice(params, 'setup_future_usage', ['on_session', 'off_session']);
    if (setupFutureUsage) intent.setup_future_usage = setupFutureUsage;
    attachPaymentMethod(context, intent, params);
    confirmPaymentIntent(context, intent, { offSession, returnUrl });
    return rendered(context, intent, expand);
  });

  app.post<Route>('/payment_intents/:id/capture', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['amount_to_capture', 'expand']);
    const expand = expansionsOf(params, EXPANDABLE);
    const intent = paymentIntentOf(context, request.params.id);
    if (intent.status !== 'requires_capture') {
      throw invalidRequest(
        'payment_intent_unexpected_state',
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const amount = optionalAmount(params, 'amount_to_capture') ?? intent.amount_capturable;
    if (amount > intent.amount_capturable) {
      throw invalidRequest(
        'amount_too_large',
        `The amount to capture (${amount}) must be less than or equal to the amount capturable (${intent.amount_capturable}).`,
        'amount_to_capture',
      );
    }
    const charge = latestChargeOf(context, intent);
    charge.captured = true;
    charge.amount_captured = amount;
    // Stripe releases what is not captured by refunding it on the charge.
    charge.amount_refunded = charge.amount - amount;
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    context.webhooks.send(intent.id, chargeEvent('charge.captured', charge));
    context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.succeeded', intent));
    return rendered(context, intent, expand);
  });

  app.post<Route>('/payment_intents/:id/cancel', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['cancellation_reason', 'expand']);
    const expand = expansionsOf(params, EXPANDABLE);
    const reason = optionalChoice(params, 'cancellation_reason', CANCELLATION_REASONS) ?? null;
    const intent = paymentIntentOf(context, request.params.id);
    if (!CANCELABLE.includes(intent.status)) {
      throw invalidRequest(
        'payment_intent_unexpected_state',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    if (intent.status === 'requires_capture') {
      const charge = latestChargeOf(context, intent);
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      intent.amount_capturable = 0;
    }
    intent.status = 'canceled';
    intent.canceled_at = nowInSeconds();
    intent.cancellation_reason = reason;
    intent.next_action = null;
    context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.canceled', intent));
    return rendered(context, intent, expand);
  });
}

export function paymentIntentOf(context: StripeContext, id: string): Stripe.PaymentIntent {
  return found(context.paymentIntents, id, 'payment_intent');
}

function latestChargeOf(context: StripeContext, intent: Stripe.PaymentIntent): Stripe.Charge {
  const id = typeof intent.latest_charge === 'string' ? intent.latest_charge : '';
  return found(context.charges, id, 'charge', 'latest_charge');
}

function offSessionOf(params: Params, confirm: boolean): boolean {
  const offSession = optionalBoolean(params, 'off_session') ?? false;
  if (offSession && !confirm) {
    throw parameterInvalid('off_session', 'You may only specify off_session when confirm=true.');
  }
  return offSession;
}

function returnUrlOf(params: Params): string | undefined {
  const url = optionalText(params, 'return_url', 2048);
  if (url !== undefined && !URL.canParse(url)) {
    throw parameterInvalid('return_url', 'Not a valid URL', 'url_invalid');
  }
  return url;
}

/** `payment_method` of a create or confirm: a saved PaymentMethod or a test one (`pm_card_visa`). */
function attachPaymentMethod(context: StripeContext, intent: Stripe.PaymentIntent, params: Params): void {
  const id = optionalText(params, 'payment_method');
  if (id === undefined) return;
  intent.payment_method = resolvePaymentMethod(context, id, 'payment_method').paymentMethod.id;
  if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
}

/** The PaymentIntent as the API answers it, with the asked-for fields expanded. */
export function rendered(
  context: StripeContext,
  intent: Stripe.PaymentIntent,
  expand: ReadonlySet<string>,
): Stripe.PaymentIntent {
  const answer = structuredClone(intent);
  if (expand.has('latest_charge') && typeof intent.latest_charge === 'string') {
    answer.latest_charge = context.charges.get(intent.latest_charge) ?? intent.latest_charge;
  }
  if (expand.has('payment_method') && typeof intent.payment_method === 'string') {
    answer.payment_method =
      context.paymentMethods.get(intent.payment_method)?.paymentMethod ??
      context.redirectPaymentMethods.get(intent.payment_method) ??
      intent.payment_method;
  }
  if (expand.has('customer') && typeof intent.customer === 'string') {
    answer.customer = context.customers.get(intent.customer) ?? intent.customer;
  }
  return answer;
}

export type CreatedFields = Pick<
  Stripe.PaymentIntent,
  | 'amount'
  | 'currency'
  | 'customer'
  | 'capture_method'
  | 'setup_future_usage'
  | 'description'
  | 'metadata'
  | 'automatic_payment_methods'
>;

export function newPaymentIntent(fields: CreatedFields): Stripe.PaymentIntent {
  const id = stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    ...fields,
    allowed_payment_method_types: null,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    canceled_at: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(18).toString('hex')}`,
    confirmation_method: 'automatic',
    created: nowInSeconds(),
    customer_account: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  };
}
