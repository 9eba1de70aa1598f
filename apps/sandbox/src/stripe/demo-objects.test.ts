import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../psp/test-support';
import { type StripeSandbox, startStripeSandbox } from './test-support';

let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox();
});
afterAll(() => sandbox.close());

describe('what the stand-in adds for the demo', () => {
  it('knows pm_demo_… as a saved Visa 4111 on its own customer, chargeable without the shopper', async () => {
    const { stripe } = sandbox;
    const card = await stripe.paymentMethods.retrieve('pm_demo_alpenfunk');
    expect(card).toMatchObject({
      id: 'pm_demo_alpenfunk',
      customer: 'cus_demo_alpenfunk',
      card: { brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 },
    });
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      customer: 'cus_demo_alpenfunk',
      payment_method: 'pm_demo_alpenfunk',
      off_session: true,
      confirm: true,
    });
    expect(intent.status).toBe('succeeded');
    await expect(stripe.paymentMethods.retrieve('pm_other_alpenfunk')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('takes the sandbox card 4111 1111 1111 1111 as an approving card', async () => {
    const session = await sandbox.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 1500, product_data: { name: 'Top-up' } }, quantity: 1 },
      ],
      success_url: 'https://shop.test/done',
    });
    const approved = await sandbox.call('POST', `/stripe/checkout/${session.id}/approve`, {
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/39',
      cvc: '123',
    });
    expect(approved.json).toEqual({ redirectUrl: 'https://shop.test/done' });
    const done = await sandbox.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('sends its events to the endpoint set by PUT /stripe/testing/webhook-endpoint', async () => {
    const receiver = await startReceiver();
    try {
      expect(
        (await sandbox.call('PUT', '/stripe/testing/webhook-endpoint', { url: 'not a url' })).status,
      ).toBe(400);
      const set = await sandbox.call('PUT', '/stripe/testing/webhook-endpoint', { url: receiver.url });
      expect(set.json).toEqual({ url: receiver.url });
      await sandbox.stripe.paymentIntents.create({
        amount: 900,
        currency: 'eur',
        payment_method: 'pm_card_visa',
        confirm: true,
      });
      const [first] = await receiver.waitFor(1);
      expect(first?.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    } finally {
      await receiver.close();
    }
  });
});
