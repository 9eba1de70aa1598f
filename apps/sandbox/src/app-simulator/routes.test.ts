import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox({
    publicBaseUrl: 'http://localhost:4100',
    shopUrlTemplate: 'http://{shopId}.localhost:3000',
  });
});
afterAll(() => app.close());

const KEY = 'sandbox-app-key-callhome';

const entryLink = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/app-simulator/entry-links', payload: body });

/** The token of an entry URL, its claims, and whether the shop's key signed it. */
function read(entryUrl: string) {
  const token = new URL(entryUrl).searchParams.get('token') ?? '';
  const [header = '', claims = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', KEY).update(`${header}.${claims}`).digest('base64url');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()),
    signedWithKey: signature === expected,
  };
}

describe('POST /app-simulator/entry-links', () => {
  it('makes a link on the shop’s host, signed with its app key, for five minutes', async () => {
    const response = await entryLink({
      shopId: 'callhome',
      msisdn: '+445600123456',
      currency: 'EUR',
      deviceId: 'phone-0001',
    });
    expect(response.statusCode).toBe(200);
    const { entryUrl, returnUrl } = response.json();
    expect(entryUrl).toMatch(/^http:\/\/callhome\.localhost:3000\/app\/entry\?token=/);
    expect(returnUrl).toBe('http://localhost:4100/app-simulator/return');
    const { header, claims, signedWithKey } = read(entryUrl);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signedWithKey).toBe(true);
    expect(claims).toMatchObject({
      aud: 'callhome',
      channel: 'app',
      msisdn: '+445600123456',
      currency: 'EUR',
      deviceId: 'phone-0001',
      returnUrl,
      jti: expect.any(String),
    });
    expect(claims.exp - claims.iat).toBe(300);
  });

  it('makes expired and forged links on request, each with an id of its own', async () => {
    const expired = read(
      (
        await entryLink({
          shopId: 'callhome',
          msisdn: '+445600123456',
          currency: 'GBP',
          expiresInSeconds: -60,
        })
      ).json().entryUrl,
    );
    expect(expired.claims.exp).toBeLessThan(Date.now() / 1000);
    expect(expired.claims.iat).toBeLessThan(expired.claims.exp);
    const forged = read(
      (await entryLink({ shopId: 'callhome', msisdn: '+445600123456', currency: 'GBP', forge: true })).json()
        .entryUrl,
    );
    expect(forged.signedWithKey).toBe(false);
    expect(forged.claims.jti).not.toBe(expired.claims.jti);
  });

  it.each([
    [{ shopId: 'funkfix', msisdn: '+445600123456', currency: 'GBP' }, 'shopId'],
    [{ shopId: 'callhome', msisdn: 'call me', currency: 'GBP' }, 'msisdn'],
    [{ shopId: 'callhome', msisdn: '+445600123456', currency: 'JPY' }, 'currency'],
    [{ shopId: 'callhome', msisdn: '+445600123456', currency: 'GBP', deviceId: 'x' }, 'deviceId'],
    [{ shopId: 'callhome', msisdn: '+445600123456', currency: 'GBP', returnUrl: 'not a url' }, 'returnUrl'],
    [
      { shopId: 'callhome', msisdn: '+445600123456', currency: 'GBP', expiresInSeconds: 1.5 },
      'expiresInSeconds',
    ],
  ])('refuses %o with 400 naming %s', async (body, field) => {
    const response = await entryLink(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('the app simulator’s pages', () => {
  it('offers Shop, Phone number and Currency, and Open shop goes to a fresh entry link', async () => {
    const page = await app.inject({ method: 'GET', url: '/app-simulator' });
    expect(page.statusCode).toBe(200);
    for (const label of ['Shop', 'Phone number', 'Currency'])
      expect(page.body).toContain(`>${label}</label>`);
    expect(page.body).toContain('>Open shop</button>');
    const opened = await app.inject({
      method: 'POST',
      url: '/app-simulator/open',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'shopId=callhome&msisdn=%2B445600123456&currency=GBP',
    });
    expect(opened.statusCode).toBe(303);
    const { claims, signedWithKey } = read(opened.headers.location as string);
    expect(signedWithKey).toBe(true);
    expect(claims).toMatchObject({
      msisdn: '+445600123456',
      currency: 'GBP',
      deviceId: expect.stringMatching(/^app-device-/),
    });
  });

  it('shows the form again with the problem when the number is not one', async () => {
    const opened = await app.inject({
      method: 'POST',
      url: '/app-simulator/open',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'shopId=callhome&msisdn=hello&currency=GBP',
    });
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toContain('role="alert"');
    expect(opened.body).toContain('value="hello"');
  });

  it('shows every parameter the deep link brings back, escaped', async () => {
    const back = await app.inject({
      method: 'GET',
      url: '/app-simulator/return?orderNumber=CAL-1&outcome=success&msisdn=445600123456&x=%3Cb%3E',
    });
    expect(back.body).toContain('<dd data-param="orderNumber">CAL-1</dd>');
    expect(back.body).toContain('<dd data-param="outcome">success</dd>');
    expect(back.body).toContain('<dd data-param="x">&lt;b&gt;</dd>');
  });
});
