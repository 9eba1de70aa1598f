import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BASE_URL, startReceiver } from '../psp/test-support';
import { rejectionOf, type StripeSandbox, startStripeSandbox } from './test-support';

const SECRET = 'whsec_checkout';
const SUCCESS_URL = 'https://shop.test/checkout/done?session={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'https://shop.test/checkout/cancelled';
const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox();
  stripe = sandbox.stripe;
});
afterAll(() => sandbox.close());

function topUp(overrides: Stripe.Checkout.SessionCreateParams = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'eur', unit_amount: 1500, product_data: { name: 'Vodafone top-up €15' } },
        quantity: 1,
      },
    ],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    client_reference_id: 'order-1001',
    ...overrides,
  };
}

/** The path of a sandbox URL, for calling it on the test's port. */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

async function act(on: StripeSandbox, session: Stripe.Checkout.Session, action: string, body?: unknown) {
  return on.call('POST', `/stripe/checkout/${session.id}/${action}`, body);
}

function expandedIntent(session: Stripe.Checkout.Session): Stripe.PaymentIntent {
  const intent = session.payment_intent;
  if (intent === null || typeof intent === 'string') throw new Error('payment_intent is not expanded');
  return intent;
}

async function withIntent(id: string) {
  return stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
}

describe('creating a Checkout Session', () => {
  it('answers an open session with the hosted page, the total and no PaymentIntent yet', async () => {
    const session = await stripe.checkout.sessions.create(
      topUp({
        line_items: [
          {
            price_data: { currency: 'eur', unit_amount: 1500, product_data: { name: 'Top-up' } },
            quantity: 2,
          },
          { price_data: { currency: 'eur', unit_amount: 99, product_data: { name: 'Fee' } }, quantity: 1 },
        ],
        metadata: { order: 'order-1001' },
        locale: 'nl',
      }),
    );
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3099,
      currency: 'eur',
      payment_intent: null,
      setup_intent: null,
      client_reference_id: 'order-1001',
      metadata: { order: 'order-1001' },
      locale: 'nl',
      success_url: SUCCESS_URL,
      url: `${PUBLIC_BASE_URL}/stripe/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_\w{24}$/);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it('replays the session for the same idempotency key', async () => {
    const first = await stripe.checkout.sessions.create(topUp(), { idempotencyKey: 'checkout-1' });
    const again = await stripe.checkout.sessions.create(topUp(), { idempotencyKey: 'checkout-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses bad parameters with their param', async () => {
    const cases: [Stripe.Checkout.SessionCreateParams, string][] = [
      [{ ...topUp(), mode: undefined }, 'mode'],
      [{ ...topUp(), line_items: undefined }, 'line_items'],
      [topUp({ allowed_payment_method_types: ['klarna'] }), 'allowed_payment_method_types'],
      [
        topUp({
          allowed_payment_method_types: ['ideal'],
          line_items: [
            { price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'X' } }, quantity: 1 },
          ],
        }),
        'allowed_payment_method_types',
      ],
      [
        topUp({ allowed_payment_method_types: ['ideal'], payment_intent_data: { capture_method: 'manual' } }),
        'payment_intent_data[capture_method]',
      ],
      [topUp({ success_url: 'not a url' }), 'success_url'],
      [topUp({ expires_at: Math.floor(Date.now() / 1000) + 60 }), 'expires_at'],
      [topUp({ setup_intent_data: { metadata: { a: 'b' } } }), 'setup_intent_data'],
      [topUp({ customer: 'cus_unknown' }), 'customer'],
    ];
    for (const [params, param] of cases) {
      const error = await rejectionOf(stripe.checkout.sessions.create(params));
      expect(error, param).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error, param).toMatchObject({ param });
    }
  });
});

describe('the hosted page', () => {
  it('shows the item, the amount and the buttons in one accessible page', async () => {
    const session = await stripe.checkout.sessions.create(
      topUp({ allowed_payment_method_types: ['card', 'ideal'] }),
    );
    const response = await sandbox.call('GET', pathOf(session.url ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = response.text;
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('€15.00');
    expect(html).toContain('Vodafone top-up €15');
    for (const button of ['Approve', 'Decline', 'Cancel']) expect(html).toContain(`>${button}</button>`);
    expect(html).toContain('<label for="cardNumber">Card number</label>');
    expect(html).toContain(`href="/stripe/checkout/${session.id}?method=ideal"`);
    const ideal = await sandbox.call('GET', `/stripe/checkout/${session.id}?method=ideal`);
    expect(ideal.text).toContain('<select id="bank" name="bank" required>');
    expect((await sandbox.call('GET', '/stripe/checkout/cs_test_unknown')).status).toBe(404);
  });

  it('takes the page form and redirects it to the success URL', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const response = await sandbox.form(`/stripe/checkout/${session.id}/approve`, {
      method: 'card',
      cardNumber: VISA.number,
      expiry: VISA.expiry,
      cvc: VISA.cvc,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(SUCCESS_URL.replace('{CHECKOUT_SESSION_ID}', session.id));
  });

  it('shows the page again with the wrong field marked after a bad form', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const response = await sandbox.form(`/stripe/checkout/${session.id}/approve`, {
      method: 'card',
      cardNumber: VISA.number,
      expiry: 'soon',
      cvc: VISA.cvc,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('aria-invalid="true" aria-describedby="expiry-error"');
    expect(html).toContain('Enter the expiry date as MM/YY.');
  });
});

describe('paying by card', () => {
  it('holds a manual-capture payment, which the SDK then captures', async () => {
    const session = await stripe.checkout.sessions.create(
      topUp({ payment_intent_data: { capture_method: 'manual', metadata: { order: 'order-1001' } } }),
    );
    const approved = await act(sandbox, session, 'approve', { method: 'card', card: VISA });
    expect(approved.json).toEqual({ redirectUrl: `https://shop.test/checkout/done?session=${session.id}` });
    const completed = await withIntent(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid', url: null });
    const intent = expandedIntent(completed);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 1500,
      capture_method: 'manual',
      metadata: { order: 'order-1001' },
      payment_method_types: ['card'],
    });
    const captured = await stripe.paymentIntents.capture(intent.id);
    expect(captured.status).toBe('succeeded');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('sends a 3-D Secure card through the authenticate step to the success URL', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const approved = await act(sandbox, session, 'approve', {
      card: { number: '4000002760003184', expiry: '12/34', cvc: '123' },
    });
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent;
    expect(approved.json.redirectUrl).toBe(`${PUBLIC_BASE_URL}/stripe/authenticate/${intentId}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const authenticated = await sandbox.call('POST', `${pathOf(approved.json.redirectUrl)}/complete`);
    expect(authenticated.json.redirectUrl).toBe(`https://shop.test/checkout/done?session=${session.id}`);
    const completed = await withIntent(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(expandedIntent(completed).status).toBe('succeeded');
  });

  it('brings the shopper back to the page when 3-D Secure fails', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const approved = await act(sandbox, session, 'approve', {
      card: { number: '4000000000003220', expiry: '12/34', cvc: '123' },
    });
    const failed = await sandbox.call('POST', `${pathOf(approved.json.redirectUrl)}/fail`);
    expect(failed.json.redirectUrl).toBe(session.url);
    const open = await withIntent(session.id);
    expect(open.status).toBe('open');
    expect(expandedIntent(open).last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('keeps the session open after a declined card, and takes another card on the same PaymentIntent', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const declined = await act(sandbox, session, 'approve', {
      card: { number: '4000000000000002', expiry: '12/34', cvc: '123' },
    });
    expect(declined.json.redirectUrl).toBe(session.url);
    const open = await withIntent(session.id);
    expect(open.status).toBe('open');
    expect(expandedIntent(open)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect((await sandbox.call('GET', pathOf(session.url ?? ''))).text).toContain('Your card was declined.');
    await act(sandbox, session, 'approve', { card: VISA });
    const paid = await withIntent(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(expandedIntent(paid).id).toBe(expandedIntent(open).id);
  });

  it('declines with the Decline button and names a bad card field', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    const invalid = await act(sandbox, session, 'approve', { card: { ...VISA, expiry: '1234' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.code).toBe('VALIDATION_FAILED');
    const wrongNumber = await act(sandbox, session, 'approve', {
      card: { ...VISA, number: '4242424242424241' },
    });
    expect(wrongNumber.json.message).toBe('Your card number is incorrect.');
    const declined = await act(sandbox, session, 'decline');
    expect(declined.json.redirectUrl).toBe(session.url);
    const open = await withIntent(session.id);
    expect(open.status).toBe('open');
    expect(expandedIntent(open).last_payment_error?.code).toBe('card_declined');
  });

  it('saves the card with setup_future_usage, so an off-session charge succeeds later', async () => {
    const customer = await stripe.customers.create({ email: 'ana@example.com' });
    const session = await stripe.checkout.sessions.create(
      topUp({ customer: customer.id, payment_intent_data: { setup_future_usage: 'off_session' } }),
    );
    await act(sandbox, session, 'approve', {
      card: { number: '4000002500003155', expiry: '12/34', cvc: '123' },
    });
    const authenticate = expandedIntent(await withIntent(session.id));
    await sandbox.call('POST', `/stripe/authenticate/${authenticate.id}/complete`);
    const paid = expandedIntent(await withIntent(session.id));
    const paymentMethod = String(paid.payment_method);
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).customer).toBe(customer.id);
    const renewal = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      customer: customer.id,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe('succeeded');
  });
});

describe('PayPal and bank methods', () => {
  it('pays with PayPal', async () => {
    const session = await stripe.checkout.sessions.create(
      topUp({ allowed_payment_method_types: ['card', 'paypal'], customer_email: 'ana@example.com' }),
    );
    await act(sandbox, session, 'approve', { method: 'paypal' });
    const intent = expandedIntent(await withIntent(session.id));
    expect(intent).toMatchObject({ status: 'succeeded', payment_method_types: ['paypal'] });
    const paymentMethod = await stripe.paymentMethods.retrieve(String(intent.payment_method));
    expect(paymentMethod).toMatchObject({ type: 'paypal', paypal: { payer_email: 'ana@example.com' } });
  });

  it('pays with iDEAL and keeps the bank on the PaymentMethod and the charge', async () => {
    const session = await stripe.checkout.sessions.create(topUp({ allowed_payment_method_types: ['ideal'] }));
    const noBank = await act(sandbox, session, 'approve', { method: 'ideal' });
    expect(noBank.status).toBe(400);
    await act(sandbox, session, 'approve', { method: 'ideal', bank: 'ing' });
    const completed = await withIntent(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = await stripe.paymentIntents.retrieve(expandedIntent(completed).id, {
      expand: ['payment_method', 'latest_charge'],
    });
    expect(intent.payment_method).toMatchObject({ type: 'ideal', ideal: { bank: 'ing', bic: 'INGBNL2A' } });
    expect(intent.latest_charge).toMatchObject({
      payment_method_details: { type: 'ideal', ideal: { bank: 'ing' } },
    });
  });

  it('pays with Bancontact and EPS, and refuses a method the session does not offer', async () => {
    const session = await stripe.checkout.sessions.create(
      topUp({ allowed_payment_method_types: ['bancontact', 'eps'] }),
    );
    expect((await act(sandbox, session, 'approve', { method: 'card', card: VISA })).status).toBe(400);
    await act(sandbox, session, 'approve', { method: 'eps' });
    expect(expandedIntent(await withIntent(session.id)).payment_method_types).toEqual(['eps']);
  });

  it('declines an iDEAL payment with the provider decline', async () => {
    const session = await stripe.checkout.sessions.create(topUp({ allowed_payment_method_types: ['ideal'] }));
    await act(sandbox, session, 'decline', { method: 'ideal' });
    const open = await withIntent(session.id);
    expect(open.status).toBe('open');
    expect(expandedIntent(open).last_payment_error?.code).toBe('payment_method_provider_decline');
  });
});

describe('cancel and expiry', () => {
  it('returns to the cancel URL and keeps the session open', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    expect((await act(sandbox, session, 'cancel')).json).toEqual({ redirectUrl: CANCEL_URL });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('expires an open session once, after which the page takes nothing', async () => {
    const session = await stripe.checkout.sessions.create(topUp());
    await act(sandbox, session, 'decline');
    const expired = await stripe.checkout.sessions.expire(session.id, { expand: ['payment_intent'] });
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect(expandedIntent(expired)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const again = await rejectionOf(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const late = await act(sandbox, session, 'approve', { card: VISA });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('CHECKOUT_SESSION_NOT_OPEN');
    expect((await sandbox.call('GET', `/stripe/checkout/${session.id}`)).text).toContain(
      'This checkout has expired.',
    );
  });
});

describe('setup mode', () => {
  it('saves a card to the customer with a SetupIntent, and charges it off session later', async () => {
    const customer = await stripe.customers.create({ email: 'ana@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      customer: customer.id,
      success_url: SUCCESS_URL,
      setup_intent_data: { metadata: { subscription: 'weekly-top-up' } },
    });
    expect(session).toMatchObject({
      mode: 'setup',
      payment_status: 'no_payment_required',
      amount_total: null,
    });
    const approved = await act(sandbox, session, 'approve', {
      card: { number: '4000002500003155', expiry: '12/34', cvc: '123' },
    });
    expect(approved.json.redirectUrl).toBe(`https://shop.test/checkout/done?session=${session.id}`);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(completed.status).toBe('complete');
    const setupIntent = completed.setup_intent;
    if (setupIntent === null || typeof setupIntent === 'string')
      throw new Error('setup_intent is not expanded');
    expect(setupIntent).toMatchObject({
      object: 'setup_intent',
      status: 'succeeded',
      usage: 'off_session',
      customer: customer.id,
      metadata: { subscription: 'weekly-top-up' },
    });
    expect(await stripe.setupIntents.retrieve(setupIntent.id)).toMatchObject({ id: setupIntent.id });
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((method) => method.id)).toEqual([setupIntent.payment_method]);
    const charge = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      customer: customer.id,
      payment_method: String(setupIntent.payment_method),
      off_session: true,
      confirm: true,
    });
    expect(charge.status).toBe('succeeded');
  });

  it('refuses line items and methods other than card in setup mode', async () => {
    const withItems = await rejectionOf(stripe.checkout.sessions.create({ ...topUp(), mode: 'setup' }));
    expect(withItems).toMatchObject({ param: 'line_items' });
    const paypal = await rejectionOf(
      stripe.checkout.sessions.create({
        mode: 'setup',
        currency: 'eur',
        allowed_payment_method_types: ['paypal'],
      }),
    );
    expect(paypal).toMatchObject({ param: 'allowed_payment_method_types' });
  });
});

describe('webhooks', () => {
  async function withReceiver(
    test: (sandbox: StripeSandbox, events: () => Promise<Stripe.Event[]>) => Promise<void>,
  ) {
    const receiver = await startReceiver();
    const delivering = await startStripeSandbox({
      stripeWebhookUrl: receiver.url,
      stripeWebhookSecret: SECRET,
    });
    let seen = 0;
    const next = async (count: number) => {
      const received = await receiver.waitFor(seen + count);
      const events = received
        .slice(seen)
        .map(({ body, headers }) =>
          stripe.webhooks.constructEvent(body, String(headers['stripe-signature']), SECRET),
        );
      seen += count;
      return events;
    };
    try {
      await test(delivering, () => next(3));
    } finally {
      await delivering.close();
      await receiver.close();
    }
  }

  it('sends the PaymentIntent events, then checkout.session.completed, signed', () =>
    withReceiver(async (other, events) => {
      const session = await other.stripe.checkout.sessions.create(topUp({ metadata: { order: 'order-7' } }));
      await act(other, session, 'approve', { card: VISA });
      const [charge, succeeded, completed] = await events();
      const paymentIntentId = (await other.stripe.checkout.sessions.retrieve(session.id)).payment_intent;
      expect([charge?.type, succeeded?.type, completed?.type]).toEqual([
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
      ]);
      expect(completed?.data.object).toMatchObject({
        id: session.id,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntentId,
        client_reference_id: 'order-1001',
        metadata: { order: 'order-7' },
      });
    }));

  it('sends setup_intent.succeeded and checkout.session.completed in setup mode, and checkout.session.expired', () =>
    withReceiver(async (other, events) => {
      const session = await other.stripe.checkout.sessions.create({ mode: 'setup', currency: 'eur' });
      await act(other, session, 'approve', { card: VISA });
      const expiring = await other.stripe.checkout.sessions.create(topUp());
      await other.stripe.checkout.sessions.expire(expiring.id);
      const types = (await events()).map((event) => event.type).sort();
      expect(types).toEqual([
        'checkout.session.completed',
        'checkout.session.expired',
        'setup_intent.succeeded',
      ]);
    }));
});
