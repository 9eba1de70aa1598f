import { schema } from '@shop/db';
import type { DetailedCart, ErrorEnvelope } from '@shop/domain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { checkoutClient } from './checkout-support';
import { type RunningApi, startApi } from './harness';
import { answerProblem, documentedRoutes, fillPath, type JsonSchema, type Route } from './openapi-routes';

/**
 * A cart, an order and a payment of tenant A are invisible to tenant B, whatever ids B sends:
 * every route of the OpenAPI document that takes an id is called as B with A's ids, each call is
 * refused as if the id did not exist, and A's cart, order, payment (ours and the provider's) are
 * the same afterwards. The routes come from the document, so a new route is attacked as soon as
 * it is documented; a parameter that looks like an id and is in neither list below fails the test.
 */
const A = 'funkfix';
const B = 'blitzmobil';
const A_PHONE = '+4917012345678';
const IDEMPOTENCY_KEY = 'tenant-a-first-add';

/** Names that look like ids but name no record of a tenant, each with the reason. */
const NOT_RECORD_IDS: Record<string, string> = {
  'x-tenant-id': 'the tenant itself: B sends its own',
  phoneNumber: "the shopper's own number, not a record",
  houseNumber: 'part of an address',
  countryName: 'a country’s name as the shop shows it, beside the postcode to look up',
  deviceId: 'chosen by the shopper’s device, only stored with the cart',
  fraudnetSessionId: 'chosen by the browser for the provider’s fraud check',
  autoTopupLightNotificationId: 'an operator notification id, only stored with a cart item',
  issuerId: 'a bank (BIC) of the fixed list every tenant shares',
  shopId: 'the tenant itself, repeated in a body: the header decides',
  operationName: 'names an operation of the GraphQL query sent with it (blog.test.ts keeps the posts apart)',
  entryToken:
    'an app entry link, signed for one tenant: another tenant refuses it (mobile-app.test.ts checks that)',
  userName:
    'an e-mail or number: on another tenant it names another account (accounts.test.ts checks that none signs in across tenants)',
};

/** Parameter and field names that hold an id. */
const ID_LIKE = /(?:^id$|Id$|Name$|Number$|Key$|Token$|-id$|-key$)/;

let api: RunningApi;
let client: ReturnType<typeof checkoutClient>;
/** A's ids, by the parameter or field name that carries them. */
let ids: Record<string, string>;
let routes: Route[];
/** B's signed-in shopper: B's calls carry the session, so that account calls look for A's records too. */
let sessionOfB: string;

