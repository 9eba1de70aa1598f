import { createHmac } from 'node:crypto';
import { REQUEST_BODY_LIMIT_BYTES } from '@shop/domain/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutClient } from './checkout-support';
import {
  BROKEN_JSON,
  contentType,
  deepBody,
  headerText,
  hugeBody,
  jsonText,
  junkValue,
  type KnownValues,
  mutate,
  mutatedValue,
  nastyNumber,
  nastyString,
  nastyUrlText,
  percentEncode,
  validValue,
} from './fuzz-inputs';
import { type RunningApi, startApi, WEBHOOK_SECRET } from './harness';
import {
  answerProblem,
  documentedRoutes,
  fillPath,
  type RawRequest,
  type Route,
  sendRaw,
} from './openapi-routes';

/**
 * Proof by attack: every route of the API's own OpenAPI document gets generated bad input (missing,
 * wrong-typed and extra fields, huge and deeply nested bodies, broken JSON, wrong content types, odd
 * amounts, control characters, bad or missing tenants, bad path parameters). Whatever comes in, the
 * answer is below 500, and a 4xx is exactly the error envelope `{ code, message }`.
 *
 * A failure names its seed: `FUZZ_SEED=<seed> npx vitest run --project api apps/api/test/fuzz.test.ts`
 * sends the same requests again (their order within a batch of parallel requests may differ).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
/** Runs of each route's property; each run sends a batch of requests in parallel. */
const RUNS = 60;
const BATCH = 4;
const MINIMUM_REQUESTS = 5_000;
/** The API's body limit; the webhook route has its own of 64 KiB. */
const BODY_LIMIT = REQUEST_BODY_LIMIT_BYTES;
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const TENANT = 'funkfix';
const PHONE = '+4917012345678';

let api: RunningApi;
let routes: Route[];
let known: KnownValues;
let sent = 0;
/** Answers by route, status and code, printed with FUZZ_REPORT=1 to see how deep the input gets. */
const tally = new Map<string, number>();
/** The cart of the real order, for the calls that need both. */
let orderCart: string;
let client: ReturnType<typeof checkoutClient>;

const ITEM = { productId: 'funkfix-topup-1500', phoneNumber: PHONE };

