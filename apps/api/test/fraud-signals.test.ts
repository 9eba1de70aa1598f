import { schema } from '@shop/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanUp } from '../src/jobs/cleanup';
import { forgetPastFraudSignals } from '../src/orders/fraud-signals';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD, guestAddress, orderRecords } from './checkout-support';
import { freshNumber, shopperClient } from './saved-methods-support';

const api = apiForFile();
const { orderRow, timeline } = orderRecords(api);
const client = checkoutClient(api);

/** Kartenkiosk sends device ids (settings.shouldSendDeviceID); it sells FunkFix top-ups. */
const SHOP = 'kartenkiosk';

let devices = 0;
/** A device id as the sandbox's device-id script makes them, new for every use. */
const freshDevice = () => {
  devices += 1;
  return `dev_${Date.now().toString(16)}${String(devices).padStart(6, '0')}`;
};
const FRAUDNET_SESSION_ID = '9f86d081884c7d659a2feaa0c55ad015';

async function cartWithTopup(): Promise<string> {
  return client.newCart(SHOP, [{ productId: 'funkfix-topup-1500', phoneNumber: freshNumber('+49170') }]);
}

const contactStep = (cartName: string, deliveryAddress: Record<string, unknown> = guestAddress()) =>
  client.call('POST', '/api/shop/rest/checkout-address', SHOP, { cartName, deliveryAddress, language: 'de' });

const commit = (body: Record<string, unknown>) =>
  client.call('POST', '/api/shop/rest/payment-commit-order', SHOP, body);

const deviceEntries = async (orderNumber: string) =>
  (await timeline(orderNumber))
    .filter((entry) => entry.type === 'order.device-id')
    .map((entry) => entry.detail);

/** The order's payment attempts, latest first. */
async function attempts(orderNumber: string) {
  const order = await orderRow(orderNumber);
  return api.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.orderId, order.id))
    .orderBy(desc(schema.payments.attempt));
}

