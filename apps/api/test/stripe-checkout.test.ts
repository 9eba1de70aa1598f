import { randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { ADMIN, staffClient } from './backoffice-support';
import { checkoutClient } from './checkout-support';
import { STRIPE_ACCOUNT } from './harness';
import { waitFor } from './processes';
import { CARD, MASTERCARD, shopperClient } from './saved-methods-support';

/**
 * alpenfunk collects cards and PayPal through Stripe (here the sandbox's stand-in): the checkout,
 * the commit, saved cards and refunds as shoppers and staff meet them, and every way to get a
 * top-up that Stripe never paid for.
 */

const api = apiForFile();
const client = checkoutClient(api);
const { signIn, methods } = shopperClient(api);
const { staffCall, tokenOf } = staffClient(api);
const TENANT = 'alpenfunk';
const VISA = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

const stripe = () => {
  const { hostname, port } = new URL(api.sandbox.baseUrl);
  return new Stripe(STRIPE_ACCOUNT.secretKey, { host: hostname, port: Number(port), protocol: 'http' });
};

let numbers = 0;
const number = () => {
  numbers += 1;
  return `+43660${String(Date.now() % 100_000).padStart(5, '0')}${String(numbers).padStart(2, '0')}`;
};
const balance = (msisdn: string) => api.sandbox.client.balance(msisdn);

/** The Stripe page's HTTP twin (Approve with a card, Decline, Cancel), as the shopper's clicks. */
const onCheckout = (payerUrl: string, action: string, body: object = {}) =>
  api.sandbox.client.act(payerUrl, action, body);

async function startedTopup(msisdn = number()) {
  const cartName = await client.newCart(TENANT, [{ productId: 'alpenfunk-topup-1500', phoneNumber: msisdn }]);
  const started = await client.startPayment(TENANT, { cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { cartName, msisdn, ...(started.body as StartedPaymentAnswer) };
}

async function paymentRow(orderNumber: string) {
  const [row] = await api.database.db
    .select({ payment: schema.payments })
    .from(schema.payments)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.payments.orderId))
    .where(eq(schema.orders.orderNumber, orderNumber));
  if (!row) throw new Error(`no payment of ${orderNumber}`);
  return row.payment;
}

/** The PaymentIntent behind a payment as Stripe holds it. */
async function intentOf(orderNumber: string) {
  const { providerPaymentId } = await paymentRow(orderNumber);
  if (providerPaymentId?.startsWith('pi_')) {
    return stripe().paymentIntents.retrieve(providerPaymentId, { expand: ['latest_charge'] });
  }
  const session = await stripe().checkout.sessions.retrieve(providerPaymentId ?? '', {
    expand: ['payment_intent.latest_charge'],
  });
  return session.payment_intent as Stripe.PaymentIntent | null;
}

/** Posts an event to alpenfunk's Stripe endpoint, signed as Stripe signs (or with another secret). */
async function postEvent(event: object, secret = STRIPE_ACCOUNT.webhookSecret, shopId = TENANT) {
  const payload = JSON.stringify(event);
  const header = stripe().webhooks.generateTestHeaderString({ payload, secret });
  const response = await api.request(`/api/webhooks/stripe/${shopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An event as Stripe sends it, for a PaymentIntent as Stripe has it or as a forger writes it. */
const authorizedEvent = (intent: object) => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type: 'payment_intent.amount_capturable_updated',
  data: { object: intent },
});

describe('a card top-up on alpenfunk through Stripe', () => {
  it('pays on Stripe’s Checkout page, captures what was delivered at the commit, and tops up once', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    expect(payerUrl).toMatch(/\/stripe\/checkout\/cs_test_\w+$/);
    const before = await balance(msisdn);
    await onCheckout(payerUrl, 'approve', { card: VISA });
    const answer = await client.commitUntilFinal(TENANT, cartName, orderNumber);
    expect(answer).toMatchObject({ orderStatus: 'committed', amountCharged: 1500, creditAdded: 1500 });
    expect(await balance(msisdn)).toBe(before + 1500);
    const intent = await intentOf(orderNumber);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 1500, capture_method: 'manual' });
    expect(intent?.metadata.reference).toBe(`${orderNumber}-1`);
    expect(await paymentRow(orderNumber)).toMatchObject({ provider: 'stripe', state: 'CAPTURED' });
  });

  it('answers a second start with the same Checkout page, and a declined card then a good one pays once', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const again = await client.startPayment(TENANT, { cartName, paymentMethod: 'creditcard' });
    expect(again.body.payerUrl).toBe(payerUrl);
    const before = await balance(msisdn);
    await onCheckout(payerUrl, 'approve', { card: { ...VISA, number: '4000 0000 0000 9995' } });
    const pending = await client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, {
      cartName,
      orderNumber,
    });
    expect(pending.body.orderStatus).toBe('paymentPending');
    expect(await balance(msisdn)).toBe(before);
    await onCheckout(payerUrl, 'approve', { card: VISA });
    expect(await client.commitUntilFinal(TENANT, cartName, orderNumber)).toMatchObject({
      orderStatus: 'committed',
    });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('pays after 3-D Secure is completed on the bank’s page', async () => {
    const { cartName, orderNumber, payerUrl } = await startedTopup();
    const challenge = await onCheckout(payerUrl, 'approve', {
      card: { ...VISA, number: '4000 0027 6000 3184' },
    });
    expect(challenge.redirectUrl).toContain('/stripe/authenticate/');
    await api.sandbox.client.act(challenge.redirectUrl, 'complete');
    expect(await client.commitUntilFinal(TENANT, cartName, orderNumber)).toMatchObject({
      orderStatus: 'committed',
    });
  });
  it('closes the Checkout page the shopper cancelled, and another attempt pays once', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const before = await balance(msisdn);
    const back = await onCheckout(payerUrl, 'cancel');
    expect(new URL(back.redirectUrl).searchParams.get('status')).toBe('CANCELLED');
    const cancelled = await client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, {
      cartName,
      orderNumber,
      paymentCancelled: true,
    });
    expect(cancelled.body.orderStatus).not.toBe('paymentPending');
    expect(await paymentRow(orderNumber)).toMatchObject({ state: 'EXPIRED' });
    const sessionId = new URL(payerUrl).pathname.split('/').pop() ?? '';
    expect(await stripe().checkout.sessions.retrieve(sessionId)).toMatchObject({ status: 'expired' });

    const again = await client.startPayment(TENANT, { cartName, paymentMethod: 'creditcard' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.payerUrl).not.toBe(payerUrl);
    await onCheckout(again.body.payerUrl, 'approve', { card: VISA });
    expect(await client.commitUntilFinal(TENANT, cartName, again.body.orderNumber)).toMatchObject({
      orderStatus: 'committed',
    });
    expect(await balance(msisdn)).toBe(before + 1500);
  });
});

describe('nothing leaves alpenfunk that Stripe did not pay for', () => {
  it('tops up nothing while the shopper has not paid, whatever the commit and forged events say', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const before = await balance(msisdn);
    const commit = () =>
      client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, { cartName, orderNumber });
    expect((await commit()).body.orderStatus).toBe('paymentPending');

    // An "authorised" event for this payment, signed with a secret that is not the endpoint's.
    const reference = `${orderNumber}-1`;
    const fake = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount_capturable: 1500,
      metadata: { reference },
    };
    expect((await postEvent(authorizedEvent(fake), 'whsec_guess')).status).toBe(401);
    // The same, signed right but sent to another tenant's endpoint.
    expect((await postEvent(authorizedEvent(fake), undefined, 'funkfix')).status).toBe(401);
    expect((await commit()).body.orderStatus).toBe('paymentPending');
    expect(await paymentRow(orderNumber)).toMatchObject({ state: 'PENDING' });

    await onCheckout(payerUrl, 'cancel');
    expect((await commit()).body.orderStatus).toBe('paymentPending');
    expect(await balance(msisdn)).toBe(before);
  });

  it('applies an event delivered twice once, commits before the shopper is back, and delivers once', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const before = await balance(msisdn);
    await onCheckout(payerUrl, 'approve', { card: VISA });
    const intent = await waitFor('the PaymentIntent held', async () => {
      const found = await intentOf(orderNumber);
      return found?.status === 'requires_capture' ? found : undefined;
    });
    const event = authorizedEvent(intent);
    const first = await postEvent(event);
    const second = await postEvent(event);
    expect(first.status).toBe(200);
    expect(second.body).toMatchObject({ outcome: 'duplicate' });
    // The events committed the order before the shopper came back: the return finds it done.
    await client.orderReaches(TENANT, orderNumber, cartName, 'committed');
    const returned = await client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, {
      cartName,
      orderNumber,
    });
    expect(['committed', 'ORDER_ALREADY_COMMITTED']).toContain(returned.body.orderStatus);
    expect(returned.body).toMatchObject({ creditAdded: 1500, amountCharged: 1500 });
    expect(await balance(msisdn)).toBe(before + 1500);
  });
});

describe('Stripe’s events in any order, and the ways a top-up could leave unpaid', () => {
  /** Commits twice and runs two reconciliation passes, as every path of the shop would. */
  async function tryEveryPath(cartName: string, orderNumber: string) {
    const commit = () =>
      client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, { cartName, orderNumber });
    await commit();
    await commit();
    await api.reconcile();
    await api.reconcile();
    return (await client.order(TENANT, orderNumber, cartName)).body.orderStatus;
  }

  /** Runs `step` while the stand-in's events go nowhere (as if every delivery were lost). */
  async function withEventsLost<T>(step: () => Promise<T>): Promise<T> {
    const endpoint = (url: string) =>
      fetch(`${api.sandbox.baseUrl}/stripe/testing/webhook-endpoint`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
    await endpoint('http://127.0.0.1:9/lost');
    try {
      return await step();
    } finally {
      await endpoint(`${api.baseUrl}/api/webhooks/stripe/${TENANT}`);
    }
  }

  it('leaves a final order as it is when an old event arrives after it', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    await onCheckout(payerUrl, 'approve', { card: VISA });
    const held = await waitFor('the PaymentIntent held', async () => {
      const found = await intentOf(orderNumber);
      return found?.status === 'requires_capture' ? found : undefined;
    });
    await client.commitUntilFinal(TENANT, cartName, orderNumber);
    const before = await balance(msisdn);
    const late = await postEvent(authorizedEvent(held));
    expect(late.status).toBe(200);
    expect(late.body.outcome).not.toBe('applied');
    expect(await paymentRow(orderNumber)).toMatchObject({ state: 'CAPTURED' });
    expect(await tryEveryPath(cartName, orderNumber)).toBe('committed');
    expect(await balance(msisdn)).toBe(before);
  });

  it('delivers nothing when 3-D Secure fails, however often the order is committed', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const before = await balance(msisdn);
    const challenge = await onCheckout(payerUrl, 'approve', {
      card: { ...VISA, number: '4000 0027 6000 3184' },
    });
    await api.sandbox.client.act(challenge.redirectUrl, 'fail');
    expect(await tryEveryPath(cartName, orderNumber)).not.toBe('committed');
    expect(await balance(msisdn)).toBe(before);
  });

  it('delivers nothing for an authorisation Stripe no longer holds when the commit asks', async () => {
    const { cartName, orderNumber, payerUrl, msisdn } = await startedTopup();
    const before = await balance(msisdn);
    await withEventsLost(async () => {
      await onCheckout(payerUrl, 'approve', { card: VISA });
      const held = await waitFor('the PaymentIntent held', async () => {
        const found = await intentOf(orderNumber);
        return found?.status === 'requires_capture' ? found : undefined;
      });
      // The authorisation lapses (or is voided in Stripe's dashboard) before the shop commits.
      await stripe().paymentIntents.cancel(held.id);
      expect(await tryEveryPath(cartName, orderNumber)).not.toBe('committed');
    });
    expect(await balance(msisdn)).toBe(before);
    expect(await intentOf(orderNumber)).toMatchObject({ status: 'canceled', amount_received: 0 });
  });
});

describe('saved cards and refunds on Stripe', () => {
  it('charges the demo account’s saved Stripe card without the shopper', async () => {
    const token = await signIn(TENANT);
    const [card] = await methods(TENANT, token);
    expect(card).toMatchObject({ method: 'creditcard', cardLast4: '1111' });
    const msisdn = number();
    const cartName = await client.newCart(TENANT, [
      { productId: 'alpenfunk-topup-1500', phoneNumber: msisdn },
    ]);
    const started = await client.call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      TENANT,
      { cartName, paymentMethod: 'creditcard', paymentTokenId: card?.id },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { orderNumber } = started.body as StartedPaymentAnswer;
    expect(await client.commitUntilFinal(TENANT, cartName, orderNumber, {}, token)).toMatchObject({
      orderStatus: 'committed',
      creditAdded: 1500,
    });
    const intent = await intentOf(orderNumber);
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: 'pm_demo_alpenfunk' });
  });

  it('keeps a shopper’s saved cards on one Stripe Customer', async () => {
    const { freshAccount, saveCard } = shopperClient(api);
    const { token } = await freshAccount(TENANT);
    const saved = [
      await saveCard(TENANT, token, MASTERCARD),
      await saveCard(TENANT, token, CARD('4242 4242 4242 4242')),
    ];
    expect(saved.map(({ confirmed }) => confirmed.status)).toEqual([200, 200]);
    const customers = await Promise.all(
      saved.map(async ({ id }) => {
        const [row] = await api.database.db
          .select()
          .from(schema.paymentTokens)
          .where(eq(schema.paymentTokens.id, id));
        return (await stripe().checkout.sessions.retrieve(row?.providerTokenId ?? '')).customer;
      }),
    );
    expect(customers[0]).toMatch(/^cus_/);
    expect(customers[1]).toBe(customers[0]);
  });

  it('refunds part of a Stripe payment from the back office, once per key', async () => {
    const { cartName, orderNumber, payerUrl } = await startedTopup();
    await onCheckout(payerUrl, 'approve', { card: VISA });
    await client.commitUntilFinal(TENANT, cartName, orderNumber);
    const key = randomUUID();
    const refund = async () =>
      staffCall('POST', `/api/backoffice/orders/${orderNumber}/refunds`, await tokenOf(ADMIN), {
        body: { amount: 500, reason: 'Goodwill' },
        key,
      });
    const [first, second] = await Promise.all([refund(), refund()]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ amount: 500, status: 'SUCCEEDED' });
    expect(second.body.refundId).toBe(first.body.refundId);
    const intent = await intentOf(orderNumber);
    const charge = intent?.latest_charge as Stripe.Charge;
    expect(charge.amount_refunded).toBe(500);
    const staffView = await staffCall('GET', `/api/backoffice/orders/${orderNumber}`, await tokenOf(ADMIN));
    expect(staffView.body.payments[0]).toMatchObject({
      provider: 'stripe',
      providerPaymentId: (await paymentRow(orderNumber)).providerPaymentId,
      refundedAmount: 500,
    });
    await waitFor('the refund on the payment', async () =>
      (await paymentRow(orderNumber)).refundedAmount === 500 ? true : undefined,
    );
  });
});