beforeAll(async () => {
  api = await startApi();
  routes = await documentedRoutes(api);
  // A real cart, order and payment of the tenant the requests mostly name, so that generated input
  // with real ids gets past the first checks into the services.
  client = checkoutClient(api);
  orderCart = await client.newCart(TENANT, [ITEM]);
  const started = await client.startPayment(TENANT, { cartName: orderCart, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  known = {
    cartName: [orderCart],
    orderNumber: [started.body.orderNumber],
    paymentId: [new URL(started.body.payerUrl).pathname.split('/').pop() ?? ''],
    productId: ['funkfix-topup-1500', 'funkfix-topup-3000'],
    phoneNumber: [PHONE, '4917012345678'],
    msisdn: [PHONE, '4917012345678'],
    paymentMethod: ['creditcard', 'paypal', 'ideal', 'applepay'],
    lng: ['de', 'en', 'default', 'de-AT'],
    count: ['0', '1', '2'],
    filters: ['brand=funkfix', 'objectType=variant,kind=ONCE_OFF', 'query=15,amount=1500'],
    sortBy: ['amount,desc', 'brand'],
    category: ['mobile'],
  };
});

/** Each route gets a cart of its own with one item, so that one route emptying it leaves the next a cart. */
async function freshCart(): Promise<void> {
  const cartName = await client.newCart(TENANT, [ITEM]);
  const cart = await client.call('GET', `/api/shop/rest/v2/carts/${cartName}`, TENANT);
  known.cartName = [cartName, orderCart];
  known.itemKey = [cart.body.items[0].itemKey];
}

/** A body the shop really sends, per route: mutating it reaches further than a random valid one. */
function goodBody(route: Route): unknown {
  const cartName = known.cartName?.[0];
  const bodies: Record<string, unknown> = {
    'POST /api/shop/rest/addToCart': { items: [ITEM] },
    'POST /api/shop/rest/v2/addToCart': { cartName, items: [ITEM] },
    'POST /api/shop/createCart': { items: [{ productId: ITEM.productId }], phoneNumber: '4917012345678' },
    'POST /api/shop/rest/addVouchers': { cartName, voucherCodes: ['FUNKF10'] },
    'POST /api/shop/rest/removeVouchers': { cartName, voucherCodes: ['FUNKF10'] },
    'POST /api/shop/rest/checkout-address': {
      cartName,
      deliveryAddress: { email: 'shopper@example.com', phoneNumber: PHONE, firstname: 'N/A', language: 'de' },
      language: 'de',
    },
    'POST /api/shop/rest/validate-otp': { cartName, otp: '123456' },
    'POST /api/shop/rest/resend-otp': { cartName },
    'POST /api/shop/rest/checkout-start-payment': { cartName, paymentMethod: 'creditcard' },
    'POST /api/shop/rest/checkout-start-apple-payment': { cartName, paymentMethod: 'applepay' },
    'POST /api/shop/rest/orders': { cartName },
    'POST /api/shop/rest/payment-commit-order': { cartName: orderCart, orderNumber: known.orderNumber?.[0] },
  };
  return bodies[`${route.method} ${route.path}`];
}
afterAll(() => api?.close());

// ---------------------------------------------------------------------------------------------
// Pieces of a request

const TENANTS = ['funkfix', 'belwaarde', 'topnet'];
const tenantHeader: fc.Arbitrary<Record<string, string | string[]>> = fc.oneof(
  { arbitrary: fc.constant({ 'x-tenant-id': TENANT }), weight: 8 },
  { arbitrary: fc.constantFrom(...TENANTS).map((tenant) => ({ 'x-tenant-id': tenant })), weight: 1 },
  { arbitrary: fc.constant({}), weight: 1 },
  { arbitrary: headerText.map((value) => ({ 'x-tenant-id': value })), weight: 2 },
  { arbitrary: fc.constant({ 'x-tenant-id': [TENANT, 'belwaarde'] as string[] }), weight: 1 },
);
/** The other headers the shop sends (spec §7) and those the API reads, sometimes odd. */
const otherHeaders = fc.record(
  {
    'x-channel': fc.oneof(fc.constantFrom('web', 'app', 'WHATSAPP'), headerText),
    'x-country': headerText,
    'x-client-ip': fc.oneof(fc.constant('203.0.113.9'), headerText),
    'x-request-id': headerText,
    'idempotency-key': fc.oneof(fc.string({ minLength: 8, maxLength: 20 }), headerText),
  },
  { requiredKeys: [] },
);

/**
 * The shop origin the storefront forwards, odd or not, is the same for every request of one
 * batch: two payment starts for one cart at the same moment from two origins of the tenant give
 * the provider one idempotency key with two return URLs, and the second start answers 502
 * START_PAYMENT_ERROR (a known race: the return URL is not yet kept with the payment attempt).
 */
const forwardedHeaders = fc.record(
  {
    'x-forwarded-host': fc.oneof(fc.constant(`${TENANT}.localhost:3000`), headerText),
    'x-forwarded-proto': fc.oneof(fc.constantFrom('http', 'https'), headerText),
  },
  { requiredKeys: [] },
);

/** A body for a route that reads JSON: valid, made wrong in one place, junk, broken or too big. */
function bodyFor(route: Route): fc.Arbitrary<string | undefined> {
  const schema = route.body;
  const base = [
    { arbitrary: junkValue.map(jsonText), weight: 2 },
    { arbitrary: fc.oneof(fc.constantFrom(...BROKEN_JSON), fc.string({ unit: 'binary' })), weight: 2 },
    { arbitrary: deepBody, weight: 1 },
    { arbitrary: hugeBody(BODY_LIMIT), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  ];
  if (!schema) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 12 }, ...base);
  const valid = validValue(schema, known).map(jsonText);
  const good = goodBody(route);
  const fromGood =
    good === undefined
      ? []
      : [
          { arbitrary: fc.constant(jsonText(good)), weight: 1 },
          { arbitrary: mutate(schema, good, known).map(jsonText), weight: 6 },
        ];
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: mutatedValue(schema, known).map(jsonText), weight: 6 },
    ...fromGood,
    // Valid JSON cut short.
    {
      arbitrary: fc.tuple(valid, fc.nat()).map(([text, at]) => text.slice(0, at % Math.max(1, text.length))),
      weight: 1,
    },
    ...base,
  );
}

