import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpSandbox, PUBLIC_BASE_URL, readJws, startIdpSandbox } from './test-support';

let sandbox: IdpSandbox;
beforeAll(async () => {
  sandbox = await startIdpSandbox();
});
afterAll(() => sandbox.close());

const SHOP_RETURN = 'http://blitzmobil.localhost:3000/shop/sso?from=cart';
const authorizeQuery = (state = 'st<"ate>') =>
  `redirect_uri=${encodeURIComponent(SHOP_RETURN)}&state=${encodeURIComponent(state)}`;

const loginPage = (query: string) =>
  sandbox.app.inject({ method: 'GET', url: `/idp/blitzmobil/authorize?${query}` });
const signIn = (fields: Record<string, string>) =>
  sandbox.app.inject({
    method: 'POST',
    url: '/idp/blitzmobil/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ redirect_uri: SHOP_RETURN, state: 'abc', ...fields }).toString(),
  });

describe('GET /idp/{shopId}/authorize', () => {
  it('is a self-contained English login page with Phone number, E-mail and Sign in', async () => {
    const response = await loginPage(authorizeQuery());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<form class="step" method="post" action="/idp/blitzmobil/authorize" novalidate>');
    expect(html).toContain('<label for="msisdn">Phone number</label>');
    expect(html).toContain('<label for="email">E-mail</label>');
    expect(html).toContain('<button type="submit" class="primary">Sign in</button>');
    expect(html).toContain(
      `<input type="hidden" name="redirect_uri" value="${SHOP_RETURN.replace('&', '&amp;')}">`,
    );
    expect(html).toContain('<input type="hidden" name="state" value="st&lt;&quot;ate&gt;">');
    expect(html).not.toContain('st<"ate>');
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it('labels every visible input and offers a way back without signing in', async () => {
    const html = (await loginPage(authorizeQuery('abc'))).body;
    const ids = [...html.matchAll(/<input\b(?![^>]*type="hidden")[^>]*\bid="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(ids).toEqual(['msisdn', 'email', 'emailVerified']);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    const back = html.match(/<a href="([^"]+)">Back to the shop without signing in<\/a>/)?.[1] ?? '';
    const url = new URL(back.replaceAll('&amp;', '&'));
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('from')).toBe('cart');
  });

  it('answers 400 with a page for a missing or non-web redirect_uri', async () => {
    for (const query of ['state=abc', 'redirect_uri=javascript%3Aalert(1)', 'redirect_uri=%2Fshop']) {
      const response = await loginPage(query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('<div class="error" role="alert">redirect_uri must be');
    }
  });
});

describe('POST /idp/{shopId}/authorize (the form)', () => {
  it('goes back to the shop with a signed assertion of what was entered, and the state', async () => {
    const response = await signIn({
      msisdn: '0049 151 1234-5678',
      email: 'kim@example.org',
      emailVerified: 'yes',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://blitzmobil.localhost:3000/shop/sso');
    expect(location.searchParams.get('from')).toBe('cart');
    expect(location.searchParams.get('state')).toBe('abc');
    const jws = readJws(location.searchParams.get('assertion') ?? '', await sandbox.jwks('blitzmobil'));
    expect(jws.signedByKeySet).toBe(true);
    expect(jws.claims).toMatchObject({
      iss: `${PUBLIC_BASE_URL}/idp/blitzmobil`,
      aud: 'blitzmobil',
      msisdn: '+4915112345678',
      email: 'kim@example.org',
      email_verified: true,
    });
  });

  it('says the e-mail is unverified when the box is not ticked', async () => {
    const response = await signIn({ msisdn: '+4915112345678', email: 'kim@example.org' });
    const assertion = new URL(response.headers.location as string).searchParams.get('assertion') ?? '';
    expect(readJws(assertion, await sandbox.jwks('blitzmobil')).claims.email_verified).toBe(false);
  });

  it('shows the page again with the problem next to the field', async () => {
    const response = await signIn({ msisdn: '015112345678', email: 'kim@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('aria-invalid="true" aria-describedby="msisdn-hint msisdn-error"');
    expect(response.body).toContain(
      '<p class="field-error" id="msisdn-error">Enter the number in international form',
    );
    expect(response.body).toContain('value="kim@example.org"');
    expect(response.body).not.toContain('emailVerified" type="checkbox" value="yes" checked');
    const badEmail = await signIn({ msisdn: '+4915112345678', email: 'kim' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('<p class="field-error" id="email-error">');
  });
});
