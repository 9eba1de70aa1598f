import { REQUEST_BODY_LIMIT_BYTES } from '@shop/domain/contract';
import { expect, test } from './fixtures';
import { requestShop } from './shop';

/** Calls of the browser that take a body, each through the shop's `/api` proxy. */
const ROUTES = [
  { method: 'POST', path: '/api/auth/ssoAuthenticate' },
  { method: 'POST', path: '/api/auth/forgotPass' },
  { method: 'PUT', path: '/api/shop/rest/payment-tokens/update' },
  { method: 'POST', path: '/api/shop/rest/checkout-address' },
  { method: 'POST', path: '/api/shop/graphql' },
];
const MB = 1_000_000;

/** A JSON body of `size` bytes. */
const jsonOf = (size: number) => `{"userName":"${'x'.repeat(size - 15)}"}`;

const send = (route: (typeof ROUTES)[number], body: string, chunked: boolean) =>
  requestShop('funkfix.localhost', route.path, {
    method: route.method,
    headers: { 'Content-Type': 'application/json' },
    body,
    chunked,
  });

test('bodies past the API’s limit are refused with 413 and the envelope through the proxy, every time', async () => {
  test.setTimeout(180_000);
  const bodies = [1.1 * MB, 2 * MB, 3.5 * MB, 5 * MB].map((size) => jsonOf(Math.round(size)));
  const requests = Array.from({ length: 200 }, (_, index) => ({
    route: ROUTES[index % ROUTES.length] as (typeof ROUTES)[number],
    body: bodies[index % bodies.length] as string,
    // Every third one as a stream is sent: no length up front, the proxy counts as it reads.
    chunked: index % 3 === 0,
  }));
  // Eight at a time, as several browsers would send them.
  for (let at = 0; at < requests.length; at += 8) {
    const answers = await Promise.all(
      requests.slice(at, at + 8).map(({ route, body, chunked }) => send(route, body, chunked)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Request body is too large' });
    }
  }
});

test('a body within the limit still reaches the API, which answers it', async () => {
  const route = { method: 'POST', path: '/api/auth/forgotPass' };
  for (const chunked of [false, true]) {
    const answer = await send(route, jsonOf(REQUEST_BODY_LIMIT_BYTES), chunked);
    // The API's own refusal of the request's fields, not the proxy's of its size.
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(answer.json<{ message: string }>().message).not.toBe('Request body is too large');
  }
});

test('a shop’s domain never reaches the back office’s calls, however the path is spelt', async () => {
  for (const path of [
    '/api/backoffice/orders',
    '/api/backoffice/auth/session',
    '/api/BackOffice/audit',
    '/api/%62ackoffice/auth/session',
    '/api//backoffice/audit',
  ]) {
    let answer = await requestShop('funkfix.localhost', path, { method: 'GET' });
    // A doubled slash is first made single by the storefront, which then refuses the path.
    const location = answer.headers.location;
    if (answer.status === 308 && typeof location === 'string') {
      answer = await requestShop('funkfix.localhost', new URL(location, 'http://shop').pathname, {
        method: 'GET',
      });
    }
    expect(answer.status, path).toBe(404);
    expect(answer.json(), path).toMatchObject({ code: 'NOT_FOUND' });
  }
  const signIn = await requestShop('funkfix.localhost', '/api/backoffice/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@platform.example', password: 'Staff-Passw0rd!', totp: '000000' }),
  });
  expect(signIn.status).toBe(404);
});
