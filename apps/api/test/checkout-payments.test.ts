import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STATUS_CHECK_INTERVAL_MS } from '../src/orders/payment-state';
import { apiForFile } from './api-for-file';
import { checkoutClient, DECLINED_CARD, GOOD_CARD, THREE_D_SECURE_CARD } from './checkout-support';

const api = apiForFile();
const client = checkoutClient(api);

/** One tenant per method, with a number of its own brand. */
const SHOPS = {
  creditcard: { tenant: 'funkfix', product: 'funkfix-topup-1500', phone: '+4917012345678' },
  paypal: { tenant: 'funkfix', product: 'funkfix-topup-1500', phone: '+4917012345678' },
  ideal: { tenant: 'belwaarde', product: 'belwaarde-topup-1500', phone: '+31612345678' },
  paymentlink: { tenant: 'belwaarde', product: 'belwaarde-topup-1500', phone: '+31612345678' },
  crypto: { tenant: 'rechargeplus', product: 'rechargeplus-topup-1500', phone: '+33612345678' },
  applepay: { tenant: 'blitzmobil', product: 'blitzmobil-topup-1500', phone: '+4915112345678' },
} as const;
type Method = keyof typeof SHOPS;

const APPROVAL: Record<Method, object> = {
  creditcard: GOOD_CARD,
  paypal: { paypalEmail: 'shopper@example.com', paypalPassword: 'secret' },
  ideal: { bank: 'ING' },
  paymentlink: {},
  crypto: { cryptoCurrency: 'ETH' },
  applepay: {},
};
const ADDITIONAL_DATA: Partial<Record<Method, object>> = {
  ideal: { ideal: { issuerId: 'INGBNL2A' } },
  crypto: { triplea: { cryptoCurrency: 'ETH' } },
};

async function started(method: Method) {
  const { tenant, product, phone } = SHOPS[method];
  const cartName = await client.newCart(tenant, [{ productId: product, phoneNumber: phone }]);
  const cart = await client.call('GET', `/api/shop/rest/v2/carts/${cartName}`, tenant);
  const { status, body } = await client.startPayment(tenant, {
    cartName,
    paymentMethod: method,
    additionalData: ADDITIONAL_DATA[method],
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return {
    tenant,
    cartName,
    totalPrice: cart.body.summary.totalPrice as number,
    ...(body as StartedPaymentAnswer),
  };
}

/** The payment as the provider sees it. */
const providerPayment = (payerUrl: string) => api.sandbox.client.payment(payerUrl);

const timeline = async (orderNumber: string) => {
  const [order] = await api.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.orderNumber, orderNumber));
  if (!order) throw new Error(`no order ${orderNumber}`);
  return api.database.db
    .select()
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, order.id))
    .orderBy(asc(schema.orderEvents.id));
};

