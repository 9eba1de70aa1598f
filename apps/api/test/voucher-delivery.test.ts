import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VOUCHER_DELIVERY_ATTEMPTS } from '../src/voucher-delivery/send';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD, guestAddress, orderRecords } from './checkout-support';
import { LIFTED_LIMITS } from './harness';
import { waitFor } from './processes';
import { freshNumber, shopperClient } from './saved-methods-support';

/**
 * Voucher PINs by SMS and WhatsApp (decision 0048) on both databases, with the sandbox's real
 * gateway: a refused message is tried again by the job and goes out once; the PIN never leaves
 * the order; "send again" goes to the same number, for the order's shopper only, three times an hour.
 */
const api = apiForFile({ abuseLimits: { overrides: { ...LIFTED_LIMITS, voucherSendAgain: { max: 3 } } } });
const records = orderRecords(api);
const client = checkoutClient(api);
const shopper = shopperClient(api);

const TENANT = 'ladeplatz';
/** A voucher of the shop's own stock: its PIN has a serial and a validity. */
const VOUCHER = 'pixelpass-voucher-1000';

interface Bought {
  cartName: string;
  orderNumber: string;
  // biome-ignore lint/suspicious/noExplicitAny: the commit's answer is read field by field
  answer: any;
}

/** A ladeplatz voucher bought by card, its PINs asked for as `voucherDeliveryAddress`, committed. */
async function buyVoucher(voucherDeliveryAddress: unknown, token?: string): Promise<Bought> {
  const cartName = await client.newCart(TENANT, [{ productId: VOUCHER }]);
  const address = await client.call(
    'POST',
    '/api/shop/rest/checkout-address',
    TENANT,
    {
      cartName,
      deliveryAddress: guestAddress({ language: 'en', voucherDeliveryAddress }),
      language: 'de',
    },
    token,
  );
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const started = await client.call(
    'POST',
    '/api/shop/rest/checkout-start-payment',
    TENANT,
    { cartName, paymentMethod: 'creditcard' },
    token,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await client.act(started.body.payerUrl, 'approve', GOOD_CARD);
  const { orderNumber } = started.body;
  const answer = await client.commitUntilFinal(TENANT, cartName, orderNumber, {}, token);
  expect(answer.orderStatus).toBe('committed');
  return { cartName, orderNumber, answer };
}

const deliveryPath = (orderNumber: string) => `/api/shop/rest/orders/${orderNumber}/voucher-delivery`;

const deliveryOf = (orderNumber: string, cartName?: string, token?: string) =>
  client.call(
    'GET',
    `${deliveryPath(orderNumber)}${cartName ? `?cartName=${cartName}` : ''}`,
    TENANT,
    undefined,
    token,
  );

const sendAgain = (orderNumber: string, body: Record<string, unknown>, token?: string, tenant = TENANT) =>
  client.call('POST', deliveryPath(orderNumber), tenant, body, token);

/** Waits until the order's latest sending is in `state`. */
const deliveryReaches = (orderNumber: string, cartName: string, state: string) =>
  waitFor(`the delivery of ${orderNumber} ${state}`, async () => {
    const { body } = await deliveryOf(orderNumber, cartName);
    return body.state === state ? body : undefined;
  });

/** The messages the sandbox gateway kept for the number, newest first. */
const messagesTo = (phoneNumber: string) => api.sandbox.client.outbox(phoneNumber);

/** The order's voucher-delivery entries, oldest first. */
async function timeline(orderNumber: string) {
  return (await records.timeline(orderNumber)).filter((event) => event.type.startsWith('voucher-delivery.'));
}

describe.each(['sms', 'whatsapp'] as const)('voucher PINs by %s', (channel) => {
  it('a refused first try is retried by the job, and the PIN goes out once, in the shopper’s language', async () => {
    const phoneNumber = freshNumber('+49170');
    await api.sandbox.client.failMessages(phoneNumber, 1);
    // The number as a shopper types it: the shop's rules make it E.164.
    const national = `0${phoneNumber.slice(3, 6)} ${phoneNumber.slice(6)}`;
    const { cartName, orderNumber, answer } = await buyVoucher({ channel, phoneNumber: national });

    const [voucher] = answer.vouchers;
    expect(voucher.pin).toMatch(/^\d{16}$/);
    expect(answer.voucherDelivery).toMatchObject({ channel, phoneNumber, state: 'PENDING' });

    const sent = await deliveryReaches(orderNumber, cartName, 'SENT');
    expect(sent).toEqual({ channel, phoneNumber, state: 'SENT', sentAt: expect.any(String) });
    const messages = await messagesTo(phoneNumber);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ channel, to: phoneNumber, from: 'Ladeplatz' });
    expect(message?.text).toContain(`Ladeplatz: your voucher from order ${orderNumber}`);
    expect(message?.text).toContain(`PixelPass €10: PIN ${voucher.pin}`);
    expect(message?.text).toContain(`Serial number: ${voucher.serial}`);
    expect(message?.text).toContain('Valid until: ');
    expect(message?.text).toContain('Open PixelPass, choose “Redeem code” and enter the PIN.');

    expect((await timeline(orderNumber)).map((event) => event.type)).toEqual([
      'voucher-delivery.requested',
      'voucher-delivery.attempt',
      'voucher-delivery.refused',
      'voucher-delivery.attempt',
      'voucher-delivery.sent',
    ]);

    // The job once more, as after a crash: the delivery is sent, so nothing goes out again.
    const [delivery] = await api.database.db
      .select({ id: schema.voucherDeliveries.id })
      .from(schema.voucherDeliveries)
      .where(eq(schema.voucherDeliveries.phoneNumber, phoneNumber));
    const deliveryId = delivery?.id ?? '';
    await api.jobs.send('voucher-delivery', { deliveryId });
    await waitFor('the repeated job done', async () => {
      const { rows } = await api.database.executeSql(
        `select state from pgboss.job where name = 'voucher-delivery' and singleton_key = $1`,
        [deliveryId],
      );
      const states = rows.map((row) => (row as { state: string }).state);
      return states.length === 2 && states.every((state) => state === 'completed') ? states : undefined;
    });
    expect(await messagesTo(phoneNumber)).toHaveLength(1);
  }, 60_000);
});

