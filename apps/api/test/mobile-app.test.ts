import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { tokenHashOf } from '../src/accounts/sessions';
import { cleanUp } from '../src/jobs/cleanup';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD } from './checkout-support';

/**
 * The mobile-app flow (decision 0050): callhome's app opens the shop with a signed entry link (the
 * sandbox's app simulator makes them); the session sells in the app's channel and currency, takes
 * the app's number and address, keeps the app's saved methods and hands numbers on without `+`.
 */
const api = apiForFile();
const shop = checkoutClient(api);

let counter = 0;
/** A CallHome number (the operator's +4456 range) no other test uses. */
const freshNumber = () => `+4456${String(Date.now() * 10 + (counter++ % 10)).slice(-8)}`;

const ADDRESS = {
  firstname: 'Amira',
  lastname: 'Khan',
  street: 'Baker Street',
  houseNumber: '221B',
  zip: 'NW1 6XE',
  city: 'London',
  countryCode: 'GB',
  email: 'amira@example.org',
  language: 'en',
};

const tokenOf = (entryUrl: string) => new URL(entryUrl).searchParams.get('token') ?? '';

async function entryToken(request: Record<string, unknown> & { msisdn: string; currency: string }) {
  const { entryUrl } = await api.sandbox.client.entryLink(request);
  expect(new URL(entryUrl).pathname).toBe('/app/entry');
  return tokenOf(entryUrl);
}

const openSession = (token: string, tenant = 'callhome') =>
  shop.call('POST', '/api/shop/rest/app-sessions', tenant, { entryToken: token });