describe('each payment method at the provider', () => {
  it.each(Object.keys(SHOPS) as Method[])(
    '%s: approve → committed and captured, decline → failed, cancel → cancelled',
    async (method) => {
      const approved = await started(method);
      expect(approved.payerUrl).toMatch(new RegExp(`^${api.sandbox.baseUrl}/psp/pay/`));
      expect(approved.orderNumber).toMatch(/^[A-Z]{3}-[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(approved.returnUrl).toBe(
        `http://${approved.tenant}.localhost:3000/shop/checkout/result?cartName=${approved.cartName}&orderNumber=${approved.orderNumber}`,
      );
      const { redirectUrl } = await client.act(approved.payerUrl, 'approve', APPROVAL[method]);
      expect(redirectUrl.startsWith(approved.returnUrl)).toBe(true);
      // The provider's webhook commits the order without the shopper: delivered and captured.
      const committed = await client.orderReaches(
        approved.tenant,
        approved.orderNumber,
        approved.cartName,
        'committed',
      );
      expect(committed).toMatchObject({
        paymentMethod: method,
        amount: approved.totalPrice,
        currency: 'EUR',
      });
      // The order is final before the capture goes out (the outcome is written first).
      await expect
        .poll(() => providerPayment(approved.payerUrl), { timeout: 10_000 })
        .toMatchObject({ status: 'CAPTURED', capturedAmount: approved.totalPrice });

      const declined = await started(method);
      await client.act(declined.payerUrl, 'decline');
      await client.orderReaches(declined.tenant, declined.orderNumber, declined.cartName, 'failed');

      const cancelled = await started(method);
      await client.act(cancelled.payerUrl, 'cancel');
      const body = await client.orderReaches(
        cancelled.tenant,
        cancelled.orderNumber,
        cancelled.cartName,
        'cancelled',
      );
      expect(body.paymentStatus).toBe('CANCELLED');
    },
  );

  it('card: 3-D Secure completed → committed; failed → failed; the decline test card → failed', async () => {
    const passed = await started('creditcard');
    const challenge = await client.act(passed.payerUrl, 'approve', THREE_D_SECURE_CARD);
    expect(challenge.redirectUrl).toMatch(/\/3ds$/);
    expect((await client.order(passed.tenant, passed.orderNumber, passed.cartName)).body.orderStatus).toBe(
      'paymentPending',
    );
    await client.act(passed.payerUrl, '3ds/complete');
    await client.orderReaches(passed.tenant, passed.orderNumber, passed.cartName, 'committed');

    const failed = await started('creditcard');
    await client.act(failed.payerUrl, 'approve', THREE_D_SECURE_CARD);
    await client.act(failed.payerUrl, '3ds/fail');
    await client.orderReaches(failed.tenant, failed.orderNumber, failed.cartName, 'failed');

    const declined = await started('creditcard');
    await client.act(declined.payerUrl, 'approve', DECLINED_CARD);
    const body = await client.orderReaches(
      declined.tenant,
      declined.orderNumber,
      declined.cartName,
      'failed',
    );
    expect(body.paymentStatus).toBe('DECLINED');
  });

  it('PayPal in an iframe on ladeplatz: the provider is asked for iframe mode', async () => {
    const cartName = await client.newCart('ladeplatz', [
      { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' },
    ]);
    const paypal = await client.startPayment('ladeplatz', { cartName, paymentMethod: 'paypal' });
    expect(paypal.body.iframe).toBe(true);
    const { redirectUrl } = await client.act(paypal.body.payerUrl, 'approve');
    expect(new URL(redirectUrl).searchParams.get('token')).toBeTruthy();
    const card = await client.startPayment('funkfix', {
      cartName: await client.newCart('funkfix', [
        { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' },
      ]),
      paymentMethod: 'paypal',
    });
    expect(card.body.iframe).toBe(false);
  });
});

describe('exactly one charge', () => {
  it('start-payment retried, or sent five times at once, answers one payment', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' },
    ]);
    const body = { cartName, paymentMethod: 'creditcard' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.startPayment('funkfix', body)));
    const again = await client.startPayment('funkfix', body);
    const all = [...answers, again];
    expect(all.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(all.map((answer) => answer.body.payerUrl)).size).toBe(1);
    expect(new Set(all.map((answer) => answer.body.orderNumber)).size).toBe(1);
    const created = (await timeline(again.body.orderNumber)).filter(
      (event) => event.type === 'payment.created',
    );
    expect(created).toHaveLength(1);
  });

  it('after a decline the shopper pays again: a new attempt of the same order', async () => {
    const first = await started('creditcard');
    await client.act(first.payerUrl, 'approve', DECLINED_CARD);
    await client.orderReaches(first.tenant, first.orderNumber, first.cartName, 'failed');
    const retry = await client.startPayment(first.tenant, {
      cartName: first.cartName,
      paymentMethod: 'creditcard',
    });
    expect(retry.body.orderNumber).toBe(first.orderNumber);
    expect(retry.body.payerUrl).not.toBe(first.payerUrl);
    await client.act(retry.body.payerUrl, 'approve', GOOD_CARD);
    await client.orderReaches(first.tenant, first.orderNumber, first.cartName, 'committed');
    const paidAgain = await client.startPayment(first.tenant, {
      cartName: first.cartName,
      paymentMethod: 'creditcard',
    });
    expect(paidAgain).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } });
  });

  it('a changed cart gets a new order; the old one keeps its own payment', async () => {
    const first = await started('creditcard');
    const added = await client.call('POST', '/api/shop/rest/v2/addToCart', first.tenant, {
      cartName: first.cartName,
      items: [{ productId: 'funkfix-topup-2000', phoneNumber: '+4917012345678' }],
    });
    expect(added.status).toBe(200);
    const second = await client.startPayment(first.tenant, {
      cartName: first.cartName,
      paymentMethod: 'creditcard',
    });
    expect(second.body.orderNumber).not.toBe(first.orderNumber);
    expect((await client.order(first.tenant, second.body.orderNumber, first.cartName)).body.amount).toBe(
      3500,
    );
  });
});

