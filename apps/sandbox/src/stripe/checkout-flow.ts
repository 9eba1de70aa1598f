import type Stripe from 'stripe';
import { newSetupIntent } from './checkout-objects';
import { type CheckoutMethod, type CheckoutRecord, successUrlOf } from './checkout-record';
import { confirmPaymentIntent, recordAuthorisation } from './confirmation';
import type { SavedCard, StripeContext } from './context';
import { docUrl, StripeError } from './errors';
import { nowInSeconds } from './ids';
import { newPaymentIntent } from './payment-intents';
import { emptyBillingDetails, resolvePaymentMethod, saveCardFrom } from './payment-methods';
import { IDEAL_BANKS, newRedirectPaymentMethod, redirectChargeDetails } from './redirect-methods';
import { checkoutSessionEvent, paymentIntentEvent, setupIntentEvent } from './webhooks';

/**
 * What the shopper does on a Checkout page: approve (pay, or save a card in setup mode),
 * decline, cancel; and the session's expiry. As Stripe does since API version 2022-08-01, the
 * PaymentIntent (or SetupIntent) is made when the shopper confirms, not with the session.
 */

/** What the shopper gave: the method, and the card's details or iDEAL's bank. */
export interface Approval {
  method?: string;
  card?: { number?: string; expiry?: string; cvc?: string };
  bank?: string;
}

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'not-open'; message: string };

type Invalid = Extract<CheckoutOutcome, { kind: 'invalid' }>;

/** The fields of the page's card form, by the card parameter Stripe names in its errors. */
const CARD_FIELDS: Record<string, string> = {
  number: 'cardNumber',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
};

const OPEN_INTENT: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export function checkoutPageUrl(context: StripeContext, id: string): string {
  return `${context.publicBaseUrl}/stripe/checkout/${id}`;
}

export function approveCheckout(
  context: StripeContext,
  record: CheckoutRecord,
  approval: Approval,
): CheckoutOutcome {
  const blocked = notOpen(context, record);
  if (blocked) return blocked;
  const method = methodOf(record, approval.method);
  if (typeof method !== 'string') return method;
  record.error = undefined;
  return record.session.mode === 'setup'
    ? saveCard(context, record, approval)
    : pay(context, record, method, approval);
}

export function declineCheckout(
  context: StripeContext,
  record: CheckoutRecord,
  methodName?: string,
): CheckoutOutcome {
  const blocked = notOpen(context, record);
  if (blocked) return blocked;
  const method = methodOf(record, methodName);
  if (typeof method !== 'string') return method;
  const pageUrl = checkoutPageUrl(context, record.session.id);
  if (record.session.mode === 'setup') {
    const saved = resolvePaymentMethod(context, 'pm_card_visa_chargeDeclined', 'payment_method');
    failSetup(context, record, saved.paymentMethod, 'Your card was declined.');
    return { kind: 'redirect', url: pageUrl };
  }
  const intent = sessionPaymentIntent(context, record, method);
  if (method === 'card') {
    const saved = resolvePaymentMethod(context, 'pm_card_visa_chargeDeclined', 'payment_method');
    confirmOrNoteDecline(context, record, intent, saved);
    return { kind: 'redirect', url: pageUrl };
  }
  const paymentMethod = newRedirectPaymentMethod(context, method, { email: emailOf(context, record) });
  const message = 'The payment was declined by the payment method provider.';
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_method_provider_decline',
    message,
    payment_method: structuredClone(paymentMethod),
    doc_url: docUrl('payment_method_provider_decline'),
  };
  record.error = message;
  context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.payment_failed', intent));
  return { kind: 'redirect', url: pageUrl };
}

/** The shopper goes back to the shop; the session stays open until it expires, as at Stripe. */
export function cancelCheckout(context: StripeContext, record: CheckoutRecord): CheckoutOutcome {
  const blocked = notOpen(context, record);
  if (blocked) return blocked;
  return { kind: 'redirect', url: record.session.cancel_url ?? checkoutPageUrl(context, record.session.id) };
}

/** Expires an open session; a PaymentIntent still waiting for a payment method is canceled with it. */
export function expireCheckout(context: StripeContext, record: CheckoutRecord): void {
  const { session } = record;
  session.status = 'expired';
  session.url = null;
  const intent =
    typeof session.payment_intent === 'string'
      ? context.paymentIntents.get(session.payment_intent)
      : undefined;
  if (intent && OPEN_INTENT.includes(intent.status)) {
    intent.status = 'canceled';
    intent.canceled_at = nowInSeconds();
    intent.cancellation_reason = 'abandoned';
    intent.next_action = null;
    context.webhooks.send(intent.id, paymentIntentEvent('payment_intent.canceled', intent));
  }
  context.webhooks.send(intent?.id ?? session.id, checkoutSessionEvent('checkout.session.expired', session));
}

