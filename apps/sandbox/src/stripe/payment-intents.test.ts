import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_URL } from '../psp/test-support';
import { rejectionOf, type StripeSandbox, startStripeSandbox } from './test-support';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox();
  stripe = sandbox.stripe;
});
afterAll(() => sandbox.close());

async function cardPaymentMethod(number: string) {
  return stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  });
}

function expanded(charge: string | Stripe.Charge | null): Stripe.Charge {
  if (charge === null || typeof charge === 'string') throw new Error('latest_charge is not expanded');
  return charge;
}

describe('auth and errors', () => {
  it('refuses a call without a test secret key with 401', async () => {
    const response = await sandbox.call('GET', '/v1/customers/cus_x');
    expect(response.status).toBe(401);
    expect(response.json.error.type).toBe('invalid_request_error');
    const live = await sandbox.call('GET', '/v1/customers/cus_x', undefined, {
      authorization: 'Bearer sk_live_abc',
    });
    expect(live.status).toBe(401);
  });

  it('answers unknown ids with resource_missing and bad parameters with their code', async () => {
    const missing = await rejectionOf(stripe.paymentIntents.retrieve('pi_unknown'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    const noAmount = await rejectionOf(stripe.paymentIntents.create({ amount: Number.NaN, currency: 'eur' }));
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' });
    const noCurrency = await sandbox.call('POST', '/v1/payment_intents', undefined, {
      authorization: 'Bearer sk_test_x',
    });
    expect(noCurrency.json.error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    const unknown = await rejectionOf(stripe.customers.create({ email: 'x@example.com', expand: ['tax'] }));
    expect(unknown).toMatchObject({ statusCode: 400, param: 'expand' });
    const response = await fetch(`${sandbox.base}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=12.5&currency=eur',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'parameter_invalid_integer',
        param: 'amount',
      },
    });
  });
});

describe('customers and payment methods', () => {
  it('creates and retrieves a customer with metadata', async () => {
    const customer = await stripe.customers.create({
      email: 'ana@example.com',
      name: 'Ana',
      metadata: { shopper: '7' },
    });
    expect(customer).toMatchObject({ object: 'customer', livemode: false, email: 'ana@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
      id: customer.id,
      metadata: { shopper: '7' },
    });
  });

  it('saves raw cards and test PaymentMethods, attaches, lists and detaches them', async () => {
    const customer = await stripe.customers.create({ email: 'ben@example.com' });
    const raw = await cardPaymentMethod('4242424242424242');
    expect(raw.id).toMatch(/^pm_/);
    expect(raw.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      country: 'US',
      funding: 'credit',
    });
    await stripe.paymentMethods.attach(raw.id, { customer: customer.id });
    const token = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(token.card?.brand).toBe('mastercard');
    const list = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(list.data.map((method) => method.id).sort()).toEqual([raw.id, token.id].sort());
    const detached = await stripe.paymentMethods.detach(raw.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.paymentMethods.retrieve(token.id)).customer).toBe(customer.id);
  });

  it('refuses a card number that fails the check', async () => {
    const error = await rejectionOf(cardPaymentMethod('4242424242424241'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'incorrect_number' });
  });
});

describe('payment intents', () => {
  it('approves 4242 at once, with the charge expandable', async () => {
    const card = await cardPaymentMethod('4242424242424242');
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'EUR',
      payment_method: card.id,
      confirm: true,
      metadata: { order: 'ord-1' },
      expand: ['latest_charge'],
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount_received: 1500,
      amount_capturable: 0,
      currency: 'eur',
      metadata: { order: 'ord-1' },
    });
    const charge = expanded(intent.latest_charge);
    expect(charge.id).toMatch(/^ch_/);
    expect(charge).toMatchObject({ amount: 1500, amount_refunded: 0, refunded: false, captured: true });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).latest_charge).toBe(charge.id);
  });

  it('captures part of a manual authorisation and releases the rest', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    expect(intent).toMatchObject({ status: 'requires_capture', amount_capturable: 2000, amount_received: 0 });
    const tooMuch = await rejectionOf(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 2001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount_to_capture' });
    const captured = await stripe.paymentIntents.capture(intent.id, {
      amount_to_capture: 1200,
      expand: ['latest_charge'],
    });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 1200, amount_capturable: 0 });
    expect(captured.latest_charge).toMatchObject({
      amount_captured: 1200,
      amount_refunded: 800,
      refunded: false,
    });
    const again = await rejectionOf(stripe.paymentIntents.capture(intent.id));
    expect(again).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('cancels an uncaptured authorisation with its reason', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      amount_capturable: 0,
    });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
  });

  it('declines 4000000000009995 with insufficient_funds as a StripeCardError', async () => {
    const card = await cardPaymentMethod('4000000000009995');
    const intent = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'eur',
      payment_method: card.id,
    });
    expect(intent.status).toBe('requires_confirmation');
    const error = await rejectionOf(stripe.paymentIntents.confirm(intent.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
  });

  it('declines 4000000000000002 with generic_decline', async () => {
    const error = await rejectionOf(
      stripe.paymentIntents.create({
        amount: 700,
        currency: 'eur',
        payment_method: 'pm_card_visa_chargeDeclined',
        confirm: true,
      }),
    );
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('asks for 3-D Secure on session and succeeds after the authenticate twin', async () => {
    const card = await cardPaymentMethod('4000002760003184');
    const intent = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      payment_method: card.id,
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(intent.status).toBe('requires_action');
    const next = intent.next_action?.redirect_to_url;
    expect(next?.return_url).toBe(RETURN_URL);
    expect(next?.url).toBe(`http://sandbox.test:4100/stripe/authenticate/${intent.id}`);
    const pagePath = new URL(next?.url ?? '').pathname;
    const page = await sandbox.call('GET', pagePath);
    expect(page.text).toContain('Complete authentication');
    expect(page.text).toContain('Fail authentication');
    const completed = await sandbox.call('POST', `${pagePath}/complete`);
    const redirect = new URL(completed.json.redirectUrl);
    expect(redirect.origin + redirect.pathname).toBe('https://shop.test/checkout/return');
    expect(redirect.searchParams.get('cart')).toBe('42');
    expect(redirect.searchParams.get('payment_intent')).toBe(intent.id);
    expect(redirect.searchParams.get('payment_intent_client_secret')).toBe(intent.client_secret);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('goes back to requires_payment_method when authentication fails', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
      return_url: RETURN_URL,
    });
    await sandbox.call('POST', `/stripe/authenticate/${intent.id}/fail`);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('refuses an off-session charge of a saved 4000002760003184 with authentication_required', async () => {
    const customer = await stripe.customers.create({ email: 'cleo@example.com' });
    const card = await cardPaymentMethod('4000002760003184');
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    const error = await rejectionOf(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'eur',
        customer: customer.id,
        payment_method: card.id,
        off_session: true,
        confirm: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      code: 'authentication_required',
      payment_intent: { status: 'requires_payment_method', customer: customer.id },
    });
  });

  it('charges 4000002500003155 off session once it was set up on session', async () => {
    const customer = await stripe.customers.create({ email: 'dan@example.com' });
    const card = await cardPaymentMethod('4000002500003155');
    const unset = await rejectionOf(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'eur',
        customer: customer.id,
        payment_method: card.id,
        off_session: true,
        confirm: true,
      }),
    );
    expect(unset).toMatchObject({ code: 'authentication_required' });
    const first = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      customer: customer.id,
      payment_method: card.id,
      setup_future_usage: 'off_session',
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(first.status).toBe('requires_action');
    await sandbox.call('POST', `/stripe/authenticate/${first.id}/complete`);
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBe(customer.id);
    const renewal = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      customer: customer.id,
      payment_method: card.id,
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe('succeeded');
  });
});

describe('refunds', () => {
  it('refunds in part, then the rest, then refuses more', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const partial = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 300,
      reason: 'requested_by_customer',
    });
    expect(partial).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 300,
      payment_intent: intent.id,
    });
    expect(partial.id).toMatch(/^re_/);
    const tooMuch = await rejectionOf(stripe.refunds.create({ payment_intent: intent.id, amount: 701 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect(tooMuch).toMatchObject({
      message: expect.stringContaining(
        'Refund amount (€7.01) is greater than unrefunded amount on charge (€7.00)',
      ),
    });
    const rest = await stripe.refunds.create({ payment_intent: intent.id, metadata: { ticket: 't-9' } });
    expect(rest.amount).toBe(700);
    expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({
      id: rest.id,
      metadata: { ticket: 't-9' },
    });
    const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }))
      .latest_charge;
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: true });
    const again = await rejectionOf(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });
});