/** A value for a path, query or header parameter: valid, real, odd, or far too long. */
function parameterValue(route: Route, name: string, where: 'path' | 'query'): fc.Arbitrary<string> {
  const parameter = route.parameters.find((candidate) => candidate.name === name && candidate.in === where);
  return fc.oneof(
    {
      arbitrary: validValue(parameter?.schema ?? {}, known, name).map((v) => percentEncode(String(v))),
      weight: 4,
    },
    { arbitrary: nastyUrlText(), weight: 3 },
    { arbitrary: nastyNumber.map((v) => percentEncode(String(v))), weight: 1 },
    // Longer than any request line Node takes (16 KiB): Node's own parser refuses it.
    { arbitrary: fc.constantFrom(2_000, 20_000).map((length) => 'y'.repeat(length)), weight: 1 },
  );
}

function queryFor(route: Route): fc.Arbitrary<string> {
  const names = route.parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name);
  const pair = (name: string) =>
    fc.oneof(
      { arbitrary: parameterValue(route, name, 'query').map((value) => [`${name}=${value}`]), weight: 6 },
      { arbitrary: fc.constant([]), weight: 1 },
      // The same parameter twice: an array where a string is expected.
      {
        arbitrary: fc
          .tuple(parameterValue(route, name, 'query'), parameterValue(route, name, 'query'))
          .map(([a, b]) => [`${name}=${a}`, `${name}=${b}`]),
        weight: 1,
      },
      { arbitrary: fc.constant([name]), weight: 1 },
    );
  const extra = fc.array(
    fc
      .tuple(nastyUrlText(), nastyUrlText())
      .map(([key, value]) => `${key}=${value}`)
      .chain((text) => fc.constantFrom(text, 'a[b][c]=1', '__proto__[x]=1', 'constructor[prototype][x]=1')),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...names.map(pair)), extra).map(([pairs, extras]) => {
    const all = [...pairs.flat(), ...extras];
    return all.length ? `?${all.join('&')}` : '';
  });
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

interface FuzzRequest extends RawRequest {
  route: string;
  /** The route's body limit: past it the API may close the connection before its 413 is read. */
  bodyLimit: number;
}

/** Requests to a documented route, from the schemas of its parameters and body plus junk. */
function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const pathNames = route.parameters.filter((parameter) => parameter.in === 'path').map((p) => p.name);
  const pathValues = fc
    .tuple(...pathNames.map((name) => parameterValue(route, name, 'path')))
    .map((values) => Object.fromEntries(pathNames.map((name, index) => [name, values[index] ?? ''])));
  const method = fc.oneof(
    { arbitrary: fc.constant(route.method), weight: 12 },
    { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
  );
  return fc
    .record({
      method,
      path: pathValues.map((values) => fillPath(route.path, values)),
      query: queryFor(route),
      tenant: tenantHeader,
      other: otherHeaders,
      contentType,
      body: bodyFor(route),
    })
    .map(({ method, path, query, tenant, other, contentType, body }) => ({
      route: `${route.method} ${route.path}`,
      bodyLimit: BODY_LIMIT,
      method,
      path: `${path}${query}`,
      headers: {
        ...tenant,
        ...other,
        ...(body !== undefined && contentType !== undefined ? { 'content-type': contentType } : {}),
      },
      body,
    }));
}

// ---------------------------------------------------------------------------------------------
// Routes outside the document, each said here

/**
 * `POST /api/webhooks/psp` is hidden from the document (`hide: true`: the provider calls it, not a
 * shop). It reads the raw body (64 KiB at most) and answers 401 INVALID_SIGNATURE to any body not
 * signed with the provider's secret; so most bodies here are signed properly, to reach the
 * handling of signed events with junk in them.
 */
