import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { passesLuhn, type TestCard, testCardOf, testPaymentMethodNumber } from './cards';
import { found, type SavedCard, type StripeContext } from './context';
import { newCustomer } from './customers';
import { docUrl, invalidRequest, resourceMissing, StripeError } from './errors';
import {
  allowOnly,
  expansionsOf,
  metadataOf,
  optionalChoice,
  optionalInteger,
  optionalText,
  type Params,
  paramsOf,
  requiredObject,
  requiredText,
} from './form';
import { nowInSeconds, stripeId } from './ids';

/**
 * Card PaymentMethods: created from raw card details (Stripe's raw-card test mode) or from a test
 * PaymentMethod id such as `pm_card_visa`, attached to and detached from customers.
 */

interface CardDetails {
  card: TestCard;
  expMonth: number;
  expYear: number;
}

export function paymentMethodRoutes(app: FastifyInstance, context: StripeContext): void {
  app.post('/payment_methods', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'expand']);
    expansionsOf(params, []);
    if (requiredText(params, 'type') !== 'card') {
      throw invalidRequest(
        'payment_method_unsupported_type',
        'The sandbox supports PaymentMethods of type card only.',
        'type',
      );
    }
    const saved = saveCard(context, cardDetailsOf(requiredObject(params, 'card')), {
      billing: billingDetailsOf(params),
      metadata: metadataOf(params),
    });
    return saved.paymentMethod;
  });

  app.get<{ Params: { id: string } }>('/payment_methods/:id', async (request) => {
    allowOnly(paramsOf(request), ['expand']);
    const other = context.redirectPaymentMethods.get(request.params.id);
    return other ?? savedCard(context, request.params.id).paymentMethod;
  });

  app.post<{ Params: { id: string } }>('/payment_methods/:id/attach', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['customer', 'expand']);
    const customerId = requiredText(params, 'customer');
    found(context.customers, customerId, 'customer', 'customer');
    const saved = resolvePaymentMethod(context, request.params.id, 'id');
    const owner = saved.paymentMethod.customer;
    if (owner !== null && owner !== customerId) {
      throw invalidRequest(
        'payment_method_unexpected_state',
        'The payment method you provided has already been attached to a customer.',
      );
    }
    saved.paymentMethod.customer = customerId;
    return saved.paymentMethod;
  });

  app.post<{ Params: { id: string } }>('/payment_methods/:id/detach', async (request) => {
    allowOnly(paramsOf(request), ['expand']);
    const saved = savedCard(context, request.params.id);
    if (saved.paymentMethod.customer === null) {
      throw invalidRequest(
        'payment_method_unexpected_state',
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    saved.paymentMethod.customer = null;
    return saved.paymentMethod;
  });

  app.get<{ Params: { id: string } }>('/customers/:id/payment_methods', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['type', 'limit', 'expand']);
    optionalChoice(params, 'type', ['card']);
    const limit = optionalInteger(params, 'limit') ?? 10;
    const customerId = request.params.id;
    found(context.customers, customerId, 'customer');
    const data = [...context.paymentMethods.values()]
      .map((saved) => saved.paymentMethod)
      .filter((paymentMethod) => paymentMethod.customer === customerId)
      .reverse();
    const list: Stripe.ApiList<Stripe.PaymentMethod> = {
      object: 'list',
      data: data.slice(0, Math.min(Math.max(limit, 1), 100)),
      has_more: data.length > limit,
      url: `/v1/customers/${customerId}/payment_methods`,
    };
    return list;
  });
}

/**
 * The PaymentMethod a request names: a saved one, or a new one made from a test PaymentMethod
 * id (Stripe makes a new PaymentMethod each time one is used).
 */
export function resolvePaymentMethod(context: StripeContext, id: string, param: string): SavedCard {
  const saved = context.paymentMethods.get(id) ?? demoCard(context, id);
  if (saved) return saved;
  const number = testPaymentMethodNumber(id);
  if (number === undefined) throw resourceMissing('PaymentMethod', id, param);
  const nextYear = new Date().getUTCFullYear() + 1;
  return saveCard(context, { card: testCardOf(number), expMonth: 12, expYear: nextYear }, {});
}

