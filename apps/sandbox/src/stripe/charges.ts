import type Stripe from 'stripe';
import type { SavedCard } from './context';
import { nowInSeconds, stripeId } from './ids';

/** Charges: the attempt behind a PaymentIntent's confirmation, authorised or declined. */

export interface Decline {
  code: 'card_declined' | 'authentication_required';
  declineCode: string;
  message: string;
}

export function authorisedCharge(
  intent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  details: Stripe.Charge.PaymentMethodDetails,
  captured: boolean,
): Stripe.Charge {
  return {
    ...chargeBase(intent, paymentMethod, details),
    amount_captured: captured ? intent.amount : 0,
    captured,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    status: 'succeeded',
  };
}

export function declinedCharge(
  intent: Stripe.PaymentIntent,
  saved: SavedCard,
  decline: Decline,
): Stripe.Charge {
  return {
    ...chargeBase(intent, saved.paymentMethod, cardChargeDetails(intent, saved)),
    amount_captured: 0,
    captured: false,
    failure_code: decline.code,
    failure_message: decline.message,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'declined_by_network',
      reason: decline.declineCode,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: 'The bank did not return any further details with this decline.',
      type: 'issuer_declined',
    },
    paid: false,
    status: 'failed',
  };
}

type ChargeBase = Omit<Stripe.Charge, 'amount_captured' | 'captured' | 'outcome' | 'paid' | 'status'>;

function chargeBase(
  intent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  details: Stripe.Charge.PaymentMethodDetails,
): ChargeBase {
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: 'SANDBOX SHOP',
    created: nowInSeconds(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: details,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    transfer_data: null,
    transfer_group: null,
  };
}

/** What a card charge shows of the card. */
export function cardChargeDetails(
  intent: Stripe.PaymentIntent,
  { paymentMethod, card }: SavedCard,
): Stripe.Charge.PaymentMethodDetails {
  const details = paymentMethod.card;
  return {
    type: 'card',
    card: {
      amount_authorized: intent.amount,
      authorization_code: null,
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
      country: card.country,
      electronic_commerce_indicator: null,
      exp_month: details?.exp_month ?? 12,
      exp_year: details?.exp_year ?? new Date().getUTCFullYear() + 1,
      fingerprint: details?.fingerprint ?? null,
      funding: card.funding,
      installments: null,
      last4: card.number.slice(-4),
      mandate: null,
      network: card.brand,
      network_transaction_id: null,
      regulated_status: 'unregulated',
      three_d_secure: null,
      transaction_link_id: null,
      wallet: null,
    },
  };
}