beforeAll(async () => {
  api = await startApi();
  client = checkoutClient(api);
  // The back office's calls are the platform staff's, not a tenant's: their tenants are the staff
  // member's, which backoffice-*.test.ts attack (a tenant's staff see nothing of another's).
  routes = (await documentedRoutes(api)).filter((route) => !route.path.startsWith('/api/backoffice/'));
  const signedIn = await client.call('POST', '/api/auth/authenticate', B, {
    userName: demoUserName(B),
    password: DEMO_PASSWORD,
  });
  expect(signedIn.status).toBe(200);
  sessionOfB = signedIn.body.accessToken;
  const added = await api.request('/api/shop/rest/v2/addToCart', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': A, 'idempotency-key': IDEMPOTENCY_KEY },
    body: JSON.stringify({ items: [{ productId: 'funkfix-topup-1500', phoneNumber: A_PHONE }] }),
  });
  expect(added.status).toBe(200);
  const cart = (await added.json()) as DetailedCart;
  const address = await client.call('POST', '/api/shop/rest/checkout-address', A, {
    cartName: cart.cartName,
    deliveryAddress: { email: 'shopper@example.com', phoneNumber: A_PHONE, language: 'de' },
    language: 'de',
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const started = await client.startPayment(A, { cartName: cart.cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const [demoOfA] = await api.database.db
    .select()
    .from(schema.customers)
    .where(eq(schema.customers.userName, demoUserName(A)));
  const [tokenOfA] = await api.database.db
    .select()
    .from(schema.paymentTokens)
    .where(eq(schema.paymentTokens.customerId, demoOfA?.id ?? ''));
  const [topupOfA] = await api.database.db
    .select()
    .from(schema.autoTopups)
    .where(eq(schema.autoTopups.customerId, demoOfA?.id ?? ''));
  ids = {
    // A's demo account's saved card and automatic top-up.
    id: tokenOfA?.id ?? '',
    paymentTokenId: tokenOfA?.id ?? '',
    paymentToken: tokenOfA?.id ?? '',
    autoTopupId: topupOfA?.id ?? '',
    userId: demoOfA?.id ?? '',
    cartName: cart.cartName,
    itemKey: cart.items[0]?.itemKey ?? '',
    orderNumber: started.body.orderNumber,
    paymentId: new URL(started.body.payerUrl).pathname.split('/').pop() ?? '',
    productId: 'funkfix-topup-1500',
    'idempotency-key': IDEMPOTENCY_KEY,
  };
});
afterAll(() => api?.close());

/** Everything of A that a call by B could change: the cart as A sees it, rows, the provider's payment. */
async function stateOfA() {
  const { db } = api.database;
  const cart = await client.call('GET', `/api/shop/rest/v2/carts/${ids.cartName}`, A);
  const orders = await db.select().from(schema.orders).where(eq(schema.orders.tenantId, A));
  const orderIds = orders.map((order) => order.id);
  const payments = await db
    .select()
    .from(schema.payments)
    .where(inArray(schema.payments.orderId, orderIds))
    .orderBy(asc(schema.payments.attempt));
  const events = await db
    .select()
    .from(schema.orderEvents)
    .where(inArray(schema.orderEvents.orderId, orderIds))
    .orderBy(asc(schema.orderEvents.id));
  const carts = await db.select().from(schema.carts).where(eq(schema.carts.tenantId, A));
  const provider = await fetch(`${api.sandbox.baseUrl}/psp/payments/${ids.paymentId}`);
  const paymentTokens = await db
    .select()
    .from(schema.paymentTokens)
    .where(eq(schema.paymentTokens.tenantId, A));
  const autoTopups = await db.select().from(schema.autoTopups).where(eq(schema.autoTopups.tenantId, A));
  return {
    paymentTokens,
    autoTopups,
    cart: { status: cart.status, body: cart.body },
    carts,
    orders,
    payments,
    events,
    provider: { status: provider.status, body: await provider.json() },
  };
}

/** What B has: nothing of A's may turn up among its rows. */
async function rowsOfB() {
  const { db } = api.database;
  const carts = await db.select().from(schema.carts).where(eq(schema.carts.tenantId, B));
  const orders = await db.select().from(schema.orders).where(eq(schema.orders.tenantId, B));
  const tokens = await db.select().from(schema.paymentTokens).where(eq(schema.paymentTokens.tenantId, B));
  return { carts: carts.length, orders: orders.length, paymentTokens: tokens.length };
}

/** A field's name and schema, for every field of a body, however deep (array items included). */
function fieldsOf(body: JsonSchema | undefined, found: [string, JsonSchema][] = []): [string, JsonSchema][] {
  if (!body) return found;
  for (const [name, field] of Object.entries(body.properties ?? {})) {
    found.push([name, field]);
    fieldsOf(field, found);
  }
  fieldsOf(body.items, found);
  for (const choice of [...(body.anyOf ?? []), ...(body.oneOf ?? [])]) fieldsOf(choice, found);
  return found;
}

/** Every id-like name a route takes, in its path, query, headers or body. */
function idNamesOf(route: Route): string[] {
  const names = [
    ...route.parameters.map((parameter) => parameter.name),
    ...fieldsOf(route.body).map(([name]) => name),
  ];
  return [...new Set(names.filter((name) => ID_LIKE.test(name)))];
}

/** Values B sends besides A's ids: plausible, so that the id is what a refusal is about. */
const PLAUSIBLE: Record<string, unknown> = {
  paymentMethod: 'creditcard',
  otp: '123456',
  voucherCodes: ['FUNKF10'],
  language: 'de',
  count: 2,
  phoneNumber: '+4915112345678',
  email: 'someone@example.com',
};

/** A value for a field: A's id, a plausible value, or the least the schema takes. */
function valueFor(name: string, field: JsonSchema, with_: Record<string, string>): unknown {
  if (name in with_) return with_[name];
  if (field.enum?.length) return field.enum[0];
  if (name in PLAUSIBLE) return PLAUSIBLE[name];
  const choice = field.anyOf?.[0] ?? field.oneOf?.[0];
  if (choice) return valueFor(name, choice, with_);
  switch (field.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(field.properties ?? {})
          .filter(
            ([key, value]) =>
              field.required?.includes(key) ||
              key in ids ||
              key in PLAUSIBLE ||
              fieldsOf(value).some(([inner]) => inner in ids),
          )
          .map(([key, value]) => [key, valueFor(key, value, with_)]),
      );
    case 'array':
      return [valueFor(name, field.items ?? {}, with_)];
    case 'integer':
    case 'number':
      return Math.max(field.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return 'x'.repeat(Math.max(field.minLength ?? 1, 1));
  }
}

/** B's call of a route, with the given ids (A's, or made up) wherever the route takes one. */
function callAsB(route: Route, with_: Record<string, string>) {
  const values = (where: string) =>
    Object.fromEntries(
      route.parameters
        .filter((parameter) => parameter.in === where)
        .filter((parameter) => parameter.required || parameter.name in ids || parameter.name in PLAUSIBLE)
        .map((parameter) => [parameter.name, String(valueFor(parameter.name, parameter.schema, with_))]),
    );
  const path = fillPath(
    route.path,
    Object.fromEntries(Object.entries(values('path')).map(([k, v]) => [k, encodeURIComponent(v)])),
  );
  const query = new URLSearchParams(values('query')).toString();
  const headers: Record<string, string> = {
    ...values('header'),
    'x-tenant-id': B,
    authorization: `Bearer ${sessionOfB}`,
  };
  const body = route.body ? JSON.stringify(valueFor('', route.body, with_)) : undefined;
  if (body) headers['content-type'] = 'application/json';
  return {
    label: `${route.method} ${route.path}`,
    path: `${path}${query ? `?${query}` : ''}`,
    init: { method: route.method, headers, body },
  };
}

/** Ids of the same shape as A's that nobody has. */
const MADE_UP: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  paymentTokenId: '00000000-0000-4000-8000-000000000000',
  paymentToken: '00000000-0000-4000-8000-000000000000',
  autoTopupId: '00000000-0000-4000-8000-000000000000',
  userId: '00000000-0000-4000-8000-000000000000',
  cartName: 'NoSuchCart_0000000000000',
  itemKey: '00000000-0000-4000-8000-000000000000',
  orderNumber: 'FUN-00000000',
  paymentId: 'pay_nosuchpayment000000',
  productId: 'nosuch-topup-1500',
  'idempotency-key': 'no-such-idempotency-key',
};

/** The refusals that say "no such thing here". */
const NOT_FOUND_CODES = [
  'UNKNOWN_CART',
  'UNKNOWN_CART_ITEM',
  'UNKNOWN_ORDER',
  'PRODUCT_NOT_AVAILABLE',
  'UNKNOWN_PAYMENT_TOKEN_ID',
  'NOT_FOUND',
];
const saysUnknown = (code: string, message: string) =>
  NOT_FOUND_CODES.includes(code) || (code === 'VALIDATION_FAILED' && /unknown/i.test(message));

async function send(call: ReturnType<typeof callAsB>) {
  const response = await api.request(call.path, call.init);
  const text = await response.text();
  const envelope =
    response.status >= 400 && response.status < 500 ? (JSON.parse(text) as ErrorEnvelope) : undefined;
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, envelope };
}

describe('tenant isolation', () => {
  it("refuses every call of tenant B that names tenant A's cart, items, order or payment", async () => {
    const attacked = routes.filter((route) => idNamesOf(route).some((name) => !(name in NOT_RECORD_IDS)));
    // Every id-like name is either one of A's ids or listed, with its reason, as no record.
    const unknown = routes.flatMap((route) =>
      idNamesOf(route)
        .filter((name) => !(name in ids) && !(name in NOT_RECORD_IDS))
        .map((name) => `${route.method} ${route.path}: ${name}`),
    );
    expect(unknown, 'id-like parameters this test does not fill with an id of tenant A').toEqual([]);
    // The calls of spec §7 that take a cart, an order or an item, at least.
    expect(attacked.length).toBeGreaterThanOrEqual(15);

    const before = await stateOfA();
    const ofBBefore = await rowsOfB();
    const refusals: string[] = [];
    for (const route of attacked) {
      const withIdsOfA = callAsB(route, ids);
      const answer = await send(withIdsOfA);
      // The same call with ids nobody has: B must not be able to tell A's ids from those.
      const madeUp = await send(callAsB(route, MADE_UP));
      const problem = answerProblem(route.method, answer);
      const refused =
        !problem &&
        answer.envelope !== undefined &&
        saysUnknown(answer.envelope.code, answer.envelope.message) &&
        answer.status === madeUp.status &&
        answer.envelope.code === madeUp.envelope?.code;
      if (!refused) {
        refusals.push(
          `${withIdsOfA.label} as ${B} answered ${answer.status} ${answer.text.slice(0, 200)} ` +
            `(made-up ids: ${madeUp.status} ${madeUp.text.slice(0, 120)})\n  ${withIdsOfA.init.body ?? ''}`,
        );
      }
    }
    expect(refusals, 'calls of B with A ids that were not refused as unknown').toEqual([]);
    expect(await stateOfA()).toEqual(before);
    expect(await rowsOfB()).toEqual(ofBBefore);
  });

  it("never answers tenant A's cart to tenant B's repeat of A's idempotency key", async () => {
    const response = await api.request('/api/shop/rest/v2/addToCart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-id': B, 'idempotency-key': IDEMPOTENCY_KEY },
      body: JSON.stringify({
        items: [{ productId: 'blitzmobil-topup-1500', phoneNumber: '+4915112345678' }],
      }),
    });
    const body = (await response.json()) as DetailedCart;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.cartName).not.toBe(ids.cartName);
  });

  it('sees through the tenant header only: the same calls as A find the cart and the order', async () => {
    const cart = await client.call('GET', `/api/shop/rest/v2/carts/${ids.cartName}`, A);
    expect(cart.status).toBe(200);
    const order = await client.order(A, ids.orderNumber as string, ids.cartName as string);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
  });
});