/** Expires the session if its `expires_at` has passed; called whenever it is read. */
export function expireIfPast(context: StripeContext, record: CheckoutRecord): void {
  if (record.session.status === 'open' && record.session.expires_at <= nowInSeconds()) {
    expireCheckout(context, record);
  }
}

/**
 * After the 3-D Secure page: the session completes (the shopper goes to the success URL) or
 * stays open with the failure shown on its page. Undefined for a PaymentIntent of no session.
 */
export function checkoutAfterAuthentication(
  context: StripeContext,
  intent: Stripe.PaymentIntent,
): string | undefined {
  const record = [...context.checkoutSessions.values()].find(
    (candidate) => candidate.session.payment_intent === intent.id,
  );
  if (!record) return undefined;
  const pageUrl = checkoutPageUrl(context, record.session.id);
  if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
    completePayment(context, record, intent);
    return successUrlOf(record, pageUrl);
  }
  record.error = intent.last_payment_error?.message;
  return pageUrl;
}

function notOpen(context: StripeContext, record: CheckoutRecord): CheckoutOutcome | undefined {
  expireIfPast(context, record);
  const { status, id } = record.session;
  return status === 'open' ? undefined : { kind: 'not-open', message: `Checkout Session ${id} is ${status}` };
}

function methodOf(record: CheckoutRecord, name: string | undefined): CheckoutMethod | Invalid {
  if (name === undefined || name === '') return record.methods[0] ?? 'card';
  const method = record.methods.find((item) => item === name);
  return (
    method ?? {
      kind: 'invalid',
      field: 'method',
      message: `This Checkout Session accepts ${record.methods.join(', ')}, not ${name}`,
    }
  );
}

function pay(
  context: StripeContext,
  record: CheckoutRecord,
  method: CheckoutMethod,
  approval: Approval,
): CheckoutOutcome {
  const pageUrl = checkoutPageUrl(context, record.session.id);
  const successUrl = successUrlOf(record, pageUrl);
  if (method === 'card') {
    const saved = cardOf(context, record, approval);
    if ('kind' in saved) return saved;
    const intent = sessionPaymentIntent(context, record, method);
    if (!confirmOrNoteDecline(context, record, intent, saved, successUrl)) {
      return { kind: 'redirect', url: pageUrl };
    }
    if (intent.status === 'requires_action') {
      return { kind: 'redirect', url: intent.next_action?.redirect_to_url?.url ?? pageUrl };
    }
    completePayment(context, record, intent);
    return { kind: 'redirect', url: successUrl };
  }
  if (method === 'ideal' && !IDEAL_BANKS.some(({ bank }) => bank === approval.bank)) {
    const message = approval.bank ? `Unknown iDEAL bank: ${approval.bank}` : 'Choose your bank.';
    return { kind: 'invalid', field: 'bank', message };
  }
  const paymentMethod = newRedirectPaymentMethod(context, method, {
    email: emailOf(context, record),
    bank: approval.bank,
  });
  const intent = sessionPaymentIntent(context, record, method);
  intent.payment_method = paymentMethod.id;
  recordAuthorisation(context, intent, paymentMethod, redirectChargeDetails(paymentMethod));
  completePayment(context, record, intent);
  return { kind: 'redirect', url: successUrl };
}

/** Confirms the session's PaymentIntent with the card; false when the card was declined. */
function confirmOrNoteDecline(
  context: StripeContext,
  record: CheckoutRecord,
  intent: Stripe.PaymentIntent,
  saved: SavedCard,
  returnUrl?: string,
): boolean {
  intent.payment_method = saved.paymentMethod.id;
  try {
    confirmPaymentIntent(context, intent, { offSession: false, returnUrl });
    return true;
  } catch (error) {
    if (!(error instanceof StripeError) || error.status !== 402) throw error;
    record.error = error.body.message;
    return false;
  }
}

/** The session's PaymentIntent, made on the first confirmation with `payment_intent_data`. */
function sessionPaymentIntent(
  context: StripeContext,
  record: CheckoutRecord,
  method: CheckoutMethod,
): Stripe.PaymentIntent {
  const { session, paymentIntentData: data } = record;
  const existing =
    typeof session.payment_intent === 'string'
      ? context.paymentIntents.get(session.payment_intent)
      : undefined;
  if (existing && OPEN_INTENT.includes(existing.status)) {
    existing.payment_method_types = [method];
    return existing;
  }
  const intent = newPaymentIntent({
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'eur',
    customer: typeof session.customer === 'string' ? session.customer : null,
    capture_method: data.captureMethod,
    setup_future_usage: data.setupFutureUsage,
    description: data.description,
    metadata: { ...data.metadata },
    automatic_payment_methods: null,
  });
  intent.payment_method_types = [method];
  context.paymentIntents.set(intent.id, intent);
  session.payment_intent = intent.id;
  return intent;
}

