import { schema } from '@shop/db';
import type {
  AuthAnswer,
  DeletionCodeSent,
  ErrorEnvelope,
  OwnDataExport,
  StartedPaymentAnswer,
} from '@shop/domain/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_NUMBERS, DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { GOOD_CARD } from './checkout-support';
import { waitFor } from './processes';

/**
 * The shopper's own data (decision 0036): the export of everything the shop holds about an
 * account, and deleting the account with its orders anonymised. No worker takes the commits, so
 * a paid order stays open until the test runs a reconciliation pass.
 */
const api = apiForFile({ worker: false });

let counter = 0;
const freshEmail = () => `own-data-${Date.now()}-${counter++}@example.org`;
const STRONG = 'Violet-Harbour-42';

type Answer = Record<string, unknown> & Partial<ErrorEnvelope>;

async function call(method: string, path: string, tenant: string, body?: unknown, token?: string) {
  const response = await api.request(path, {
    method,
    headers: {
      'X-Tenant-Id': tenant,
      'X-Forwarded-Host': `${tenant}.localhost:3000`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text ? JSON.parse(text) : null) as Answer,
  };
}
const post = (path: string, tenant: string, body: unknown, token?: string) =>
  call('POST', path, tenant, body, token);
const get = (path: string, tenant: string, token?: string) => call('GET', path, tenant, undefined, token);

const EXPORT = '/api/shop/rest/account/export';
const DELETE = '/api/shop/rest/account/delete';
const DELETE_CODE = '/api/shop/rest/account/delete/code';
const PROFILE = '/api/shop/rest/account/profile';

/** The code in the newest message to the address or number, once it has more than `seen` messages. */
async function codeSentTo(recipient: string, seen = 0): Promise<string> {
  return waitFor(`a code to ${recipient}`, async () => {
    const messages = await api.sandbox.client.outbox(recipient);
    return messages.length > seen ? messages[0]?.text.match(/\b\d{6}\b/)?.[0] : undefined;
  });
}

async function signIn(tenant: string, userName: string, password: string): Promise<string> {
  const answer = await post('/api/auth/authenticate', tenant, { userName, password });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as unknown as AuthAnswer).accessToken as string;
}

async function registeredAndSignedIn(tenant: string, extra: Record<string, unknown> = {}) {
  const userName = freshEmail();
  const registered = await post('/api/auth/register', tenant, {
    email: userName,
    password: STRONG,
    ...extra,
  });
  expect(registered.status, registered.text).toBe(200);
  const code = await codeSentTo(userName);
  expect((await post('/api/shop/rest/v2/account/confirm', tenant, { userName, code })).status).toBe(200);
  return { userName, token: await signIn(tenant, userName, STRONG) };
}

/** A checkout up to the provider's page, as a guest or (with a token) signed in: an order in paymentInit. */
async function orderStarted(tenant: string, item: object, address: object, token?: string) {
  const added = await post('/api/shop/rest/v2/addToCart', tenant, { items: [item] });
  expect(added.status, added.text).toBe(200);
  const cartName = added.body.cartName as string;
  const contact = await post(
    '/api/shop/rest/checkout-address',
    tenant,
    { cartName, deliveryAddress: { channel: 'web', language: 'de', ...address }, language: 'de' },
    token,
  );
  expect(contact.status, contact.text).toBe(200);
  const started = await post(
    '/api/shop/rest/checkout-start-payment',
    tenant,
    { cartName, paymentMethod: 'creditcard' },
    token,
  );
  expect(started.status, started.text).toBe(200);
  return { cartName, ...(started.body as unknown as StartedPaymentAnswer) };
}

const {
  accountCodes,
  cartItems,
  carts,
  customerSessions,
  customers,
  orderEvents,
  orderUnits,
  orders,
  payments,
  voucherDeliveries,
} = schema;

const orderRow = async (orderNumber: string) =>
  (await api.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];