/** An app session of a new number: its access token and what the shop answered. */
async function appSession(currency = 'GBP', extra: Record<string, unknown> = {}) {
  const msisdn = freshNumber();
  const answer = await openSession(await entryToken({ msisdn, currency, ...extra }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { msisdn, token: answer.body.accessToken as string, body: answer.body };
}

const APP_DEVICE = 'app-device-0042';

const REFUSED = { code: 'APP_ENTRY_LINK_INVALID', message: expect.any(String) };

describe('the entry link', () => {
  it('opens a session of the app’s number, channel and currency', async () => {
    const msisdn = freshNumber();
    const answer = await openSession(await entryToken({ msisdn, currency: 'EUR', deviceId: 'phone-0001' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
      channel: 'app',
      msisdn,
      currency: 'EUR',
      deviceId: 'phone-0001',
      returnUrl: `${api.sandbox.baseUrl}/app-simulator/return`,
    });
  });

  it('refuses a forged one', async () => {
    const answer = await openSession(
      await entryToken({ msisdn: freshNumber(), currency: 'GBP', forge: true }),
    );
    expect(answer).toEqual({ status: 401, body: REFUSED });
  });

  it('refuses an expired one', async () => {
    const token = await entryToken({ msisdn: freshNumber(), currency: 'GBP', expiresInSeconds: -60 });
    expect(await openSession(token)).toEqual({ status: 401, body: REFUSED });
  });

  it('opens one session only: the same link again, also at the same moment, is refused', async () => {
    const token = await entryToken({ msisdn: freshNumber(), currency: 'GBP' });
    const answers = await Promise.all([openSession(token), openSession(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await openSession(token)).toEqual({ status: 401, body: REFUSED });
  });

  it('refuses a link for another shop, one meant to live too long and a foreign return address', async () => {
    const msisdn = freshNumber();
    expect((await openSession(await entryToken({ msisdn, currency: 'GBP' }), 'funkfix')).status).toBe(401);
    const long = await entryToken({ msisdn, currency: 'GBP', expiresInSeconds: 7200 });
    expect(await openSession(long)).toEqual({ status: 401, body: REFUSED });
    const foreign = await entryToken({ msisdn, currency: 'GBP', returnUrl: 'https://evil.example/return' });
    expect(await openSession(foreign)).toEqual({ status: 401, body: REFUSED });
  });

  it('opens the shop with either key while the app moves to a new one, and with no other', async () => {
    const NEW_KEY = 'callhome-app-key-of-2027-rotation';
    const rotating = await api.another(undefined, {
      appEntryKeys: new Map([['callhome', [NEW_KEY, 'sandbox-app-key-callhome']]]),
    });
    const openWith = async (token: string) =>
      (
        await rotating.request('/api/shop/rest/app-sessions', {
          method: 'POST',
          headers: { 'X-Tenant-Id': 'callhome', 'Content-Type': 'application/json' },
          body: JSON.stringify({ entryToken: token }),
        })
      ).status;
    const signedWith = (key: string) =>
      new SignJWT({ channel: 'app', msisdn: freshNumber(), currency: 'GBP' })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(`link-${key.length}-${Date.now()}`)
        .setAudience('callhome')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(key));

    expect(await openWith(await signedWith(NEW_KEY))).toBe(200);
    expect(await openWith(await entryToken({ msisdn: freshNumber(), currency: 'GBP' }))).toBe(200);
    expect(await openWith(await signedWith('a-key-the-shop-never-had'))).toBe(401);
    // The API with the old key alone does not take the new one.
    expect((await openSession(await signedWith(NEW_KEY))).status).toBe(401);
  });

  it('answers 400 to a body that is not an entry token', async () => {
    const answer = await shop.call('POST', '/api/shop/rest/app-sessions', 'callhome', { token: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('used entry links', () => {
  const HOUR_MS = 60 * 60 * 1000;

  /** The session's row and the record of its link's use, by the session's access token. */
  async function recordsOf(accessToken: string) {
    const tokenHash = tokenHashOf(accessToken);
    const { db } = api.database;
    return {
      session: await db
        .select()
        .from(schema.customerSessions)
        .where(eq(schema.customerSessions.tokenHash, tokenHash)),
      link: await db.select().from(schema.appSessions).where(eq(schema.appSessions.tokenHash, tokenHash)),
    };
  }

  /** Moves a session back in time, as if its link had been used `hours` ago. */
  async function openedHoursAgo(accessToken: string, hours: number) {
    const tokenHash = tokenHashOf(accessToken);
    const openedAt = new Date(Date.now() - hours * HOUR_MS);
    await api.database.db
      .update(schema.appSessions)
      .set({ createdAt: openedAt })
      .where(eq(schema.appSessions.tokenHash, tokenHash));
    await api.database.db
      .update(schema.customerSessions)
      .set({ createdAt: openedAt, expiresAt: new Date(openedAt.getTime() + 12 * HOUR_MS) })
      .where(eq(schema.customerSessions.tokenHash, tokenHash));
  }

  it('go with their sessions in the cleanup pass once both are over; a live session and its link stay', async () => {
    const linkOfLive = await entryToken({ msisdn: freshNumber(), currency: 'GBP' });
    const live = (await openSession(linkOfLive)).body.accessToken as string;
    const over = (await appSession('GBP', { deviceId: APP_DEVICE })).token;
    const signedOutEarly = (await appSession('GBP')).token;
    await openedHoursAgo(over, 14);
    // Its link may still be within its hour: the record of its use must stay.
    await api.database.db
      .update(schema.customerSessions)
      .set({ endedAt: new Date() })
      .where(eq(schema.customerSessions.tokenHash, tokenHashOf(signedOutEarly)));

    expect((await recordsOf(over)).link).toMatchObject([{ deviceId: APP_DEVICE }]);
    expect((await cleanUp(api.database.db)).spentAppSessions).toBe(1);

    expect(await recordsOf(over)).toEqual({ session: [], link: [] });
    for (const token of [live, signedOutEarly]) {
      const kept = await recordsOf(token);
      expect([kept.session.length, kept.link.length]).toEqual([1, 1]);
    }
    expect(await openSession(linkOfLive)).toEqual({ status: 401, body: REFUSED });
    const products = await shop.call(
      'GET',
      '/api/shop/rest/v1/products?size=50',
      'callhome',
      undefined,
      live,
    );
    expect(products.body.items.map((item: { productId: string }) => item.productId)).toContain(
      'callhome-app-card-gbp-1500',
    );
    expect((await cleanUp(api.database.db)).spentAppSessions).toBe(0);
  });
});

describe('products in the app', () => {
  const productIds = async (headers: { token?: string; channel?: string } = {}) => {
    const response = await api.request('/api/shop/rest/v1/products?size=50', {
      headers: {
        'X-Tenant-Id': 'callhome',
        ...(headers.channel ? { 'X-Channel': headers.channel } : {}),
        ...(headers.token ? { Authorization: `Bearer ${headers.token}` } : {}),
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { productId: string; currency: string }[] };
    return body.items;
  };

  it('lists the app’s calling cards only in the app, in the app’s currency', async () => {
    const web = await productIds();
    expect(web.map((item) => item.productId)).not.toContain('callhome-app-card-gbp-1500');
    expect(web.map((item) => item.productId)).toContain('callhome-calling-card-1000');

    const gbp = await productIds({ token: (await appSession('GBP')).token });
    expect(gbp.map((item) => item.productId)).toEqual(
      expect.arrayContaining(['callhome-app-card-gbp-1500', 'callhome-calling-card-1000']),
    );
    expect(new Set(gbp.map((item) => item.currency))).toEqual(new Set(['GBP']));

    const eur = await productIds({ token: (await appSession('EUR')).token });
    expect(eur.map((item) => item.productId).sort()).toEqual([
      'callhome-app-card-eur-1000',
      'callhome-app-card-eur-2000',
    ]);
  });

  it('sells an app card only in an app cart, and an app cart only in the app’s currency', async () => {
    const web = await shop.call('POST', '/api/shop/rest/v2/addToCart', 'callhome', {
      items: [{ productId: 'callhome-app-card-gbp-1500' }],
    });
    expect(web.status).toBe(400);
    expect(web.body.code).toBe('PRODUCT_NOT_AVAILABLE');

    const { token } = await appSession('EUR');
    const add = (productId: string) =>
      shop.call('POST', '/api/shop/rest/v2/addToCart', 'callhome', { items: [{ productId }] }, token);
    expect((await add('callhome-calling-card-1000')).status).toBe(400);
    const eur = await add('callhome-app-card-eur-2000');
    expect(eur.status).toBe(200);
    expect(eur.body.summary).toMatchObject({ currency: 'EUR', totalPrice: 2000 });
  });
});

describe('paying in the app', () => {
  /** A cart of the app session with the product, past the contact step; answers its name. */
  async function appCheckout(token: string, productId: string): Promise<string> {
    const cart = await shop.call(
      'POST',
      '/api/shop/rest/v2/addToCart',
      'callhome',
      { items: [{ productId }] },
      token,
    );
    const cartName = cart.body.cartName as string;
    const address = await shop.call(
      'POST',
      '/api/shop/rest/checkout-address',
      'callhome',
      { cartName, deliveryAddress: ADDRESS, language: 'en' },
      token,
    );
    // The app vouches for its number: no code by SMS, although the method is saved.
    expect(address.body).toMatchObject({ nextStep: 'PAYMENT' });
    return cartName;
  }

  async function paidWithCard(token: string, savePayment: boolean) {
    const cartName = await appCheckout(token, 'callhome-app-card-gbp-1500');
    const started = await shop.call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      'callhome',
      { cartName, paymentMethod: 'creditcard', savePayment, deviceId: 'page-device-0001' },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The provider's fraud check gets the device the app names, whatever the page sent.
    expect((await api.sandbox.client.payment(started.body.payerUrl)).deviceId).toBe(APP_DEVICE);
    await shop.act(started.body.payerUrl, 'approve', GOOD_CARD);
    const done = await shop.commitUntilFinal('callhome', cartName, started.body.orderNumber, {}, token);
    expect(done.orderStatus).toBe('committed');
    return done;
  }

  it('asks for the address in the app', async () => {
    const { token } = await appSession('GBP');
    const cart = await shop.call(
      'POST',
      '/api/shop/rest/v2/addToCart',
      'callhome',
      { items: [{ productId: 'callhome-app-card-gbp-1500' }] },
      token,
    );
    const noAddress = await shop.call(
      'POST',
      '/api/shop/rest/checkout-address',
      'callhome',
      { cartName: cart.body.cartName, deliveryAddress: { ...ADDRESS, street: 'N/A' }, language: 'en' },
      token,
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.code).toBe('VALIDATION_FAILED');
    expect(noAddress.body.message).toContain('street');
  });

  it('saves the card on the app’s number and charges it on the next purchase, for that number only', async () => {
    const first = await appSession('GBP', { deviceId: APP_DEVICE });
    const bought = await paidWithCard(first.token, true);
    expect(bought.voucherPin).toEqual(expect.any(String));

    // The app comes back another day: a new session of the same number finds the card.
    const again = await openSession(await entryToken({ msisdn: first.msisdn, currency: 'GBP' }));
    const token = again.body.accessToken as string;
    const tokens = await shop.call('GET', '/api/shop/rest/payment-tokens', 'callhome', undefined, token);
    expect(tokens.status).toBe(200);
    expect(tokens.body.paymentTokens).toHaveLength(1);
    const [saved] = tokens.body.paymentTokens;

    const cartName = await appCheckout(token, 'callhome-calling-card-1000');

    // Another number's session cannot use it.
    const stranger = await appSession('GBP');
    const refused = await shop.call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      'callhome',
      { cartName, paymentMethod: 'creditcard', paymentTokenId: saved.id },
      stranger.token,
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    const charged = await shop.call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      'callhome',
      { cartName, paymentMethod: 'creditcard', paymentTokenId: saved.id },
      token,
    );
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const done = await shop.commitUntilFinal('callhome', cartName, charged.body.orderNumber, {}, token);
    expect(done).toMatchObject({ orderStatus: 'committed', amountCharged: 1000, currency: 'GBP' });
  });

  it('a web shopper of a shop without accounts still has none: the app’s methods need the app', async () => {
    const tokens = await shop.call('GET', '/api/shop/rest/payment-tokens', 'callhome');
    expect(tokens.status).toBe(401);
  });
});

describe('numbers without their +', () => {
  it('callhome hands the operator a cash code’s number without the leading +', async () => {
    const msisdn = freshNumber();
    const code = `21${String(Date.now()).slice(-10)}`;
    const cart = await shop.call('POST', '/api/shop/rest/v2/addToCart', 'callhome', {
      items: [{ productId: 'callhome-cash-code', amount: 1000, phoneNumber: msisdn, cashCode: code }],
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartName = cart.body.cartName as string;
    await shop.call('POST', '/api/shop/rest/checkout-address', 'callhome', {
      cartName,
      deliveryAddress: { email: 'cash@example.org' },
      language: 'en',
    });
    const order = await shop.call('POST', '/api/shop/rest/orders', 'callhome', { cartName });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const done = await shop.commitUntilFinal('callhome', cartName, order.body.orderNumber);
    expect(done.orderStatus).toBe('committed');
    const response = await fetch(`${api.sandbox.baseUrl}/operator/cash-codes/${code}`);
    expect(await response.json()).toMatchObject({
      status: 'USED',
      redeemedFor: { msisdn, msisdnAsSent: msisdn.slice(1) },
    });
  });
});
