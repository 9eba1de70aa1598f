import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { found, type StripeContext } from './context';
import { invalidRequest, parameterMissing, StripeError } from './errors';
import {
  allowOnly,
  expansionsOf,
  metadataOf,
  optionalAmount,
  optionalChoice,
  optionalText,
  paramsOf,
} from './form';
import { nowInSeconds, stripeId } from './ids';
import { paymentIntentOf } from './payment-intents';
import { chargeEvent, refundEvent } from './webhooks';

/**
 * Refunds of a PaymentIntent's (or a charge's) captured amount, in full or in part; each succeeds
 * at once. `POST /v1/refunds`, `GET /v1/refunds/:id`.
 */

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export function refundRoutes(app: FastifyInstance, context: StripeContext): void {
  app.post('/refunds', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    expansionsOf(params, []);
    const charge = refundedCharge(
      context,
      optionalText(params, 'payment_intent'),
      optionalText(params, 'charge'),
    );
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw invalidRequest('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    }
    const amount = optionalAmount(params, 'amount') ?? left;
    if (amount > left) {
      throw invalidRequest(
        'amount_too_large',
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        'amount',
      );
    }
    const refund: Stripe.Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      application: null,
      balance_transaction: null,
      charge: charge.id,
      created: nowInSeconds(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: {
        type: 'card',
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      },
      metadata: metadataOf(params),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: optionalChoice(params, 'reason', REASONS) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    context.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const subject = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.id;
    context.webhooks.send(subject, refundEvent('refund.created', refund));
    context.webhooks.send(subject, chargeEvent('charge.refunded', charge));
    return refund;
  });

  app.get<{ Params: { id: string } }>('/refunds/:id', async (request) => {
    allowOnly(paramsOf(request), ['expand']);
    return found(context.refunds, request.params.id, 'refund');
  });
}

/** The captured charge a refund is for, named by its PaymentIntent or by itself. */
function refundedCharge(context: StripeContext, paymentIntentId?: string, chargeId?: string): Stripe.Charge {
  if (paymentIntentId === undefined && chargeId === undefined) throw parameterMissing('payment_intent');
  if (chargeId !== undefined) {
    const charge = found(context.charges, chargeId, 'charge', 'charge');
    if (!charge.captured) throw notRefundable(`Charge ${charge.id} has not been captured.`, 'charge');
    return charge;
  }
  const intent = paymentIntentOf(context, paymentIntentId ?? '');
  const charge =
    typeof intent.latest_charge === 'string' ? context.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw notRefundable(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'payment_intent',
    );
  }
  return charge;
}

function notRefundable(message: string, param: string): StripeError {
  return new StripeError(400, { type: 'invalid_request_error', message, param });
}

/** An amount as Stripe's messages show it, e.g. `€12.50`. */
function money(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