/** The tables that could hold a shopper's data, each row as JSON text. */
async function storedRows(): Promise<Record<string, string[]>> {
  const { db } = api.database;
  const tables = {
    customers: await db.select().from(customers),
    customerSessions: await db.select().from(customerSessions),
    accountCodes: await db.select().from(accountCodes),
    orders: await db.select().from(orders),
    orderUnits: await db.select().from(orderUnits),
    orderEvents: await db.select().from(orderEvents),
    payments: await db.select().from(payments),
    carts: await db.select().from(carts),
    cartItems: await db.select().from(cartItems),
    voucherDeliveries: await db.select().from(voucherDeliveries),
  };
  return Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [
      name,
      rows.map((row) => JSON.stringify(row).toLowerCase()),
    ]),
  );
}

/** Where any of the texts still turns up: `table: text` for each table that holds it. */
async function whereStored(...texts: string[]): Promise<string[]> {
  const rows = await storedRows();
  return Object.entries(rows).flatMap(([table, stored]) =>
    texts
      .filter((text) => stored.some((row) => row.includes(text.toLowerCase())))
      .map((text) => `${table}: ${text}`),
  );
}

async function accountRowsOf(customerId: string) {
  const { db } = api.database;
  return {
    customers: (await db.select().from(customers).where(eq(customers.id, customerId))).length,
    sessions: (await db.select().from(customerSessions).where(eq(customerSessions.customerId, customerId)))
      .length,
    codes: (await db.select().from(accountCodes).where(eq(accountCodes.customerId, customerId))).length,
    orders: (await db.select().from(orders).where(eq(orders.customerId, customerId))).length,
  };
}

const customerIdOf = async (tenant: string, userName: string) => {
  const [row] = await api.database.db.select().from(customers).where(eq(customers.userName, userName));
  expect(row?.tenantId).toBe(tenant);
  return row?.id as string;
};