function webhookRequest(): fc.Arbitrary<FuzzRequest> {
  const event = fc.record(
    {
      eventId: fc.oneof(
        fc.uuid().map((id) => `evt_${id}`),
        nastyString,
        fc.constant('evt_\u0000'),
      ),
      type: fc.oneof(
        fc.constantFrom(
          'payment.authorized',
          'payment.captured',
          'payment.declined',
          'payment.cancelled',
          'payment.refunded',
          'payment.partially_refunded',
          'token.created',
        ),
        nastyString,
      ),
      // The real payment's ids often, so that junk reaches the handling of a known payment.
      paymentId: fc.oneof(
        { arbitrary: fc.constantFrom(...(known.paymentId ?? [])), weight: 3 },
        { arbitrary: fc.oneof(nastyString, junkValue), weight: 2 },
        { arbitrary: fc.constantFrom(...(known.paymentId ?? [])).map((id) => `${id}\u0000`), weight: 1 },
      ),
      merchantReference: fc.oneof(
        fc.constant(`${known.orderNumber?.[0]}-1`),
        nastyString,
        fc.constant(`${known.orderNumber?.[0]}-1\u0000`),
      ),
      token: fc.oneof(fc.constant('tok_1'), nastyString),
      amount: fc.oneof(fc.integer({ min: 0, max: 100_000 }), nastyNumber),
      occurredAt: fc.oneof(fc.constant(new Date(0).toISOString()), nastyString),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    { arbitrary: event.map(jsonText), weight: 6 },
    { arbitrary: junkValue.map(jsonText), weight: 1 },
    { arbitrary: fc.constantFrom(...BROKEN_JSON), weight: 1 },
    { arbitrary: deepBody, weight: 1 },
    { arbitrary: hugeBody(WEBHOOK_BODY_LIMIT), weight: 1 },
  );
  const sign = (text: string) => `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(text).digest('hex')}`;
  return fc
    .record({
      body,
      signature: fc.constantFrom('signed', 'signed', 'signed', 'missing', 'wrong', 'junk'),
      contentType,
      method: fc.oneof({ arbitrary: fc.constant('POST'), weight: 12 }, fc.constantFrom(...OTHER_METHODS)),
    })
    .map(({ body, signature, contentType, method }) => ({
      route: 'POST /api/webhooks/psp',
      bodyLimit: WEBHOOK_BODY_LIMIT,
      method,
      path: '/api/webhooks/psp',
      headers: {
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...(signature === 'signed' ? { 'x-sandbox-signature': sign(body) } : {}),
        ...(signature === 'wrong' ? { 'x-sandbox-signature': sign(`${body} `) } : {}),
        ...(signature === 'junk' ? { 'x-sandbox-signature': 'sha256=zz' } : {}),
      },
      body,
    }));
}

/**
 * The document itself and its viewer (`/api/docs`, `/api/docs/json`, `/api/docs/static/*`) are
 * static and not listed in it; they get junk queries, headers, bodies and file names. Paths that
 * no route has must answer 404 NOT_FOUND in the envelope.
 */
function staticAndUnknownRequest(): fc.Arbitrary<FuzzRequest> {
  const path = fc.oneof(
    fc.constantFrom('/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml'),
    nastyUrlText().map((file) => `/api/docs/static/${file}`),
    fc.constantFrom('/api/docs/static/../../package.json', '/api/docs/static/%2e%2e/%2e%2e/package.json'),
    fc.array(nastyUrlText(), { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
    fc.constantFrom('/', '/api', '/api/shop/rest', '/api/webhooks', '/api/shop/rest/v2/carts'),
  );
  return fc
    .record({
      path,
      query: fc.oneof(
        fc.constant(''),
        nastyUrlText().map((text) => `?${text}=${text}`),
      ),
      method: fc.constantFrom(...OTHER_METHODS),
      tenant: tenantHeader,
      contentType,
      body: fc.oneof(fc.constant(undefined), junkValue.map(jsonText), fc.constantFrom(...BROKEN_JSON)),
    })
    .map(({ path, query, method, tenant, contentType, body }) => ({
      route: 'docs and unknown paths',
      bodyLimit: BODY_LIMIT,
      method,
      path: `${path}${query}`,
      headers: { ...tenant, ...(body !== undefined && contentType ? { 'content-type': contentType } : {}) },
      body,
    }));
}

// ---------------------------------------------------------------------------------------------

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? 'none' : String(request.body);
  return [
    `${request.method} ${request.path.slice(0, 300)}${request.path.length > 300 ? `… (${request.path.length} chars)` : ''}`,
    `headers ${JSON.stringify(request.headers).slice(0, 400)}`,
    `body ${JSON.stringify(body.slice(0, 400))}${body.length > 400 ? `… (${body.length} chars)` : ''}`,
  ].join('\n    ');
}

/** Sends a batch of requests in parallel; throws naming every bad answer. */
async function sendBatch(batch: FuzzRequest[], forwarded: Record<string, string>): Promise<void> {
  const problems = await Promise.all(
    batch.map(async (generated) => {
      const request = { ...generated, headers: { ...generated.headers, ...forwarded } };
      sent += 1;
      let problem: string | undefined;
      try {
        const answer = await sendRaw(api.baseUrl, request);
        const code = answer.status >= 400 ? /"code":"(\w+)"/.exec(answer.text)?.[1] : undefined;
        const key = `${request.route} ${answer.status}${code ? ` ${code}` : ''}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
        problem = answerProblem(request.method, answer);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const cutOff = code === 'ECONNRESET' || code === 'EPIPE';
        // Node refuses a request line or headers past 16 KiB before knowing the method, so its
        // answer (the envelope) has a body even when the request was a HEAD.
        const bodyAfterHead =
          request.method === 'HEAD' && /Data after `Connection: close`/.test(String(error));
        if (!bodyAfterHead && !(cutOff && Buffer.byteLength(request.body ?? '') > request.bodyLimit)) {
          problem = `no answer: ${(error as Error).message}`;
        }
      }
      return problem ? `${problem}\n    ${describeRequest(request)}` : undefined;
    }),
  );
  const found = problems.filter((problem) => problem !== undefined);
  if (found.length) throw new Error(found.join('\n  '));
}

/** Runs one route's property; answers a report of its failure, with the seed to reproduce it. */
async function attack(name: string, requests: fc.Arbitrary<FuzzRequest>): Promise<string | undefined> {
  const details = await fc.check(
    fc.asyncProperty(fc.array(requests, { minLength: BATCH, maxLength: BATCH }), forwardedHeaders, sendBatch),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  if (!details.failed) return undefined;
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${name} (FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}):\n  ${error}`;
}

describe('the API under generated bad input', () => {
  it(
    'answers every route below 500, and every 4xx with the error envelope',
    async () => {
      // The document must list the calls the shop makes; a route gone from it would go unattacked.
      expect(routes.length).toBeGreaterThanOrEqual(21);
      const failures: string[] = [];
      for (const route of routes) {
        await freshCart();
        const failure = await attack(`${route.method} ${route.path}`, requestFor(route));
        if (failure) failures.push(failure);
      }
      for (const [name, requests] of [
        ['POST /api/webhooks/psp (hidden from the document)', webhookRequest()],
        ['docs and unknown paths (not in the document)', staticAndUnknownRequest()],
      ] as const) {
        const failure = await attack(name, requests);
        if (failure) failures.push(failure);
      }
      expect(failures, `seed ${SEED}:\n${failures.join('\n\n')}`).toEqual([]);
    },
    // About a minute alone; the whole suite beside it on two cores takes several times that.
    6 * 60_000,
  );

  it(`sent at least ${MINIMUM_REQUESTS} requests`, () => {
    if (process.env.FUZZ_REPORT) {
      const lines = [...tally]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${count}\t${key}`);
      console.info(`${sent} requests, seed ${SEED}\n${lines.join('\n')}`);
    }
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
  });
});
