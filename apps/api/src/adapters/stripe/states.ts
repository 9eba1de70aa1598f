import type { PaymentEvent, PaymentState } from '@shop/domain';
import type Stripe from 'stripe';

/**
 * How Stripe's objects read as our payment states and events. A payment the shopper confirms is a
 * Checkout Session (`cs_…`), whose PaymentIntent exists once the shopper confirmed; a
 * merchant-initiated charge is a PaymentIntent (`pi_…`) of its own.
 */

/** The charge's money: what it took, and what went back (less what a partial capture released). */
export function chargeAmounts(intent: Stripe.PaymentIntent): { captured?: number; refunded: number } {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (intent.status !== 'succeeded' || !charge) return { refunded: 0 };
  const released = charge.amount - charge.amount_captured;
  return { captured: charge.amount_captured, refunded: Math.max(0, charge.amount_refunded - released) };
}

/** A PaymentIntent's state; `offSession` when no shopper is there to try again after a refusal. */
export function stateOfIntent(
  intent: Stripe.PaymentIntent,
  { offSession }: { offSession: boolean },
): PaymentState {
  switch (intent.status) {
    case 'requires_capture':
      return 'AUTHORIZED';
    case 'canceled':
      return 'CANCELLED';
    case 'succeeded': {
      const { captured = intent.amount_received, refunded } = chargeAmounts(intent);
      if (refunded === 0) return 'CAPTURED';
      return refunded >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    }
    case 'requires_payment_method':
      // A shopper at Checkout may try another card; an off-session charge was refused for good.
      return offSession && intent.last_payment_error ? 'DECLINED' : 'PENDING';
    default:
      return 'PENDING';
  }
}

/** A Checkout Session's state, its PaymentIntent expanded. */
export function stateOfSession(session: Stripe.Checkout.Session): PaymentState {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (intent && intent.status !== 'requires_payment_method')
    return stateOfIntent(intent, { offSession: false });
  return session.status === 'expired' ? 'EXPIRED' : 'PENDING';
}

/** The saved card of a payment that asked to keep it (`setup_future_usage`). */
export function savedMethodOf(intent: Stripe.PaymentIntent): string | undefined {
  if (!intent.setup_future_usage) return undefined;
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') return undefined;
  return typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
}

/** A verified event reduced to what it means for one of our payments, or nothing we act on. */
export interface StripePaymentEvent {
  paymentId: string;
  reference: string;
  event: PaymentEvent;
  amount: number;
  token?: string;
}

/**
 * The events the shop acts on. A failed attempt at Checkout is not final (the shopper may try
 * again on the same page) and an off-session refusal is known from the charge's answer, so
 * `payment_intent.payment_failed` changes nothing; a completed session is followed by its
 * PaymentIntent's own events.
 */
export function paymentEventOf(event: Stripe.Event): StripePaymentEvent | undefined {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      return ofIntent(event.data.object, 'AUTHORIZE', event.data.object.amount_capturable);
    case 'payment_intent.succeeded':
      return ofIntent(event.data.object, 'CAPTURE', event.data.object.amount_received);
    case 'payment_intent.canceled':
      return ofIntent(event.data.object, 'CANCEL', event.data.object.amount);
    case 'charge.refunded': {
      const charge = event.data.object;
      const reference = charge.metadata.reference;
      const intent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!reference || !intent) return undefined;
      const released = charge.amount - charge.amount_captured;
      return {
        paymentId: intent,
        reference,
        event: charge.refunded ? 'REFUND_FULL' : 'REFUND_PARTIAL',
        amount: charge.amount_refunded - released,
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const reference = session.metadata?.reference ?? session.client_reference_id;
      if (session.mode !== 'payment' || !reference) return undefined;
      return { paymentId: session.id, reference, event: 'EXPIRE', amount: session.amount_total ?? 0 };
    }
    default:
      return undefined;
  }
}

function ofIntent(
  intent: Stripe.PaymentIntent,
  event: PaymentEvent,
  amount: number,
): StripePaymentEvent | undefined {
  const reference = intent.metadata.reference;
  if (!reference) return undefined;
  const token = savedMethodOf(intent);
  return { paymentId: intent.id, reference, event, amount, ...(token ? { token } : {}) };
}