describe('the export of the shopper’s own data', () => {
  it('hands the demo account everything the shop holds as a download, without a token or hash', async () => {
    const tenant = 'funkfix';
    const userName = demoUserName(tenant);
    const earlier = await signIn(tenant, userName, DEMO_PASSWORD);
    expect((await post('/api/auth/signOut', tenant, {}, earlier)).status).toBe(200);
    const token = await signIn(tenant, userName, DEMO_PASSWORD);

    const answer = await get(EXPORT, tenant, token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="funkfix-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const document = answer.body as unknown as OwnDataExport;
    expect(document.shop).toEqual({ shopId: tenant, providerName: 'FunkFix' });
    expect(document.profile).toMatchObject({
      userName,
      email: userName,
      phoneNumber: DEMO_NUMBERS[tenant],
      firstname: 'Demo',
      confirmedAt: expect.any(String),
    });
    expect(document.orders).toHaveLength(3);
    for (const order of document.orders) {
      expect(order).toMatchObject({
        orderStatus: 'committed',
        currency: 'EUR',
        contact: { email: userName, phoneNumber: DEMO_NUMBERS[tenant] },
        lines: [{ phoneNumber: DEMO_NUMBERS[tenant], quantity: 1 }],
        purchase: { orderStatus: 'committed', amountCharged: order.totalPrice },
      });
    }
    const created = document.orders.map((order) => Date.parse(order.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(document.sessions.length).toBeGreaterThanOrEqual(2);
    expect(document.sessions.filter((session) => session.current)).toEqual([
      expect.objectContaining({ method: 'password', endedAt: null }),
    ]);
    expect(document.sessions.some((session) => session.endedAt !== null)).toBe(true);
    expect(document.paymentTokens).toEqual([
      expect.objectContaining({ name: 'Demo card', cardLast4: '1111', inUse: true }),
    ]);
    expect(document.autoTopups).toEqual([
      expect.objectContaining({ autoTopupType: 'LOW_BALANCE', msisdn: DEMO_NUMBERS[tenant], amount: 1500 }),
    ]);

    // Nothing that signs in or proves a code: no token, and none of the stored hashes.
    const customerId = await customerIdOf(tenant, userName);
    const { db } = api.database;
    const [account] = await db.select().from(customers).where(eq(customers.id, customerId));
    const sessions = await db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customerId));
    for (const secret of [token, earlier, account?.passwordHash ?? '', ...sessions.map((s) => s.tokenHash)]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(answer.text).not.toContain(secret);
    }
    expect(answer.text).not.toMatch(/hash|argon/i);
  });

  it('lists a code sent and not used, without the code', async () => {
    const { userName, token } = await registeredAndSignedIn('rechargeplus');
    expect((await post(DELETE_CODE, 'rechargeplus', {}, token)).status).toBe(200);
    const code = await codeSentTo(userName, 1);
    const answer = await get(EXPORT, 'rechargeplus', token);
    const document = answer.body as unknown as OwnDataExport;
    expect(document.unusedCodes).toEqual([
      { purpose: 'DELETE', createdAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect(document.orders).toEqual([]);
    expect(answer.text).not.toContain(code);
  });

  it('refuses without a session, and on a shop without accounts', async () => {
    for (const [method, path] of [
      ['GET', EXPORT],
      ['POST', DELETE_CODE],
      ['POST', DELETE],
    ] as const) {
      const body = method === 'POST' ? { password: DEMO_PASSWORD } : undefined;
      expect(await call(method, path, 'funkfix', body)).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
      expect(await call(method, path, 'tarifwerk', body, 'a-session-token-of-no-account-000')).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
    }
  });
});

describe('deleting the account', () => {
  it('by password: the orders stay in the books without personal data; a guest’s order stays as it was', async () => {
    const tenant = 'blitzmobil';
    const userName = demoUserName(tenant);
    const number = DEMO_NUMBERS[tenant] as string;
    const customerId = await customerIdOf(tenant, userName);
    const token = await signIn(tenant, userName, DEMO_PASSWORD);
    const elsewhere = await signIn(tenant, userName, DEMO_PASSWORD);
    expect((await post(DELETE_CODE, tenant, {}, token)).status).toBe(200);
    const guest = await orderStarted(
      tenant,
      { productId: 'blitzmobil-topup-1500', phoneNumber: number },
      { email: userName, phoneNumber: number },
    );
    const own = await api.database.db.select().from(orders).where(eq(orders.customerId, customerId));
    expect(own).toHaveLength(3);

    const wrong = await post(DELETE, tenant, { password: 'Not-The-Password-1' }, token);
    expect(wrong).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION_FAILED' } });
    expect(await accountRowsOf(customerId)).toEqual({ customers: 1, sessions: 2, codes: 1, orders: 3 });
    expect((await get(PROFILE, tenant, token)).status).toBe(200);

    const deleted = await post(DELETE, tenant, { password: DEMO_PASSWORD }, token);
    expect(deleted).toMatchObject({ status: 200, body: { status: 'deleted', message: 'successfulDelete' } });
    expect(await accountRowsOf(customerId)).toEqual({ customers: 0, sessions: 0, codes: 0, orders: 0 });

    for (const before of own) {
      const after = await orderRow(before.orderNumber);
      expect(after).toMatchObject({
        orderNumber: before.orderNumber,
        tenantId: tenant,
        customerId: null,
        contact: {},
        status: before.status,
        totalPrice: before.totalPrice,
        currency: before.currency,
        summary: before.summary,
        createdAt: before.createdAt,
        updatedAt: before.updatedAt,
      });
      const [line] = before.lines as Record<string, unknown>[];
      expect(after?.lines).toEqual([
        {
          itemKey: line?.itemKey,
          productId: line?.productId,
          product_id: line?.product_id,
          kind: line?.kind,
          brand: line?.brand,
          amount: line?.amount,
          serviceFee: line?.serviceFee,
          grossAmount: line?.grossAmount,
          quantity: line?.quantity,
          phoneNumber: null,
          additionalData: {},
        },
      ]);
      const units = await api.database.db.select().from(orderUnits).where(eq(orderUnits.orderId, before.id));
      expect(units.length).toBeGreaterThan(0);
      expect(units.every((unit) => unit.phoneNumber === null)).toBe(true);
    }
    // The guest's order of the same e-mail and number is no order of the account.
    const guestOrder = await orderRow(guest.orderNumber);
    expect(guestOrder?.contact).toMatchObject({ email: userName, phoneNumber: number });
    expect(guestOrder?.lines).toMatchObject([{ phoneNumber: number }]);
    const [guestCart] = await api.database.db.select().from(carts).where(eq(carts.cartName, guest.cartName));
    expect(guestCart).toBeDefined();

    for (const session of [token, elsewhere]) {
      expect(await get(PROFILE, tenant, session)).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
    }
    expect(await post('/api/auth/authenticate', tenant, { userName, password: DEMO_PASSWORD })).toMatchObject(
      {
        status: 401,
        body: { code: 'NotAuthorizedException' },
      },
    );
    expect(await post(DELETE, tenant, { password: DEMO_PASSWORD }, token)).toMatchObject({ status: 401 });
  });

  it('by the code sent for it, once its paid order is delivered; nothing of the shopper is left', async () => {
    const tenant = 'funkfix';
    const phone = '+4917055501234';
    const names = { firstname: 'Quirinus', lastname: 'Zwiebelfisch' };
    const { userName, token } = await registeredAndSignedIn(tenant, { ...names, phoneNumber: phone });
    const customerId = await customerIdOf(tenant, userName);
    const address = {
      email: userName,
      phoneNumber: phone,
      ...names,
      street: 'Zwiebelgasse',
      houseNumber: '17b',
      zip: '10115',
      city: 'Berlin',
      countryCode: 'de',
      deviceId: 'device-of-quirinus',
    };
    const item = { productId: 'funkfix-topup-1500', phoneNumber: phone };
    const paid = await orderStarted(tenant, item, address, token);
    await api.sandbox.client.act(paid.payerUrl, 'approve', GOOD_CARD);
    await waitFor('the order paid', async () => {
      const status = (await orderRow(paid.orderNumber))?.status;
      return status === 'paid' || status === 'paymentAuthorized' ? status : undefined;
    });
    // Left at the provider's page: the money may never come.
    const unpaid = await orderStarted(tenant, item, address, token);

    const sent = await post(DELETE_CODE, tenant, {}, token);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body as unknown as DeletionCodeSent).toEqual({
      status: 'sent',
      channel: 'email',
      sentTo: expect.not.stringContaining(userName.split('@')[0]?.slice(2) ?? ''),
    });
    const code = await codeSentTo(userName, 1);
    const [mail] = await api.sandbox.client.outbox(userName);
    expect(mail?.subject).toContain('FunkFix');

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await post(DELETE, tenant, { code: wrongCode }, token)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_VERIFICATION_CODE' },
    });
    expect(await accountRowsOf(customerId)).toMatchObject({ customers: 1, codes: 1, orders: 2 });

    // The paid order is not delivered yet: the account waits for it, and the code stays good.
    expect(await post(DELETE, tenant, { code }, token)).toMatchObject({
      status: 409,
      body: { code: 'ACCOUNT_HAS_OPEN_ORDERS' },
    });
    expect(await accountRowsOf(customerId)).toMatchObject({ customers: 1, codes: 1, orders: 2 });
    // A pass takes up to 20 orders; the demo orders' receipts may come first.
    await waitFor('the paid order delivered', async () => {
      await api.reconcile();
      return (await orderRow(paid.orderNumber))?.status === 'committed' ? true : undefined;
    });

    const everything = [
      userName,
      phone,
      phone.slice(1),
      names.firstname,
      names.lastname,
      'Zwiebelgasse',
      'device-of-quirinus',
    ];
    expect(await whereStored(...everything)).toEqual(
      expect.arrayContaining(['customers: Quirinus', 'orders: Zwiebelgasse', `orderUnits: ${phone}`]),
    );
    expect(await post(DELETE, tenant, { code }, token)).toMatchObject({
      status: 200,
      body: { status: 'deleted' },
    });
    expect(await accountRowsOf(customerId)).toEqual({ customers: 0, sessions: 0, codes: 0, orders: 0 });
    expect(await whereStored(...everything)).toEqual([]);
    expect(await orderRow(paid.orderNumber)).toMatchObject({
      status: 'committed',
      totalPrice: 1500,
      currency: 'EUR',
      contact: {},
      customerId: null,
      lines: [{ productId: 'funkfix-topup-1500', amount: 1500, quantity: 1, phoneNumber: null }],
    });
    expect(await orderRow(unpaid.orderNumber)).toMatchObject({ contact: {}, customerId: null });
    const gone = await api.database.db
      .select()
      .from(carts)
      .where(inArray(carts.cartName, [paid.cartName, unpaid.cartName]));
    expect(gone).toEqual([]);
    expect((await get(PROFILE, tenant, token)).status).toBe(401);
    expect((await post('/api/auth/authenticate', tenant, { userName, password: STRONG })).status).toBe(401);
  });

  it('by a code sent by SMS, for an account that signs in with codes', async () => {
    const tenant = 'belwaarde';
    const number = `+316${String(Date.now()).slice(-8)}`;
    expect((await post('/api/auth/register', tenant, { phoneNumber: number, password: STRONG })).status).toBe(
      200,
    );
    const confirmation = await codeSentTo(number);
    expect(
      (await post('/api/shop/rest/v2/account/confirm', tenant, { userName: number, code: confirmation }))
        .status,
    ).toBe(200);
    expect((await post('/api/auth/loginCode', tenant, { userName: number })).status).toBe(200);
    const signedIn = await post('/api/auth/authenticate', tenant, {
      userName: number,
      code: await codeSentTo(number, 1),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = (signedIn.body as unknown as AuthAnswer).accessToken as string;

    const sent = await post(DELETE_CODE, tenant, {}, token);
    expect(sent).toMatchObject({ status: 200, body: { status: 'sent', channel: 'sms' } });
    const code = await codeSentTo(number, 2);
    expect(await post(DELETE, tenant, { code }, token)).toMatchObject({
      status: 200,
      body: { status: 'deleted' },
    });
    expect(await whereStored(number)).toEqual([]);
    expect((await get(PROFILE, tenant, token)).status).toBe(401);
  });

  it('takes the password or the code, not neither and not both', async () => {
    const { token } = await registeredAndSignedIn('alpenfunk');
    for (const body of [{}, { password: STRONG, code: '123456' }, { password: '' }, { code: ' ' }]) {
      expect(await post(DELETE, 'alpenfunk', body, token), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    expect((await get(PROFILE, 'alpenfunk', token)).status).toBe(200);
  });

  it('is refused to a session of another tenant, which deletes nothing', async () => {
    const { userName, token } = await registeredAndSignedIn('kartenkiosk');
    const customerId = await customerIdOf('kartenkiosk', userName);
    for (const [path, body] of [
      [DELETE_CODE, {}],
      [DELETE, { password: STRONG }],
    ] as const) {
      expect(await post(path, 'weltaufladen', body, token)).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
    }
    expect(await get(EXPORT, 'weltaufladen', token)).toMatchObject({ status: 401 });
    expect(await accountRowsOf(customerId)).toMatchObject({ customers: 1, sessions: 1, codes: 0 });
    expect(await api.sandbox.client.outbox(userName)).toHaveLength(1);
    expect((await get(PROFILE, 'kartenkiosk', token)).status).toBe(200);
  });
});
