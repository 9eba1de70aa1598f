import { createHmac, randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staleSmsRequests } from '../src/sms-topups/inbound';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD } from './checkout-support';
import { OPERATOR_SECRET } from './harness';
import { waitFor } from './processes';
import { freshNumber, LATER_DECLINED_CARD, setupClient, shopperClient } from './saved-methods-support';

/**
 * SMS top-ups (decision 0041, docs/sms-topups.md): registration through the cart and the account
 * calls, then the shopper's SMS to the short number, read, charged, topped up and answered once.
 */
const api = apiForFile();
const shopper = () => shopperClient(api);
const { paidSetup, freeSetup } = setupClient(api);
const SHOP = 'belwaarde';
const SHORT_NUMBER = '4411';
/** What a number's balance is at the sandbox operator before any top-up. */
const START = 500;

const smsItem = (phoneNumber: string, pin: string, extra: Record<string, unknown> = {}) => ({
  productId: 'belwaarde-sms',
  amount: 1000,
  phoneNumber,
  smsTopupConsent: pin,
  ...extra,
});

const rowsOf = async (token: string) => {
  const answer = await shopper().call('GET', '/api/shop/rest/smstopup/query', SHOP, undefined, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.rows as { index: number; msisdn: string; status: string; paymentToken: string }[];
};

/** A fresh belwaarde account with a fresh number registered for SMS top-ups (free, on a saved card). */
async function registered(pin = '2468', card = GOOD_CARD) {
  const { freshAccount, saveCard } = shopper();
  const { token } = await freshAccount(SHOP);
  const { id: cardId } = await saveCard(SHOP, token, card);
  const number = freshNumber('+31612', 6);
  const setup = await freeSetup(SHOP, token, smsItem(number, pin), cardId);
  expect((await setup.commit()).body.orderStatus).toBe('committed');
  return { token, number, cardId };
}

/** The SMS as the operator passes it on, signed. */
function sms(from: string, text: string, messageId = `msg_${randomUUID()}`, to = SHORT_NUMBER) {
  const body = JSON.stringify({
    eventId: `evt_${randomUUID()}`,
    type: 'sms',
    from,
    to,
    text,
    messageId,
    occurredAt: new Date().toISOString(),
  });
  return api.request('/api/webhooks/operator', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': `sha256=${createHmac('sha256', OPERATOR_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
}

/** The answers the number received by SMS, oldest first. */
const answersTo = async (number: string) =>
  (await api.sandbox.client.outbox(number))
    .filter((message) => message.channel === 'sms' && !/\b\d{6}\b/.test(message.text))
    .reverse();

/** Waits for the number's n-th answer and gives it. */
const answer = (number: string, n: number) =>
  waitFor(`answer ${n} to ${number}`, async () => (await answersTo(number))[n - 1]?.text);

const smsOrders = async (token: string) =>
  (((await shopper().history(SHOP, token)).orders ?? []) as { orderNumber: string; totalPrice?: number }[])
    .length;

describe('registering a number through the cart', () => {
  it('pays the first top-up, keeps the card and the PIN’s hash only, and lists the number', {
    timeout: 60_000,
  }, async () => {
    const { freshAccount } = shopper();
    const { token } = await freshAccount(SHOP);
    const number = freshNumber('+31612', 6);
    const { committed, cartName } = await paidSetup(SHOP, token, smsItem(number, '9753'));
    expect(committed?.body).toMatchObject({ orderStatus: 'committed', creditAdded: 1000 });
    expect(await api.sandbox.client.balance(number)).toBe(START + 1000);
    const [row] = await rowsOf(token);
    expect(row).toMatchObject({
      msisdn: number,
      status: 'ACTIVE',
      channel: 'sms',
      shortNumber: SHORT_NUMBER,
    });
    const { db } = api.database;
    const [kept] = await db.select().from(schema.smsTopups).where(eq(schema.smsTopups.msisdn, number));
    expect(kept?.pinHash).toMatch(/^\$argon2id\$/);
    const [order] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.cartName, String(cartName)));
    expect(JSON.stringify(order?.lines)).not.toContain('9753');
    expect(JSON.stringify(order?.lines)).toContain('"topupConsentType":"sms"');
  });

  it('sets up for free on a saved method, delivering nothing, and refuses the number a second time', {
    timeout: 60_000,
  }, async () => {
    const { token, number } = await registered();
    expect(await api.sandbox.client.balance(number)).toBe(START);
    expect(await rowsOf(token)).toHaveLength(1);
    const again = await checkoutClient(api).call('POST', '/api/shop/rest/v2/addToCart', SHOP, {
      items: [smsItem(number, '1111')],
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER' },
    });
  });

  it('refuses a PIN that is not 4 to 6 digits, a missing PIN, and a PIN on another product', async () => {
    const { call } = checkoutClient(api);
    const number = freshNumber('+31612', 6);
    for (const items of [
      [smsItem(number, '12')],
      [smsItem(number, '1234567')],
      [smsItem(number, 'abcd')],
      [{ productId: 'belwaarde-sms', amount: 1000, phoneNumber: number }],
      [
        {
          productId: 'belwaarde-sms',
          amount: 1000,
          phoneNumber: number,
          smsTopupConsent: '1234',
          quantity: 2,
        },
      ],
      [{ productId: 'belwaarde-topup-1000', phoneNumber: number, smsTopupConsent: '1234' }],
    ]) {
      const added = await call('POST', '/api/shop/rest/v2/addToCart', SHOP, { items });
      expect(added.status, JSON.stringify(items)).toBe(400);
      expect(added.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(added.body), JSON.stringify(items)).toMatch(/smsTopupConsent|quantity/);
    }
  });

  it('needs an account, a saved method for a free set-up, and a method it can charge again', {
    timeout: 60_000,
  }, async () => {
    const { call, newCart } = checkoutClient(api);
    const { signIn, contactConfirmed } = shopper();
    const number = freshNumber('+31612', 6);
    const guestCart = await newCart(SHOP, [smsItem(number, '1234', { setupOnly: true })]);
    await contactConfirmed(SHOP, guestCart, number);
    expect((await call('POST', '/api/shop/rest/orders', SHOP, { cartName: guestCart })).body.code).toBe(
      'AUTHORIZATION_REQUIRED',
    );
    const token = await signIn(SHOP);
    const free = await freeSetup(SHOP, token, smsItem(number, '1234'));
    expect((await free.commit()).body.code).toBe('PAYMENT_TOKEN_NOT_FOUND');
    const paidCart = await newCart(SHOP, [smsItem(freshNumber('+31612', 6), '1234')]);
    const started = await call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      SHOP,
      { cartName: paidCart, paymentMethod: 'ideal', additionalData: { ideal: { issuerId: 'INGBNL2A' } } },
      token,
    );
    expect(started).toMatchObject({ status: 400, body: { code: 'PAYMENT_METHOD_IS_NOT_AVAILABLE' } });
  });
});

