import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD } from './checkout-support';
import { LIFTED_LIMITS } from './harness';
import { waitFor } from './processes';
import { freshNumber, setupClient, shopperClient } from './saved-methods-support';

/**
 * The light automatic top-up (decision 0042): a low balance sends the owner a link by SMS that
 * opens the top-up filled in; the link is the owner's only, expires, and works once.
 */
const api = apiForFile({ abuseLimits: { overrides: { ...LIFTED_LIMITS, lightLinkSendAgain: { max: 3 } } } });
const SHOP = 'belwaarde';
const NUMBER = DEMO_NUMBERS[SHOP] as string;

const lowBalance = (msisdn: string, balance: number) =>
  fetch(`${api.sandbox.baseUrl}/operator/events/low-balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, balance }),
  });

/** The links the number received by SMS, oldest first, read from the outbox. */
async function linksTo(msisdn: string): Promise<URL[]> {
  const messages = await api.sandbox.client.outbox(msisdn);
  return messages
    .flatMap((message) => message.text.match(/https?:\/\/\S+/g) ?? [])
    .map((url) => new URL(url))
    .reverse();
}

const query = (body: Record<string, unknown>, token?: string) =>
  checkoutClient(api).call('POST', '/api/topup/autotopuplight/query', SHOP, body, token);

/** The demo number's balance dips, and the link its SMS carries. */
async function freshLink(balance = 300) {
  const before = (await linksTo(NUMBER)).length;
  expect((await lowBalance(NUMBER, 900)).status).toBe(202);
  expect((await lowBalance(NUMBER, balance)).status).toBe(202);
  return waitFor('the link by SMS', async () => (await linksTo(NUMBER))[before]);
}

const params = (link: URL) => ({
  hash: link.searchParams.get('hash') ?? '',
  notificationCode: link.searchParams.get('notificationCode') ?? '',
});

describe('a light top-up', () => {
  it('sends its owner a link when the balance runs low, and charges nothing', {
    timeout: 60_000,
  }, async () => {
    const { signIn, autoTopups, history } = shopperClient(api);
    const token = await signIn(SHOP);
    expect(await autoTopups(SHOP, token, { msisdn: NUMBER })).toEqual([
      expect.objectContaining({ autoTopupLight: true, autoTopupType: 'LOW_BALANCE', paymentToken: '' }),
    ]);
    const orders = ((await history(SHOP, token)).orders ?? []).length;
    const link = await freshLink(300);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('msisdn')).toBe(NUMBER);
    expect(link.searchParams.get('amount')).toBe('15');
    expect(params(link).hash.length).toBeGreaterThanOrEqual(30);
    const [sms] = (await api.sandbox.client.outbox(NUMBER)).filter((message) =>
      message.text.includes(link.href),
    );
    expect(sms?.text).toMatch(
      /^BelWaarde: het beltegoed van \+31612340108 raakt op\. Waardeer €\s?15(,00)? op/,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await api.sandbox.client.balance(NUMBER)).toBe(300);
    expect(((await history(SHOP, token)).orders ?? []).length).toBe(orders);
  });

  it('opens the filled-in top-up for its owner only, and is refused with a wrong secret', {
    timeout: 60_000,
  }, async () => {
    const { signIn, freshAccount } = shopperClient(api);
    const link = await freshLink();
    const owner = await signIn(SHOP);
    const asOwner = await query(params(link), owner);
    expect(asOwner).toMatchObject({
      status: 200,
      body: {
        msisdn: NUMBER,
        amount: 1500,
        currency: 'EUR',
        notificationCode: params(link).notificationCode,
      },
    });
    const userId = asOwner.body.userId as string;
    expect((await query(params(link))).body).toEqual({ userId });
    const stranger = await freshAccount(SHOP);
    const asStranger = await query(params(link), stranger.token);
    expect(asStranger).toMatchObject({ status: 200, body: { userId } });
    expect(asStranger.body.msisdn).toBeUndefined();
    for (const [wrong, code] of [
      [{ ...params(link), hash: `${params(link).hash}x` }, 'UNABLE_QUERY_AUTO_TOPUP_LIGHT'],
      [{ ...params(link), hash: 'x' }, 'UNABLE_QUERY_AUTO_TOPUP_LIGHT'],
      [{ ...params(link), notificationCode: 'NOSUCHCODE' }, 'UNABLE_QUERY_AUTO_TOPUP_LIGHT'],
      [{ hash: params(link).hash }, 'VALIDATION_FAILED'],
      [{}, 'VALIDATION_FAILED'],
    ] as const) {
      expect(await query(wrong, owner), JSON.stringify(wrong)).toMatchObject({ status: 400, body: { code } });
    }
    // Another tenant knows no such link.
    const other = await checkoutClient(api).call(
      'POST',
      '/api/topup/autotopuplight/query',
      'funkfix',
      params(link),
    );
    expect(other.body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
  });

  it('works once: the top-up bought through it uses it up', { timeout: 60_000 }, async () => {
    const { call, newCart, commitUntilFinal } = checkoutClient(api);
    const { signIn, contactConfirmed } = shopperClient(api);
    const link = await freshLink();
    const { notificationCode } = params(link);
    const token = await signIn(SHOP);
    const item = {
      productId: 'belwaarde-topup-1500',
      phoneNumber: NUMBER,
      autoTopupLight: true,
      autoTopupLightNotificationId: notificationCode,
    };
    // The link tops up its own number only.
    const elsewhere = await call('POST', '/api/shop/rest/v2/addToCart', SHOP, {
      items: [{ ...item, phoneNumber: '+31612000007' }],
    });
    expect(elsewhere.body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
    const cartName = await newCart(SHOP, [item]);
    await contactConfirmed(SHOP, cartName, NUMBER, token);
    const started = await call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      SHOP,
      { cartName, paymentMethod: 'creditcard' },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await api.sandbox.client.act(started.body.payerUrl, 'approve', GOOD_CARD);
    const committed = await commitUntilFinal(SHOP, cartName, started.body.orderNumber, {}, token);
    expect(committed).toMatchObject({ orderStatus: 'committed', creditAdded: 1500 });

    expect((await query(params(link), token)).body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
    const again = await call('POST', '/api/shop/rest/v2/addToCart', SHOP, { items: [item] });
    expect(again.body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
    const [used] = await api.database.db
      .select()
      .from(schema.autoTopupLightLinks)
      .where(eq(schema.autoTopupLightLinks.notificationCode, notificationCode));
    expect(used?.usedAt).not.toBeNull();
  });

  it('expires, and one event sends one link however often it comes', { timeout: 60_000 }, async () => {
    const link = await freshLink();
    const { db } = api.database;
    await db
      .update(schema.autoTopupLightLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.autoTopupLightLinks.notificationCode, params(link).notificationCode));
    const token = await shopperClient(api).signIn(SHOP);
    expect((await query(params(link), token)).body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
    // A second low event in the same dip sends nothing new.
    const before = (await linksTo(NUMBER)).length;
    await lowBalance(NUMBER, 200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await linksTo(NUMBER)).length).toBe(before);
  });
});

/** A light top-up's cart item: €10 by link when the balance falls under €5. */
const light = (phoneNumber: string, extra: Record<string, unknown> = {}) => ({
  productId: 'belwaarde-automatic-light',
  amount: 1000,
  phoneNumber,
  autoTopupOption: 'LOW_BALANCE',
  lowBalanceOption: { lowBalanceLimit: 500 },
  autoTopupLight: true,
  ...extra,
});

describe('sending a light top-up’s link again', () => {
  const resend = (autoTopupId: unknown, token?: string, shop = SHOP) =>
    checkoutClient(api).call('POST', '/api/topup/autotopuplight/resend', shop, { autoTopupId }, token);

  it('sends the latest link to the top-up’s own number with a new secret; the earlier SMS stops working', {
    timeout: 90_000,
  }, async () => {
    const { signIn, autoTopups, freshAccount } = shopperClient(api);
    const first = await freshLink();
    const owner = await signIn(SHOP);
    const [row] = await autoTopups(SHOP, owner, { msisdn: NUMBER });
    const autoTopupId = row?.autoTopupId as string;
    expect(row?.lightLink).toEqual({ sentAt: expect.any(String), expiresAt: expect.any(String) });

    // Nobody else can have it sent, nor learn whether it has one; the answer names no other number.
    const stranger = await freshAccount(SHOP);
    expect(await resend(autoTopupId, stranger.token)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await resend(autoTopupId)).toMatchObject({ status: 401 });
    expect(await resend(autoTopupId, owner, 'funkfix')).toMatchObject({ status: 401 });
    expect(await resend('not-an-id', owner)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });

    const expiresAtOf = (answer: Record<string, unknown> | undefined) =>
      (answer?.lightLink as { expiresAt: string } | undefined)?.expiresAt;
    let latest = first;
    for (let time = 1; time <= 3; time += 1) {
      const before = (await linksTo(NUMBER)).length;
      const sent = await resend(autoTopupId, owner);
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      expect(sent.body).toEqual({ lightLink: { sentAt: null, expiresAt: expiresAtOf(row) } });
      const again = await waitFor('the link sent again', async () => (await linksTo(NUMBER))[before]);
      expect(params(again).notificationCode).toBe(params(first).notificationCode);
      expect(params(again).hash).not.toBe(params(latest).hash);
      expect((await query(params(latest), owner)).body.code).toBe('UNABLE_QUERY_AUTO_TOPUP_LIGHT');
      expect((await query(params(again), owner)).body).toMatchObject({ msisdn: NUMBER, amount: 1500 });
      latest = again;
    }
    // Once its SMS went, the account's list says so again.
    await waitFor('the link marked sent', async () => {
      const [sentRow] = await autoTopups(SHOP, owner, { msisdn: NUMBER });
      return (sentRow?.lightLink as { sentAt: string | null } | undefined)?.sentAt ?? undefined;
    });

    // Three times an hour at most: an SMS to the shopper's number is not for anyone to spend.
    const fourth = await api.request('/api/topup/autotopuplight/resend', {
      method: 'POST',
      headers: { 'X-Tenant-Id': SHOP, 'Content-Type': 'application/json', Authorization: `Bearer ${owner}` },
      body: JSON.stringify({ autoTopupId }),
    });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await query(params(latest), owner)).status).toBe(200);
  });

  it('has nothing to send before a low balance, nor once the link is used up', {
    timeout: 60_000,
  }, async () => {
    const { freshAccount, autoTopups } = shopperClient(api);
    const { token } = await freshAccount(SHOP);
    const number = freshNumber('+31612', 6);
    const setup = await setupClient(api).freeSetup(SHOP, token, light(number));
    expect((await setup.commit()).body).toMatchObject({ orderStatus: 'committed' });
    const [row] = await autoTopups(SHOP, token, { msisdn: number });
    expect(row).not.toHaveProperty('lightLink');
    expect(await resend(row?.autoTopupId, token)).toMatchObject({
      status: 409,
      body: { code: 'AUTO_TOPUP_LIGHT_LINK_UNAVAILABLE' },
    });
    await lowBalance(number, 200);
    await waitFor('the link', async () => (await linksTo(number))[0]);
    await api.database.db
      .update(schema.autoTopupLightLinks)
      .set({ usedAt: new Date() })
      .where(eq(schema.autoTopupLightLinks.autoTopupId, row?.autoTopupId as string));
    expect(await resend(row?.autoTopupId, token)).toMatchObject({
      status: 409,
      body: { code: 'AUTO_TOPUP_LIGHT_LINK_UNAVAILABLE' },
    });
    expect((await autoTopups(SHOP, token, { msisdn: number }))[0]).not.toHaveProperty('lightLink');
  });
});

describe('setting a light top-up up through the cart', () => {
  it('costs nothing, needs no saved method, and sends links instead of charging', {
    timeout: 60_000,
  }, async () => {
    const { freshAccount, autoTopups, methods } = shopperClient(api);
    const { token } = await freshAccount(SHOP);
    expect(await methods(SHOP, token)).toEqual([]);
    const number = freshNumber('+31612', 6);
    const setup = await setupClient(api).freeSetup(SHOP, token, light(number));
    expect((await setup.commit()).body).toMatchObject({ orderStatus: 'committed', amountCharged: 0 });
    expect(await autoTopups(SHOP, token, { msisdn: number })).toEqual([
      expect.objectContaining({ autoTopupLight: true, paymentToken: '', amount: 1000, lowBalanceLimit: 500 }),
    ]);
    await lowBalance(number, 200);
    const link = await waitFor('the link', async () => (await linksTo(number))[0]);
    expect(link.searchParams.get('amount')).toBe('10');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await api.sandbox.client.balance(number)).toBe(200);
  });

  it('sends no link to a number the gateway refuses for good, and does not try again', {
    timeout: 60_000,
  }, async () => {
    const { freshAccount } = shopperClient(api);
    const { token } = await freshAccount(SHOP);
    const number = freshNumber('+31612', 6);
    const setup = await setupClient(api).freeSetup(SHOP, token, light(number));
    expect((await setup.commit()).body).toMatchObject({ orderStatus: 'committed' });
    await api.sandbox.client.failMessages(number, 1, { permanent: true });
    await lowBalance(number, 200);
    const states = await waitFor('the link job ended', async () => {
      const { rows } = await api.database.executeSql(
        `select job.state from pgboss.job job
           join auto_topup_light_links link on link.id::text = job.data->>'linkId'
           join auto_topups topup on topup.id = link.auto_topup_id
          where job.name = 'auto-topup-light-link' and topup.msisdn = $1`,
        [number],
      );
      const found = rows.map((row) => (row as { state: string }).state);
      return found.length > 0 && found.every((state) => state === 'completed' || state === 'retry')
        ? found
        : undefined;
    });
    expect(states).toEqual(['completed']);
    expect(await linksTo(number)).toEqual([]);
  });

  it('is refused unless named light, for a low balance, on a light product', async () => {
    const { call } = checkoutClient(api);
    const number = freshNumber('+31612', 6);
    for (const [item, field] of [
      [light(number, { autoTopupLight: undefined }), 'autoTopupLight'],
      [
        light(number, {
          autoTopupOption: 'WEEKLY',
          lowBalanceOption: undefined,
          recurringOption: { recurringType: 'WEEKLY', recurringDay: 1 },
        }),
        'autoTopupOption',
      ],
      [light(number, { productId: 'belwaarde-automatic' }), 'autoTopupLight'],
      [light(number, { lowBalanceOption: { lowBalanceLimit: 500, tariffEnabled: true } }), 'tariffEnabled'],
    ] as const) {
      const added = await call('POST', '/api/shop/rest/v2/addToCart', SHOP, { items: [item] });
      expect(added.status, JSON.stringify(item)).toBe(400);
      expect(added.body.code).toBe('VALIDATION_FAILED');
      expect(added.body.message).toContain(field);
    }
  });
});