describe('the device id on the order and at the provider', () => {
  it('goes from the contact step to the card payment, and the commit’s on the timeline once', async () => {
    const fromContact = freshDevice();
    const fromResultPage = freshDevice();
    const cartName = await cartWithTopup();
    expect((await contactStep(cartName, guestAddress({ deviceId: fromContact }))).status).toBe(200);
    const started = await client.startPayment(SHOP, { cartName, paymentMethod: 'creditcard' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { payerUrl, orderNumber } = started.body;

    expect(await api.sandbox.client.payment(payerUrl)).toMatchObject({
      method: 'creditcard',
      deviceId: fromContact,
      fraudnetSessionId: null,
    });
    await client.act(payerUrl, 'approve', GOOD_CARD);
    const final = await client.commitUntilFinal(SHOP, cartName, orderNumber, { deviceId: fromResultPage });
    expect(final.orderStatus).toBe('committed');
    // Asked again, as the result page may be reloaded: the same id is not written twice.
    expect((await commit({ cartName, orderNumber, deviceId: fromResultPage })).status).toBe(200);

    expect(await deviceEntries(orderNumber)).toEqual([
      { deviceId: fromContact, source: 'checkout-address' },
      { deviceId: fromResultPage, source: 'payment-commit-order', previous: fromContact },
    ]);
    expect((await orderRow(orderNumber)).contact).toMatchObject({ deviceId: fromResultPage });
    const created = (await timeline(orderNumber)).find((entry) => entry.type === 'payment.created');
    expect(created?.detail).toMatchObject({ method: 'creditcard', deviceId: fromContact });
  });

  it('takes the id start-payment sends over the contact step’s, and PayPal’s FraudNet session id with it', async () => {
    const fromContact = freshDevice();
    const atPayment = freshDevice();
    const cartName = await cartWithTopup();
    await contactStep(cartName, guestAddress({ deviceId: fromContact }));
    const started = await client.startPayment(SHOP, {
      cartName,
      paymentMethod: 'paypal',
      deviceId: atPayment,
      fraudnetSessionId: FRAUDNET_SESSION_ID,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { payerUrl, orderNumber } = started.body;
    expect(await api.sandbox.client.payment(payerUrl)).toMatchObject({
      method: 'paypal',
      deviceId: atPayment,
      fraudnetSessionId: FRAUDNET_SESSION_ID,
    });
    const [attempt] = await attempts(orderNumber);
    expect(attempt).toMatchObject({ deviceId: atPayment, fraudnetSessionId: FRAUDNET_SESSION_ID });
    expect(await deviceEntries(orderNumber)).toEqual([
      { deviceId: fromContact, source: 'checkout-address' },
      { deviceId: atPayment, source: 'checkout-start-payment', previous: fromContact },
    ]);
    const created = (await timeline(orderNumber)).find((entry) => entry.type === 'payment.created');
    expect(created?.detail).toMatchObject({ deviceId: atPayment, fraudnetSessionId: FRAUDNET_SESSION_ID });

    // A second click meets the open payment: the same one at the provider, no new attempt.
    const again = await client.startPayment(SHOP, {
      cartName,
      paymentMethod: 'paypal',
      deviceId: atPayment,
      fraudnetSessionId: FRAUDNET_SESSION_ID,
    });
    expect(again.body.payerUrl).toBe(payerUrl);
    expect(await attempts(orderNumber)).toHaveLength(1);
  });

  it('is not needed: a checkout without one sends none', async () => {
    const cartName = await cartWithTopup();
    await contactStep(cartName);
    const started = await client.startPayment(SHOP, { cartName, paymentMethod: 'creditcard' });
    expect(await api.sandbox.client.payment(started.body.payerUrl)).toMatchObject({
      deviceId: null,
      fraudnetSessionId: null,
    });
    expect(await deviceEntries(started.body.orderNumber)).toEqual([]);
  });
});

describe('a device the provider declines', () => {
  it('is refused with PAYMENT_REFUSED, nothing charged; another device pays the same order', async () => {
    const suspect = freshDevice();
    await api.sandbox.client.declineDevice(suspect);
    const cartName = await cartWithTopup();
    await contactStep(cartName, guestAddress({ deviceId: suspect }));

    for (const paymentMethod of ['creditcard', 'paypal']) {
      const refused = await client.startPayment(SHOP, { cartName, paymentMethod });
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ code: 'PAYMENT_REFUSED', message: expect.any(String) });
      expect(refused.body.message).not.toMatch(/device|fraud/i);
    }
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.cartName, cartName));
    if (!order) throw new Error('no order');
    const refusedAttempts = await attempts(order.orderNumber);
    expect(refusedAttempts.map((attempt) => [attempt.state, attempt.providerPaymentId])).toEqual([
      ['FAILED', null],
      ['FAILED', null],
    ]);
    expect((await client.order(SHOP, order.orderNumber, cartName)).body).toMatchObject({
      orderStatus: 'failed',
      payerUrl: null,
    });
    expect(
      (await timeline(order.orderNumber)).filter((entry) => entry.type === 'provider.initiate.refused'),
    ).toEqual([
      { type: 'provider.initiate.refused', detail: { code: 'RISK_DECLINED' } },
      { type: 'provider.initiate.refused', detail: { code: 'RISK_DECLINED' } },
    ]);

    const trusted = freshDevice();
    const paid = await client.startPayment(SHOP, {
      cartName,
      paymentMethod: 'creditcard',
      deviceId: trusted,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.orderNumber).toBe(order.orderNumber);
    expect(await api.sandbox.client.payment(paid.body.payerUrl)).toMatchObject({ deviceId: trusted });
    await client.act(paid.body.payerUrl, 'approve', GOOD_CARD);
    expect((await client.commitUntilFinal(SHOP, cartName, order.orderNumber)).orderStatus).toBe('committed');
  });

  it('is refused for a saved card too, charging nothing; the card pays from another device', async () => {
    const { signIn, methods } = shopperClient(api);
    const token = await signIn(SHOP);
    const [card] = await methods(SHOP, token);
    const suspect = freshDevice();
    await api.sandbox.client.declineDevice(suspect);
    const cartName = await cartWithTopup();
    const pay = (deviceId: string) =>
      client.call(
        'POST',
        '/api/shop/rest/checkout-start-payment',
        SHOP,
        { cartName, paymentMethod: 'creditcard', paymentTokenId: card?.id, deviceId },
        token,
      );

    const refused = await pay(suspect);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_REFUSED');
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.cartName, cartName));
    if (!order) throw new Error('no order');
    expect((await attempts(order.orderNumber)).map((attempt) => attempt.state)).toEqual(['FAILED']);

    const trusted = freshDevice();
    const paid = await pay(trusted);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [charged] = await attempts(order.orderNumber);
    expect(charged).toMatchObject({ deviceId: trusted, fraudnetSessionId: null });
    expect(await api.sandbox.client.payment(charged?.providerPaymentId ?? '')).toMatchObject({
      deviceId: trusted,
      token: expect.stringMatching(/^tok_/),
    });
    expect((await client.commitUntilFinal(SHOP, cartName, order.orderNumber, {}, token)).orderStatus).toBe(
      'committed',
    );
  });
});