describe('an SMS to the short number', () => {
  it('tops up once however often the message is delivered, and answers once', {
    timeout: 60_000,
  }, async () => {
    const { token, number } = await registered('2468');
    const messageId = `msg_${randomUUID()}`;
    const deliveries = await Promise.all([
      sms(number, 'KOOP 15 2468', messageId),
      sms(number, 'KOOP 15 2468', messageId),
    ]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await answer(number, 1)).toMatch(/€\s?15(,00)? is opgewaardeerd/);
    expect((await sms(number, 'KOOP 15 2468', messageId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await api.sandbox.client.balance(number)).toBe(START + 1500);
    expect(await smsOrders(token)).toBe(2);
    expect(await answersTo(number)).toHaveLength(1);
    // A new message with the same text is a new top-up.
    expect((await sms(number, 'koop 5 2468')).status).toBe(200);
    await answer(number, 2);
    expect(await api.sandbox.client.balance(number)).toBe(START + 2000);
  });

  it('gives up an answer the gateway refuses for good, and never sends it later', {
    timeout: 60_000,
  }, async () => {
    const { number } = await registered('2468');
    await api.sandbox.client.failMessages(number, 1, { permanent: true });
    expect((await sms(number, 'KOOP 15 2468')).status).toBe(200);
    const request = await waitFor('the answer refused for good', async () => {
      const [row] = await api.database.db
        .select()
        .from(schema.smsTopupRequests)
        .where(eq(schema.smsTopupRequests.msisdn, number));
      return row?.answerRefusedAt ? row : undefined;
    });
    expect(request).toMatchObject({ state: 'DONE', answeredAt: null });
    expect(await api.sandbox.client.balance(number)).toBe(START + 1500);
    // Neither the job's retries nor the pass that takes up lost jobs tries it again.
    const { rows: jobs } = await api.database.executeSql(
      `select state from pgboss.job where name = 'sms-topup' and singleton_key = $1`,
      [request.id],
    );
    expect(jobs).toEqual([{ state: 'completed' }]);
    expect(await staleSmsRequests(api.database.db, new Date(Date.now() + 60 * 60_000))).not.toContain(
      request.id,
    );
    expect(await answersTo(number)).toEqual([]);
  });

  it('from the sandbox operator, redelivered with the same message id, tops up once', {
    timeout: 60_000,
  }, async () => {
    const { number } = await registered('1357');
    const send = () =>
      fetch(`${api.sandbox.baseUrl}/operator/events/sms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          from: number,
          to: SHORT_NUMBER,
          text: 'KOOP 10 1357',
          messageId: `msg-${number}`,
        }),
      });
    expect((await send()).status).toBe(202);
    expect(await answer(number, 1)).toContain('opgewaardeerd');
    expect((await send()).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await answersTo(number)).toHaveLength(1);
    expect(await api.sandbox.client.balance(number)).toBe(START + 1000);
  });

  it('does not top up on a wrong PIN, locks after five, and works again once unlocked', {
    timeout: 90_000,
  }, async () => {
    const { token, number } = await registered('2468');
    for (let n = 1; n <= 4; n += 1) {
      await sms(number, 'KOOP 15 1111');
      expect(await answer(number, n)).toContain(`Nog ${5 - n}`);
    }
    await sms(number, 'KOOP 15 1111');
    expect(await answer(number, 5)).toContain('geblokkeerd');
    expect((await rowsOf(token))[0]?.status).toBe('LOCKED');
    await sms(number, 'KOOP 15 2468');
    expect(await answer(number, 6)).toContain('geblokkeerd');
    expect(await api.sandbox.client.balance(number)).toBe(START);
    expect(await smsOrders(token)).toBe(1);

    const [row] = await rowsOf(token);
    const unlocked = await shopper().call(
      'PUT',
      '/api/shop/rest/smstopup',
      SHOP,
      { index: row?.index, unlock: true },
      token,
    );
    expect(unlocked.body.smsTopup).toMatchObject({ status: 'ACTIVE' });
    await sms(number, 'KOOP 15 2468');
    expect(await answer(number, 7)).toContain('opgewaardeerd');
    expect(await api.sandbox.client.balance(number)).toBe(START + 1500);
  });

  it('answers an unregistered number politely once and charges nothing', { timeout: 30_000 }, async () => {
    const number = freshNumber('+31612', 6);
    await sms(number, 'KOOP 15 1234');
    expect(await answer(number, 1)).toContain('niet aangemeld');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await answersTo(number)).toHaveLength(1);
    expect(await api.sandbox.client.balance(number)).toBe(START);
  });

  it('explains a text it cannot read or an amount out of range, without counting a wrong PIN', {
    timeout: 60_000,
  }, async () => {
    const { number } = await registered('2468');
    await sms(number, 'hallo');
    expect(await answer(number, 1)).toContain(`"KOOP 15 1234"`);
    await sms(number, 'KOOP 5000 2468');
    expect(await answer(number, 2)).toMatch(/van .* tot /);
    await sms(number, 'KOOP nul 2468');
    expect(await answer(number, 3)).toMatch(/van .* tot /);
    const [kept] = await api.database.db
      .select()
      .from(schema.smsTopups)
      .where(eq(schema.smsTopups.msisdn, number));
    expect(kept).toMatchObject({ pinFailures: 0, status: 'ACTIVE' });
    expect(await api.sandbox.client.balance(number)).toBe(START);
  });

  it('tells the shopper when the saved card declines, and tops up nothing', { timeout: 60_000 }, async () => {
    const { token, number } = await registered('2468', LATER_DECLINED_CARD);
    await sms(number, 'KOOP 15 2468');
    expect(await answer(number, 1)).toContain('geweigerd');
    expect(await api.sandbox.client.balance(number)).toBe(START);
    const [request] = await api.database.db
      .select()
      .from(schema.smsTopupRequests)
      .where(eq(schema.smsTopupRequests.msisdn, number));
    expect(request).toMatchObject({ state: 'DECLINED', text: 'KOOP 15 ****', sealedText: null });
    const [sold] = (await shopper().history(SHOP, token)).orders as {
      orderStatus: string;
      totalPrice: number;
    }[];
    expect(sold).toMatchObject({ orderStatus: 'failed', totalPrice: 1500 });
  });

  it('refuses an SMS not signed by the operator', async () => {
    const body = JSON.stringify({
      eventId: 'evt_x',
      type: 'sms',
      from: '+31612000001',
      to: SHORT_NUMBER,
      text: 'KOOP 15 1234',
    });
    const answer = await api.request('/api/webhooks/operator', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': `sha256=${'0'.repeat(64)}` },
      body,
    });
    expect(answer.status).toBe(401);
  });
});

describe('the account’s SMS top-ups', () => {
  it('change method and PIN, delete in one step, and are nobody else’s business', {
    timeout: 90_000,
  }, async () => {
    const { call, saveCard, freshAccount, methods } = shopper();
    const { token, number, cardId } = await registered('2468');
    const [row] = await rowsOf(token);
    const index = row?.index as number;
    const put = (body: Record<string, unknown>, as = token) =>
      call('PUT', '/api/shop/rest/smstopup', SHOP, body, as);

    const { id: otherCard } = await saveCard(SHOP, token);
    expect((await put({ index, paymentTokenId: otherCard })).body.smsTopup.paymentToken).toBe(otherCard);
    expect((await methods(SHOP, token)).find((method) => method.id === cardId)?.recurring).toBe(false);
    expect(
      (await call('POST', '/api/shop/rest/payment-tokens/delete', SHOP, { id: otherCard }, token)).body.code,
    ).toBe('DISALLOWED_PAYMENT_TOKEN_ID');
    expect((await put({ index, smsTopupConsent: '12' })).status).toBe(400);
    expect((await put({ index, smsTopupConsent: '8642' })).status).toBe(200);
    await sms(number, 'KOOP 5 8642');
    expect(await answer(number, 1)).toContain('opgewaardeerd');

    const stranger = await freshAccount(SHOP);
    expect((await put({ index, unlock: true }, stranger.token)).status).toBe(404);
    expect((await call('DELETE', '/api/shop/rest/smstopup', SHOP, { index }, stranger.token)).status).toBe(
      404,
    );
    expect((await call('GET', '/api/shop/rest/smstopup/query', SHOP)).status).toBe(401);
    expect((await put({ index: 999_999_999, unlock: true })).status).toBe(404);
    expect(
      (
        await put({
          phoneNumber: freshNumber('+31612', 6),
          paymentTokenId: otherCard,
          smsTopupConsent: '1234',
        })
      ).body.code,
    ).toBe('VALIDATION_FAILED');

    expect((await call('DELETE', '/api/shop/rest/smstopup', SHOP, { index }, token)).body).toEqual({
      status: 'successfulDelete',
      message: 'successfulDelete',
    });
    expect(await rowsOf(token)).toEqual([]);
    expect((await call('DELETE', '/api/shop/rest/smstopup', SHOP, { index }, token)).status).toBe(404);
    await sms(number, 'KOOP 5 8642');
    expect(await answer(number, 2)).toContain('niet aangemeld');

    // A number confirmed before may be registered again without the cart.
    const again = await put({ phoneNumber: number, paymentTokenId: otherCard, smsTopupConsent: '1357' });
    expect(again.body.smsTopup).toMatchObject({ msisdn: number, status: 'ACTIVE' });
    expect(
      (await put({ phoneNumber: number, paymentTokenId: otherCard, smsTopupConsent: '1357' })).body.code,
    ).toBe('ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER');
  });

  it('the demo account has the demo number registered with PIN 1234, in its own data without the PIN', {
    timeout: 30_000,
  }, async () => {
    const { signIn, call } = shopper();
    const token = await signIn(SHOP);
    const demo = expect.objectContaining({
      msisdn: '+31612340108',
      status: 'ACTIVE',
      shortNumber: SHORT_NUMBER,
    });
    expect(await rowsOf(token)).toEqual([demo]);
    const exported = await call('GET', '/api/shop/rest/account/export', SHOP, undefined, token);
    expect(exported.body.smsTopups).toEqual([demo]);
    const [kept] = await api.database.db
      .select()
      .from(schema.smsTopups)
      .where(eq(schema.smsTopups.msisdn, '+31612340108'));
    expect(JSON.stringify(exported.body)).not.toContain(String(kept?.pinHash));
  });
});