function completePayment(context: StripeContext, record: CheckoutRecord, intent: Stripe.PaymentIntent): void {
  const { session } = record;
  session.status = 'complete';
  // A held (manually captured) payment is not paid until it is captured.
  session.payment_status = intent.status === 'succeeded' ? 'paid' : 'unpaid';
  session.url = null;
  session.customer_details = customerDetails(context, record);
  context.webhooks.send(intent.id, checkoutSessionEvent('checkout.session.completed', session));
}

/** Setup mode: the card is saved for off-session use, attached to the session's customer. */
function saveCard(context: StripeContext, record: CheckoutRecord, approval: Approval): CheckoutOutcome {
  const pageUrl = checkoutPageUrl(context, record.session.id);
  const saved = cardOf(context, record, approval);
  if ('kind' in saved) return saved;
  const { outcome } = saved.card;
  if (outcome.kind === 'decline') {
    failSetup(context, record, saved.paymentMethod, outcome.message);
    return { kind: 'redirect', url: pageUrl };
  }
  const { session } = record;
  const customer = typeof session.customer === 'string' ? session.customer : null;
  saved.paymentMethod.customer = customer;
  saved.setUpForOffSession = true;
  const setupIntent = sessionSetupIntent(context, record);
  setupIntent.status = 'succeeded';
  setupIntent.payment_method = saved.paymentMethod.id;
  setupIntent.last_setup_error = null;
  session.status = 'complete';
  session.url = null;
  session.customer_details = customerDetails(context, record);
  context.webhooks.send(setupIntent.id, setupIntentEvent('setup_intent.succeeded', setupIntent));
  context.webhooks.send(setupIntent.id, checkoutSessionEvent('checkout.session.completed', session));
  return { kind: 'redirect', url: successUrlOf(record, pageUrl) };
}

function failSetup(
  context: StripeContext,
  record: CheckoutRecord,
  paymentMethod: Stripe.PaymentMethod,
  message: string,
): void {
  const setupIntent = sessionSetupIntent(context, record);
  setupIntent.last_setup_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message,
    payment_method: structuredClone(paymentMethod),
    doc_url: docUrl('card_declined'),
  };
  record.error = message;
  context.webhooks.send(setupIntent.id, setupIntentEvent('setup_intent.setup_failed', setupIntent));
}

function sessionSetupIntent(context: StripeContext, record: CheckoutRecord): Stripe.SetupIntent {
  const { session } = record;
  const existing =
    typeof session.setup_intent === 'string' ? context.setupIntents.get(session.setup_intent) : undefined;
  if (existing) return existing;
  const setupIntent = newSetupIntent({
    customer: typeof session.customer === 'string' ? session.customer : null,
    metadata: { ...record.setupIntentMetadata },
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    last_setup_error: null,
  });
  context.setupIntents.set(setupIntent.id, setupIntent);
  session.setup_intent = setupIntent.id;
  return setupIntent;
}

/** A card PaymentMethod from the page's card form (`MM/YY` expiry), or what is wrong with it. */
function cardOf(context: StripeContext, record: CheckoutRecord, { card }: Approval): SavedCard | Invalid {
  if (!card?.number) return { kind: 'invalid', field: 'cardNumber', message: 'Enter the card number.' };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry ?? '');
  if (!expiry) return { kind: 'invalid', field: 'expiry', message: 'Enter the expiry date as MM/YY.' };
  const billing = { ...emptyBillingDetails(), email: emailOf(context, record) };
  try {
    return saveCardFrom(
      context,
      { number: card.number, exp_month: expiry[1], exp_year: expiry[2], cvc: card.cvc ?? '' },
      billing,
    );
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    return {
      kind: 'invalid',
      field: CARD_FIELDS[error.body.param ?? ''] ?? 'cardNumber',
      message: error.body.message,
    };
  }
}

function emailOf(context: StripeContext, { session }: CheckoutRecord): string | null {
  if (session.customer_email) return session.customer_email;
  const customer = typeof session.customer === 'string' ? context.customers.get(session.customer) : undefined;
  return customer?.email ?? null;
}

function customerDetails(
  context: StripeContext,
  record: CheckoutRecord,
): Stripe.Checkout.Session.CustomerDetails {
  return {
    address: null,
    business_name: null,
    email: emailOf(context, record),
    individual_name: null,
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}