/** "Send again" of a given-up delivery: accepted, sent, and the one message holds the PIN. */
async function sentAgainOnce(
  { orderNumber, cartName }: Omit<Bought, 'answer'>,
  phoneNumber: string,
  pin: string,
) {
  expect(await sendAgain(orderNumber, { cartName })).toMatchObject({ status: 202 });
  await deliveryReaches(orderNumber, cartName, 'SENT');
  const messages = await messagesTo(phoneNumber);
  expect(messages).toHaveLength(1);
  expect(messages[0]?.text).toContain(pin);
}

describe('the PINs of an order', () => {
  it('stay on the order while the gateway refuses, and go out once it takes them again', async () => {
    const phoneNumber = freshNumber('+49151');
    await api.sandbox.client.failMessages(phoneNumber, 1000);
    const { cartName, orderNumber, answer } = await buyVoucher({ channel: 'whatsapp', phoneNumber });
    const pin = answer.voucherPin;

    await waitFor('a refused try', async () =>
      (await timeline(orderNumber)).some((event) => event.type === 'voucher-delivery.refused')
        ? true
        : undefined,
    );
    const again = await client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, {
      cartName,
      orderNumber,
    });
    expect(again.body).toMatchObject({
      orderStatus: 'ORDER_ALREADY_COMMITTED',
      voucherPin: pin,
      voucherDelivery: { channel: 'whatsapp', phoneNumber, state: 'PENDING' },
    });
    expect(await messagesTo(phoneNumber)).toEqual([]);

    await api.sandbox.client.failMessages(phoneNumber, 0);
    await deliveryReaches(orderNumber, cartName, 'SENT');
    const messages = await messagesTo(phoneNumber);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toContain(pin);
  }, 60_000);

  it('are given up on at once when the gateway refuses the number for good; send again can still try', async () => {
    const phoneNumber = freshNumber('+49152');
    await api.sandbox.client.failMessages(phoneNumber, 1, { permanent: true });
    const { cartName, orderNumber, answer } = await buyVoucher({ channel: 'sms', phoneNumber });
    const failed = await deliveryReaches(orderNumber, cartName, 'FAILED');
    expect(failed).toEqual({ channel: 'sms', phoneNumber, state: 'FAILED', sentAt: null });
    const events = (await timeline(orderNumber)).map((event) => event.type);
    expect(events.filter((type) => type === 'voucher-delivery.attempt')).toHaveLength(1);
    expect(events.slice(-2)).toEqual(['voucher-delivery.refused', 'voucher-delivery.given-up']);
    expect(await messagesTo(phoneNumber)).toEqual([]);

    await sentAgainOnce({ orderNumber, cartName }, phoneNumber, answer.voucherPin);
  }, 60_000);

  it('are given up on after the last refused try; the PIN stays, and send again starts anew', async () => {
    const phoneNumber = freshNumber('+49152');
    await api.sandbox.client.failMessages(phoneNumber, 1000);
    const { cartName, orderNumber, answer } = await buyVoucher({ channel: 'sms', phoneNumber });
    await waitFor('a refused try', async () =>
      (await timeline(orderNumber)).some((event) => event.type === 'voucher-delivery.refused')
        ? true
        : undefined,
    );
    // As if every try but the last had been refused already (the job's back-off spans 21-42 minutes).
    await api.database.executeSql(
      `update voucher_deliveries set attempts = ${VOUCHER_DELIVERY_ATTEMPTS - 1} where phone_number = $1`,
      [phoneNumber],
    );
    const failed = await deliveryReaches(orderNumber, cartName, 'FAILED');
    expect(failed).toEqual({ channel: 'sms', phoneNumber, state: 'FAILED', sentAt: null });
    expect((await timeline(orderNumber)).map((event) => event.type).slice(-3)).toEqual([
      'voucher-delivery.attempt',
      'voucher-delivery.refused',
      'voucher-delivery.given-up',
    ]);
    const again = await client.call('POST', '/api/shop/rest/payment-commit-order', TENANT, {
      cartName,
      orderNumber,
    });
    expect(again.body).toMatchObject({
      orderStatus: 'ORDER_ALREADY_COMMITTED',
      voucherPin: answer.voucherPin,
      voucherDelivery: { state: 'FAILED' },
    });

    await api.sandbox.client.failMessages(phoneNumber, 0);
    await sentAgainOnce({ orderNumber, cartName }, phoneNumber, answer.voucherPin);
  }, 60_000);

  it('go only by a channel the shop offers, to a number of its countries', async () => {
    const funkfixCart = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1000', phoneNumber: freshNumber() },
    ]);
    const refused = await client.call('POST', '/api/shop/rest/checkout-address', 'funkfix', {
      cartName: funkfixCart,
      deliveryAddress: guestAddress({
        voucherDeliveryAddress: { channel: 'sms', phoneNumber: freshNumber() },
      }),
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(refused.body.message).toBe(
      'deliveryAddress.voucherDeliveryAddress.channel: this shop does not send voucher PINs by sms (it sends them by email)',
    );

    const cartName = await client.newCart(TENANT, [{ productId: VOUCHER }]);
    const address = (voucherDeliveryAddress: unknown) =>
      client.call('POST', '/api/shop/rest/checkout-address', TENANT, {
        cartName,
        deliveryAddress: guestAddress({ voucherDeliveryAddress }),
      });
    expect(await address({ channel: 'email', phoneNumber: freshNumber() })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    const foreign = await address({ channel: 'sms', phoneNumber: '+33612345678' });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(foreign.body.message).toContain('voucherDeliveryAddress.phoneNumber');
    // A text, as before, is still taken.
    expect((await address('kim@example.com')).status).toBe(200);

    // The Apple Pay start checks it the same way, under either spelling.
    const blitzCart = await client.newCart('blitzmobil', [
      { productId: 'blitzmobil-topup-1000', phoneNumber: freshNumber('+49151') },
    ]);
    for (const field of ['voucherdeliveryaddress', 'voucherDeliveryAddress']) {
      const applePay = await client.call(
        'POST',
        '/api/shop/rest/checkout-start-apple-payment',
        'blitzmobil',
        {
          cartName: blitzCart,
          paymentMethod: 'applepay',
          [field]: { channel: 'whatsapp', phoneNumber: freshNumber() },
        },
      );
      expect(applePay).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      expect(applePay.body.message).toContain(`${field}.channel`);
    }
  });
});