describe('bad fraud signals', () => {
  it.each([
    ['a device id with a space', { deviceId: 'dev 1234567' }],
    ['a device id of markup', { deviceId: '<script>alert(1)</script>' }],
    ['a device id too short', { deviceId: 'dev_1' }],
    ['a device id too long', { deviceId: 'd'.repeat(129) }],
    ['a FraudNet session id that is not 32 hex digits', { fraudnetSessionId: 'not-a-session' }],
    ['a FraudNet session id of 33 hex digits', { fraudnetSessionId: `${FRAUDNET_SESSION_ID}a` }],
  ])('start-payment refuses %s with 400 VALIDATION_FAILED', async (_what, signals) => {
    const cartName = await cartWithTopup();
    const answer = await client.startPayment(SHOP, { cartName, paymentMethod: 'paypal', ...signals });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toContain(Object.keys(signals)[0]);
  });

  it('start-payment refuses a FraudNet session id with a card, before any order is made', async () => {
    const cartName = await cartWithTopup();
    const answer = await client.startPayment(SHOP, {
      cartName,
      paymentMethod: 'creditcard',
      fraudnetSessionId: FRAUDNET_SESSION_ID,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('paypal') });
    expect(
      await api.database.db.select().from(schema.orders).where(eq(schema.orders.cartName, cartName)),
    ).toEqual([]);
  });

  it('checkout-address and the commit refuse a bad device id; blank or "N/A" at the contact step is none', async () => {
    const cartName = await cartWithTopup();
    const bad = await contactStep(cartName, guestAddress({ deviceId: 'dev id with spaces' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toContain('deviceId');
    for (const none of ['', 'N/A']) {
      expect((await contactStep(cartName, guestAddress({ deviceId: none }))).status).toBe(200);
    }
    const started = await client.startPayment(SHOP, { cartName, paymentMethod: 'creditcard' });
    expect(await deviceEntries(started.body.orderNumber)).toEqual([]);

    const refused = await commit({ cartName, orderNumber: started.body.orderNumber, deviceId: "dev'; drop" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('fraud signals kept their time', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  /** A PayPal checkout with a device id at every step, as a guest or (with `token`) an account. */
  async function signalledOrder(token?: string): Promise<string> {
    const cartName = await cartWithTopup();
    const address = guestAddress({ deviceId: freshDevice() });
    const contact = await client.call(
      'POST',
      '/api/shop/rest/checkout-address',
      SHOP,
      { cartName, deliveryAddress: address, language: 'de' },
      token,
    );
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const started = await client.call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      SHOP,
      { cartName, paymentMethod: 'paypal', deviceId: freshDevice(), fraudnetSessionId: FRAUDNET_SESSION_ID },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.orderNumber;
  }

  /** Moves the order and its attempts back in time, as if made `days` ago. */
  async function madeDaysAgo(orderNumber: string, days: number) {
    const order = await orderRow(orderNumber);
    const then = new Date(Date.now() - days * DAY_MS);
    await api.database.db
      .update(schema.orders)
      .set({ createdAt: then })
      .where(eq(schema.orders.id, order.id));
    await api.database.db
      .update(schema.payments)
      .set({ createdAt: then })
      .where(eq(schema.payments.orderId, order.id));
  }

  /** Where the order keeps signals: its contact, its attempts and its timeline. */
  async function signalsOf(orderNumber: string) {
    const order = await orderRow(orderNumber);
    const [attempt] = await attempts(orderNumber);
    const entries = (await timeline(orderNumber)).filter((entry) =>
      ['order.device-id', 'payment.created'].includes(entry.type),
    );
    return {
      contact: order.contact.deviceId,
      attempt: [attempt?.deviceId, attempt?.fraudnetSessionId],
      timeline: entries.flatMap((entry) =>
        ['deviceId', 'previous', 'fraudnetSessionId'].filter((field) => field in (entry.detail ?? {})),
      ),
    };
  }

  const NONE = { contact: undefined, attempt: [null, null], timeline: [] };

  it('go from guests’ and accounts’ orders older than 180 days, in the cleanup pass; newer ones keep theirs', async () => {
    const { signIn } = shopperClient(api);
    const token = await signIn(SHOP);
    const oldGuest = await signalledOrder();
    const recentGuest = await signalledOrder();
    const oldAccount = await signalledOrder(token);
    expect((await orderRow(oldAccount)).customerId).not.toBeNull();
    await madeDaysAgo(oldGuest, 181);
    await madeDaysAgo(recentGuest, 10);
    await madeDaysAgo(oldAccount, 181);
    const kept = await signalsOf(recentGuest);
    expect(kept).toEqual({
      contact: expect.any(String),
      attempt: [expect.any(String), FRAUDNET_SESSION_ID],
      timeline: ['deviceId', 'deviceId', 'previous', 'deviceId', 'fraudnetSessionId'],
    });

    expect((await cleanUp(api.database.db)).ordersWithoutFraudSignals).toBe(2);

    expect(await signalsOf(oldGuest)).toEqual(NONE);
    expect(await signalsOf(oldAccount)).toEqual(NONE);
    expect(await signalsOf(recentGuest)).toEqual(kept);
    // The rest of the order stays: its contact, its attempt, its timeline's entries.
    expect((await orderRow(oldGuest)).contact).toMatchObject({ email: 'shopper@example.com' });
    expect((await attempts(oldGuest))[0]).toMatchObject({ method: 'paypal', attempt: 1 });
    expect((await deviceEntries(oldGuest)).map((detail) => detail.source)).toEqual([
      'checkout-address',
      'checkout-start-payment',
    ]);
    expect((await cleanUp(api.database.db)).ordersWithoutFraudSignals).toBe(0);
  });

  it('go in batches: a pass takes at most its share', async () => {
    const orderNumbers = [await signalledOrder(), await signalledOrder()];
    for (const orderNumber of orderNumbers) await madeDaysAgo(orderNumber, 200);
    const onePerPass = () =>
      forgetPastFraudSignals(api.database.db, new Date(), { batchSize: 1, batchesPerPass: 1 });
    expect(await onePerPass()).toBe(1);
    expect(await onePerPass()).toBe(1);
    expect(await onePerPass()).toBe(0);
    for (const orderNumber of orderNumbers) expect(await signalsOf(orderNumber)).toEqual(NONE);
  });
});