describe('money taken twice', () => {
  it('a shopper who pays two open attempts of one order gets the second one back', async () => {
    const first = await started('ideal');
    const second = await client.startPayment(first.tenant, {
      cartName: first.cartName,
      paymentMethod: 'paymentlink',
    });
    expect(second.body.orderNumber).toBe(first.orderNumber);
    await client.act(second.body.payerUrl, 'approve');
    await client.orderReaches(first.tenant, first.orderNumber, first.cartName, 'committed');
    await client.act(first.payerUrl, 'approve', { bank: 'ING' });
    for (let tries = 0; tries < 100; tries += 1) {
      const events = await timeline(first.orderNumber);
      if (events.some((event) => event.type === 'payment.duplicate.refunded')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The attempt whose money the commit captured decides; the other one is given back in full.
    expect((await providerPayment(second.body.payerUrl)).status).toBe('CAPTURED');
    expect((await providerPayment(first.payerUrl)).status).toBe('REFUNDED');
    const { body } = await client.order(first.tenant, first.orderNumber, first.cartName);
    expect(body.orderStatus).toBe('committed');
  });
});

describe('a shopper waiting on an open payment', () => {
  it('makes the API ask the provider at most once every 3 s, however often the page polls', async () => {
    const payment = await started('paymentlink');
    const checkedAt = async () => {
      const [row] = await api.database.db
        .select({ checkedAt: schema.payments.checkedAt })
        .from(schema.payments)
        .where(eq(schema.payments.reference, `${payment.orderNumber}-1`));
      return row?.checkedAt?.getTime();
    };
    const pageAsks = async () => {
      await client.order(payment.tenant, payment.orderNumber, payment.cartName);
      return checkedAt();
    };
    expect(await pageAsks()).toBeUndefined();
    // The page goes on polling; the provider is asked once the payment has been quiet long enough.
    await expect
      .poll(pageAsks, { timeout: STATUS_CHECK_INTERVAL_MS + 5_000, interval: 200 })
      .toBeGreaterThan(0);
    const first = await checkedAt();
    for (let polls = 0; polls < 5; polls += 1) {
      await client.call('POST', '/api/shop/rest/payment-commit-order', payment.tenant, {
        cartName: payment.cartName,
        orderNumber: payment.orderNumber,
      });
      await client.order(payment.tenant, payment.orderNumber, payment.cartName);
    }
    expect(await checkedAt()).toBe(first);
  });
});

describe('webhooks', () => {
  it('a webhook delivered twice changes the payment once', async () => {
    const payment = await started('creditcard');
    const providerPaymentId = new URL(payment.payerUrl).pathname.split('/').pop();
    const event = {
      eventId: `evt_twice_${payment.orderNumber}`,
      type: 'payment.captured',
      paymentId: providerPaymentId,
      merchantReference: `${payment.orderNumber}-1`,
      status: 'CAPTURED',
      amount: 1500,
      currency: 'EUR',
    };
    const first = await client.webhook(event);
    const second = await client.webhook(event);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.outcome).toBe('duplicate');
    const events = await timeline(payment.orderNumber);
    expect(events.filter((entry) => entry.providerEventId === event.eventId)).toHaveLength(1);
    expect(
      events.filter((entry) => entry.type === 'payment.state' && entry.detail.to === 'CAPTURED'),
    ).toHaveLength(1);
  });

  it('events out of order end in the provider’s state, never going back', async () => {
    const payment = await started('ideal');
    const providerPaymentId = new URL(payment.payerUrl).pathname.split('/').pop() as string;
    await client.act(payment.payerUrl, 'approve');
    const refund = await fetch(`${api.sandbox.baseUrl}/psp/payments/${providerPaymentId}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': `refund-${providerPaymentId}` },
      body: '{}',
    });
    expect(refund.status).toBe(201);
    const base = {
      paymentId: providerPaymentId,
      merchantReference: `${payment.orderNumber}-1`,
      amount: 1500,
    };
    const late = await client.webhook({
      ...base,
      eventId: `evt_refund_${providerPaymentId}`,
      type: 'payment.refunded',
    });
    expect(late.status).toBe(200);
    await client.webhook({ ...base, eventId: `evt_capture_${providerPaymentId}`, type: 'payment.captured' });
    for (let tries = 0; tries < 100; tries += 1) {
      const { body } = await client.order(payment.tenant, payment.orderNumber, payment.cartName);
      if (body.paymentStatus === 'REFUNDED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { body } = await client.order(payment.tenant, payment.orderNumber, payment.cartName);
    expect(body.paymentStatus).toBe('REFUNDED');
    const states = (await timeline(payment.orderNumber))
      .filter((entry) => entry.type === 'payment.state')
      .map((entry) => entry.detail.to);
    expect(states.indexOf('REFUNDED')).toBe(states.length - 1);
  });

  it('a bad signature → 401 INVALID_SIGNATURE and nothing changes', async () => {
    const payment = await started('creditcard');
    const event = {
      type: 'payment.captured',
      paymentId: new URL(payment.payerUrl).pathname.split('/').pop(),
      merchantReference: `${payment.orderNumber}-1`,
      amount: 1500,
    };
    const forged = await client.webhook(event, `sha256=${'ab'.repeat(32)}`);
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect((await client.webhook(event, 'not-a-signature')).status).toBe(401);
    const { body } = await client.order(payment.tenant, payment.orderNumber, payment.cartName);
    expect(body).toMatchObject({ orderStatus: 'paymentPending', paymentStatus: 'PENDING' });
    expect((await timeline(payment.orderNumber)).some((entry) => entry.type === 'webhook.received')).toBe(
      false,
    );
  });

  it('an event for a payment we do not know is acknowledged and ignored', async () => {
    const answer = await client.webhook({
      type: 'payment.captured',
      paymentId: 'pay_nobody',
      merchantReference: 'XXX-00000000-1',
      amount: 100,
    });
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'unknown-payment' } });
  });
});

describe('the provider as authority on its payments', () => {
  it('a state that would take a payment back is refused and written to the timeline', async () => {
    const payment = await started('ideal');
    const providerPaymentId = new URL(payment.payerUrl).pathname.split('/').pop() as string;
    await client.act(payment.payerUrl, 'approve', APPROVAL.ideal);
    await client.orderReaches(payment.tenant, payment.orderNumber, payment.cartName, 'committed');
    // Our record says the money went back; the provider still holds it as captured.
    await api.database.db
      .update(schema.payments)
      .set({ state: 'REFUNDED' })
      .where(eq(schema.payments.reference, `${payment.orderNumber}-1`));
    const late = await client.webhook({
      type: 'payment.authorized',
      paymentId: providerPaymentId,
      merchantReference: `${payment.orderNumber}-1`,
      amount: 1500,
    });
    expect(late.status).toBe(200);
    await expect
      .poll(async () => (await timeline(payment.orderNumber)).map((entry) => entry.type), { timeout: 10_000 })
      .toContain('payment.state.refused');
    const { body } = await client.order(payment.tenant, payment.orderNumber, payment.cartName);
    expect(body).toMatchObject({ orderStatus: 'committed', paymentStatus: 'REFUNDED' });
    const refused = (await timeline(payment.orderNumber)).find(
      (entry) => entry.type === 'payment.state.refused',
    );
    expect(refused?.detail).toMatchObject({ from: 'REFUNDED', to: 'CAPTURED' });
  });
});
