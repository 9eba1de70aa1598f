import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedWebhook, startReceiver } from '../psp/test-support';
import { rejectionOf, type StripeSandbox, startStripeSandbox } from './test-support';
import { stripeSignature } from './webhooks';

const SECRET = 'whsec_test_secret';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox();
  stripe = sandbox.stripe;
});
afterAll(() => sandbox.close());

/** A sandbox delivering its Stripe events to a receiver answering `statuses` (then 204). */
async function withReceiver(
  statuses: number[],
  test: (sandbox: StripeSandbox, receiver: Receiver) => Promise<void>,
) {
  const receiver = await startReceiver(statuses);
  const delivering = await startStripeSandbox({
    stripeWebhookUrl: receiver.url,
    stripeWebhookSecret: SECRET,
  });
  try {
    await test(delivering, receiver);
  } finally {
    await delivering.close();
    await receiver.close();
  }
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const order = { amount: 1200, currency: 'eur', payment_method: 'pm_card_visa', confirm: true };

function eventsOf(received: ReceivedWebhook[]): Stripe.Event[] {
  return received.map(({ body, headers }) =>
    stripe.webhooks.constructEvent(body, String(headers['stripe-signature']), SECRET),
  );
}

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await stripe.paymentIntents.create(order, { idempotencyKey: 'order-1' });
    const again = await stripe.paymentIntents.create(order, { idempotencyKey: 'order-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays an error answer too, status and body', async () => {
    const params = { ...order, payment_method: 'pm_card_visa_chargeDeclined' };
    const first = await rejectionOf(stripe.paymentIntents.create(params, { idempotencyKey: 'declined-1' }));
    const again = await rejectionOf(stripe.paymentIntents.create(params, { idempotencyKey: 'declined-1' }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(again).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      headers: { 'idempotent-replayed': 'true' },
    });
    expect(first).toMatchObject({ payment_intent: { id: expect.stringMatching(/^pi_/) } });
  });

  it('refuses the same key with other parameters', async () => {
    await stripe.paymentIntents.create(order, { idempotencyKey: 'order-2' });
    const error = await rejectionOf(
      stripe.paymentIntents.create({ ...order, amount: 1300 }, { idempotencyKey: 'order-2' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('answers 409 to a second request while the first is running, and runs once', async () => {
    await sandbox.call('POST', '/stripe/testing/fail-next', { delayMs: 300 });
    const first = stripe.paymentIntents.create(order, { idempotencyKey: 'order-3' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const concurrent = await rejectionOf(stripe.paymentIntents.create(order, { idempotencyKey: 'order-3' }));
    expect(concurrent).toMatchObject({
      statusCode: 409,
      rawType: 'idempotency_error',
      code: 'idempotency_key_in_use',
    });
    const created = await first;
    const replayed = await stripe.paymentIntents.create(order, { idempotencyKey: 'order-3' });
    expect(replayed.id).toBe(created.id);
  });
});

describe('testing switch', () => {
  it('makes the next call a 500 api_error, not kept under its idempotency key', async () => {
    await sandbox.call('POST', '/stripe/testing/fail-next', { status: 500 });
    const error = await rejectionOf(stripe.paymentIntents.create(order, { idempotencyKey: 'order-4' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500 });
    const retried = await stripe.paymentIntents.create(order, { idempotencyKey: 'order-4' });
    expect(retried.status).toBe('succeeded');
  });

  it('delays the next call past the caller time-out', async () => {
    await sandbox.call('POST', '/stripe/testing/fail-next', { delayMs: 500 });
    const { port } = new URL(sandbox.base);
    const impatient = new Stripe('sk_test_sandbox', {
      host: '127.0.0.1',
      port: Number(port),
      protocol: 'http',
      maxNetworkRetries: 0,
      timeout: 100,
    });
    const error = await rejectionOf(impatient.customers.create({ email: 'slow@example.com' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('refuses a switch it does not know', async () => {
    expect((await sandbox.call('POST', '/stripe/testing/fail-next', { status: 404 })).status).toBe(400);
  });
});

describe('webhooks', () => {
  it('signs as Stripe does', () => {
    const body = '{"id":"evt_1"}';
    const header = stripeSignature(body, SECRET, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(body, header, SECRET, Number.MAX_SAFE_INTEGER)).not.toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(body, header, 'whsec_other', Number.MAX_SAFE_INTEGER),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('delivers verifiable events for a payment, its capture and its refund', () =>
    withReceiver([], async ({ stripe }, receiver) => {
      const intent = await stripe.paymentIntents.create({ ...order, capture_method: 'manual' });
      const captured = await stripe.paymentIntents.capture(intent.id);
      const refund = await stripe.refunds.create({ payment_intent: captured.id, amount: 200 });
      const events = eventsOf(await receiver.waitFor(6));
      expect(events.map((event) => event.type)).toEqual([
        'charge.succeeded',
        'payment_intent.amount_capturable_updated',
        'charge.captured',
        'payment_intent.succeeded',
        'refund.created',
        'charge.refunded',
      ]);
      const [, capturable, , succeeded, created] = events;
      expect(capturable).toMatchObject({
        object: 'event',
        livemode: false,
        data: { object: { id: intent.id, status: 'requires_capture' } },
      });
      expect(succeeded?.data.object).toMatchObject({
        id: intent.id,
        status: 'succeeded',
        amount_received: 1200,
      });
      expect(created?.data.object).toMatchObject({ id: refund.id, amount: 200 });
      expect(events.every((event) => event.id.startsWith('evt_') && event.api_version !== null)).toBe(true);
    }));

  it('delivers the same event again after the endpoint answers 500', () =>
    withReceiver([500], async (other, failing) => {
      const error = await rejectionOf(
        other.stripe.paymentIntents.create({
          ...order,
          payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        }),
      );
      expect(error).toMatchObject({ decline_code: 'insufficient_funds' });
      const [first, retry, next] = eventsOf(await failing.waitFor(3));
      expect(first?.type).toBe('charge.failed');
      expect(retry?.id).toBe(first?.id);
      expect(next?.type).toBe('payment_intent.payment_failed');
      expect(next?.data.object).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { decline_code: 'insufficient_funds' },
      });
    }));
});

describe('searching customers', () => {
  it('finds customers by metadata and e-mail, and refuses a query it cannot read', async () => {
    const ana = await stripe.customers.create({
      email: 'ana@example.com',
      metadata: { shopper: 'shopper-1' },
    });
    await stripe.customers.create({ email: 'ben@example.com', metadata: { shopper: 'shopper-2' } });
    const byShopper = await stripe.customers.search({ query: "metadata['shopper']:'shopper-1'" });
    expect(byShopper).toMatchObject({ object: 'search_result', has_more: false });
    expect(byShopper.data.map((customer) => customer.id)).toEqual([ana.id]);
    const both = await stripe.customers.search({
      query: "email:'ana@example.com' AND metadata['shopper']:'shopper-1'",
    });
    expect(both.data).toHaveLength(1);
    expect((await stripe.customers.search({ query: "metadata['shopper']:'nobody'" })).data).toEqual([]);
    const error = await rejectionOf(stripe.customers.search({ query: 'name~"Ana"' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ param: 'query' });
  });
});