/** A saved card, a demo account's card included; else Stripe's 404. */
function savedCard(context: StripeContext, id: string): SavedCard {
  return demoCard(context, id) ?? found(context.paymentMethods, id, 'PaymentMethod');
}

/**
 * Not Stripe's: `pm_demo_{name}` exists from its first look-up as the sandbox's Visa
 * 4111 1111 1111 1111 (12/30), attached to the customer `cus_demo_{name}` and set up for charges
 * without the shopper: the saved card of a demo account, which outlives the sandbox's memory.
 */
function demoCard(context: StripeContext, id: string): SavedCard | undefined {
  const name = /^pm_demo_([a-z0-9-]{1,40})$/.exec(id)?.[1];
  if (!name || context.paymentMethods.has(id)) return context.paymentMethods.get(id);
  const customerId = `cus_demo_${name}`;
  if (!context.customers.has(customerId)) {
    const fields = { email: null, name: 'Demo account', description: null, phone: null, metadata: {} };
    context.customers.set(customerId, newCustomer(fields, customerId));
  }
  const saved = saveCard(
    context,
    { card: testCardOf('4111111111111111'), expMonth: 12, expYear: 2030 },
    {},
    id,
  );
  saved.paymentMethod.customer = customerId;
  saved.setUpForOffSession = true;
  return saved;
}

/** A card PaymentMethod from `card[number|exp_month|exp_year|cvc]`; a bad detail throws a 402 `card_error`. */
export function saveCardFrom(
  context: StripeContext,
  card: Params,
  billing?: Stripe.PaymentMethod.BillingDetails,
): SavedCard {
  return saveCard(context, cardDetailsOf(card), billing ? { billing } : {});
}

function saveCard(
  context: StripeContext,
  { card, expMonth, expYear }: CardDetails,
  {
    billing,
    metadata = {},
  }: { billing?: Stripe.PaymentMethod.BillingDetails; metadata?: Record<string, string> },
  id = stripeId('pm'),
): SavedCard {
  const paymentMethod: Stripe.PaymentMethod = {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing ?? emptyBillingDetails(),
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: card.country,
      display_brand: card.brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: card.number.slice(-8),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowInSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: 'card',
  };
  const saved: SavedCard = { paymentMethod, card, setUpForOffSession: false };
  context.paymentMethods.set(paymentMethod.id, saved);
  return saved;
}

export function emptyBillingDetails(): Stripe.PaymentMethod.BillingDetails {
  return { address: null, email: null, name: null, phone: null, tax_id: null };
}

function billingDetailsOf(params: Params): Stripe.PaymentMethod.BillingDetails | undefined {
  if (params.billing_details === undefined || params.billing_details === '') return undefined;
  const billing = requiredObject(params, 'billing_details');
  allowOnly(billing, ['name', 'email', 'phone']);
  return {
    ...emptyBillingDetails(),
    name: optionalText(billing, 'name') ?? null,
    email: optionalText(billing, 'email', 512) ?? null,
    phone: optionalText(billing, 'phone', 20) ?? null,
  };
}

function cardError(
  code: 'incorrect_number' | 'invalid_expiry_month' | 'invalid_expiry_year' | 'invalid_cvc',
  message: string,
  param: string,
) {
  return new StripeError(402, { type: 'card_error', code, message, param, doc_url: docUrl(code) });
}

/** `card[number]`, `card[exp_month]`, `card[exp_year]`, `card[cvc]`, checked as a card network would. */
function cardDetailsOf(card: Params): CardDetails {
  allowOnly(card, ['number', 'exp_month', 'exp_year', 'cvc']);
  const number = requiredText(card, 'number').replaceAll(' ', '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  }
  const expMonth = optionalInteger(card, 'exp_month');
  if (expMonth === undefined || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const rawYear = optionalInteger(card, 'exp_year');
  const expYear = rawYear !== undefined && rawYear < 100 ? 2000 + rawYear : rawYear;
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  if (expYear === undefined || expYear < thisYear || expYear > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const cvc = optionalText(card, 'cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  return { card: testCardOf(number), expMonth, expYear };
}
