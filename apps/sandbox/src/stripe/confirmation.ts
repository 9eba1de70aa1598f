import type Stripe from 'stripe';
import { authorisedCharge, cardChargeDetails, type Decline, declinedCharge } from './charges';
import { found, type SavedCard, type StripeContext } from './context';
import { docUrl, invalidRequest, StripeError } from './errors';
import { chargeEvent, paymentIntentEvent } from './webhooks';

/**
 * Confirming a PaymentIntent: the card's test behaviour decides between authorisation, a
 * decline, and 3-D Secure (`requires_action`, finished on the sandbox's authentication page).
 */

const CONFIRMABLE: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export function confirmPaymentIntent(
  context: StripeContext,
  intent: Stripe.PaymentIntent,
  { offSession, returnUrl }: { offSession: boolean; returnUrl: string | undefined },
): void {
  if (!CONFIRMABLE.includes(intent.status)) {
    throw invalidRequest(
      'payment_intent_unexpected_state',
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
    );
  }
  if (typeof intent.payment_method !== 'string') {
    throw invalidRequest(
      'payment_intent_unexpected_state',
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  const saved = found(context.paymentMethods, intent.payment_method, 'PaymentMethod', 'payment_method');
  const { outcome } = saved.card;
  if (outcome.kind === 'decline') {
    decline(context, intent, saved, {
      code: 'card_declined',
      declineCode: outcome.declineCode,
      message: outcome.message,
    });
  }
  const authenticationNeeded =
    outcome.kind === 'authenticate' &&
    (outcome.when === 'always' || !(offSession && saved.setUpForOffSession));
  if (!authenticationNeeded) {
    authorise(context, intent, saved);
    return;
  }
  if (offSession) {
    decline(context, intent, saved, {
      code: 'authentication_required',
      declineCode: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
  }
  intent.status = 'requires_action';
  intent.next_action = {
    type: 'redirect_to_url',
    redirect_to_url: {
      url: `${context.publicBaseUrl}/stripe/authenticate/${intent.id}`,
      return_url: returnUrl ?? null,
    },
  };
  context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.requires_action', intent));
}

/** The shopper completed 3-D Secure: the payment goes on to authorisation. */
export function completeAuthentication(context: StripeContext, intent: Stripe.PaymentIntent): void {
  authorise(context, intent, savedCardOf(context, intent));
}

/** The shopper failed 3-D Secure: the PaymentIntent wants another payment method. */
export function failAuthentication(context: StripeContext, intent: Stripe.PaymentIntent): void {
  const saved = savedCardOf(context, intent);
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.payment_method = null;
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: structuredClone(saved.paymentMethod),
    doc_url: docUrl('payment_intent_authentication_failure'),
  };
  context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.payment_failed', intent));
}

function savedCardOf(context: StripeContext, intent: Stripe.PaymentIntent): SavedCard {
  const id = typeof intent.payment_method === 'string' ? intent.payment_method : '';
  return found(context.paymentMethods, id, 'PaymentMethod', 'payment_method');
}

function authorise(context: StripeContext, intent: Stripe.PaymentIntent, saved: SavedCard): void {
  const details = cardChargeDetails(intent, saved);
  recordAuthorisation(context, intent, saved.paymentMethod, details);
  if (intent.setup_future_usage) {
    saved.setUpForOffSession = true;
    if (typeof intent.customer === 'string') saved.paymentMethod.customer = intent.customer;
  }
}

/**
 * An authorised charge of any payment method: the PaymentIntent waits for capture (manual) or
 * has succeeded, and its events go out.
 */
export function recordAuthorisation(
  context: StripeContext,
  intent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  details: Stripe.Charge.PaymentMethodDetails,
): void {
  const manual = intent.capture_method === 'manual';
  const charge = authorisedCharge(intent, paymentMethod, details, !manual);
  context.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  intent.next_action = null;
  if (manual) {
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
  } else {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
  }
  context.webhooks.send(intent.id, chargeEvent('charge.succeeded', charge));
  context.webhooks.send(
    intent.id,
    paymentIntentEvent(
      manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
      intent,
    ),
  );
}

/** Records the declined charge on the PaymentIntent and throws Stripe's 402 `card_error`. */
function decline(
  context: StripeContext,
  intent: Stripe.PaymentIntent,
  saved: SavedCard,
  failure: Decline,
): never {
  const charge = declinedCharge(intent, saved, failure);
  context.charges.set(charge.id, charge);
  const error = {
    type: 'card_error' as const,
    code: failure.code,
    decline_code: failure.declineCode,
    message: failure.message,
    charge: charge.id,
    payment_method: structuredClone(saved.paymentMethod),
    doc_url: docUrl(failure.code),
  };
  intent.latest_charge = charge.id;
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = error;
  context.webhooks.send(intent.id, chargeEvent('charge.failed', charge));
  context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.payment_failed', intent));
  throw new StripeError(402, { ...error, payment_intent: structuredClone(intent) });
}