describe('send again', () => {
  it('sends the PINs to the same number again, three times an hour', async () => {
    const phoneNumber = freshNumber('+49171');
    const { cartName, orderNumber, answer } = await buyVoucher({ channel: 'sms', phoneNumber });
    await deliveryReaches(orderNumber, cartName, 'SENT');

    for (let time = 1; time <= 3; time += 1) {
      const sent = await sendAgain(orderNumber, { cartName });
      expect(sent).toMatchObject({
        status: 202,
        body: { channel: 'sms', phoneNumber, state: 'PENDING', sentAt: null },
      });
      await waitFor(`message ${time + 1}`, async () =>
        (await messagesTo(phoneNumber)).length === time + 1 ? true : undefined,
      );
    }
    const refused = await api.request(deliveryPath(orderNumber), {
      method: 'POST',
      headers: { 'X-Tenant-Id': TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cartName }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    await deliveryReaches(orderNumber, cartName, 'SENT');
    const messages = await messagesTo(phoneNumber);
    expect(messages).toHaveLength(4);
    for (const message of messages) expect(message.text).toContain(answer.voucherPin);
    // A number given with the request is refused: the PINs go only where the shopper chose at checkout.
    expect(await sendAgain(orderNumber, { cartName, phoneNumber: freshNumber() })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  }, 60_000);

  it('is refused for someone else’s order, and for an order whose PINs went by e-mail only', async () => {
    const phoneNumber = freshNumber('+49175');
    const { cartName, orderNumber } = await buyVoucher({ channel: 'whatsapp', phoneNumber });
    await deliveryReaches(orderNumber, cartName, 'SENT');
    const otherCart = await client.newCart(TENANT, [{ productId: VOUCHER }]);

    for (const [answer, why] of [
      [await sendAgain(orderNumber, { cartName: otherCart }), 'another cart'],
      [await sendAgain(orderNumber, {}), 'no cart, no account'],
      [await sendAgain(orderNumber, { cartName }, undefined, 'kartenkiosk'), 'another shop'],
      [await sendAgain(orderNumber, {}, await shopper.signIn(TENANT)), 'an account it is not in'],
      [await deliveryOf(orderNumber, otherCart), 'reading it with another cart'],
    ] as const) {
      expect(answer, why).toMatchObject({ status: 404, body: { code: 'UNKNOWN_ORDER' } });
    }
    expect(await messagesTo(phoneNumber)).toHaveLength(1);

    const byMail = await buyVoucher(undefined);
    expect(byMail.answer.voucherDelivery).toBeNull();
    expect(await sendAgain(byMail.orderNumber, { cartName: byMail.cartName })).toMatchObject({
      status: 409,
      body: { code: 'VOUCHER_DELIVERY_UNAVAILABLE' },
    });
  }, 60_000);

  it('works for a signed-in shopper by the account alone, and the history shows the PIN and its sending', async () => {
    const token = await shopper.signIn(TENANT);
    const phoneNumber = freshNumber('+49170');
    const { cartName, orderNumber, answer } = await buyVoucher({ channel: 'whatsapp', phoneNumber }, token);
    await deliveryReaches(orderNumber, cartName, 'SENT');

    expect(await sendAgain(orderNumber, {}, token)).toMatchObject({ status: 202 });
    await waitFor('the second message', async () =>
      (await messagesTo(phoneNumber)).length === 2 ? true : undefined,
    );
    const history = await client.call(
      'GET',
      `/api/shop/rest/orders/history/${orderNumber}`,
      TENANT,
      undefined,
      token,
    );
    expect(history.status).toBe(200);
    expect(history.body.purchase).toMatchObject({
      voucherPin: answer.voucherPin,
      voucherDelivery: { channel: 'whatsapp', phoneNumber },
    });
  }, 60_000);
});
