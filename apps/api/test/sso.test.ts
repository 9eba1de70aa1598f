import type { AccountProfile, AuthAnswer, ErrorEnvelope } from '@shop/domain/contract';
import type { SandboxAssertionRequest } from '@shop/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { LIFTED_LIMITS } from './harness';

/**
 * Spec §7 ssoAuthenticate (decision 0035): blitzmobil and weltaufladen sign shoppers in with the
 * assertion of their identity provider, here the sandbox's (`/idp/{shopId}`).
 */
const api = apiForFile();

let counter = 0;
/** A Blitz Mobil number no other test uses: each is another subscriber at the provider. */
const freshNumber = () => `+49151${String(Date.now() * 10 + (counter++ % 10)).slice(-8)}`;
const freshEmail = () => `sso-${Date.now()}-${counter++}@example.org`;
const STRONG = 'Violet-Harbour-42';

type Answer = Record<string, unknown> & Partial<ErrorEnvelope>;

async function call(method: string, path: string, tenant: string, body?: unknown, token?: string) {
  const response = await api.request(path, {
    method,
    headers: {
      'X-Tenant-Id': tenant,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer };
}

const assertion = (shopId: string, request: SandboxAssertionRequest) =>
  api.sandbox.client.assertion(shopId, request);
const ssoAuthenticate = (tenant: string, body: unknown, token?: string) =>
  call('POST', '/api/auth/ssoAuthenticate', tenant, body, token);
const profile = (tenant: string, token: string) =>
  call('GET', '/api/shop/rest/account/profile', tenant, undefined, token);

async function signedIn(tenant: string, body: unknown) {
  const answer = await ssoAuthenticate(tenant, body);
  expect(answer.status).toBe(200);
  return answer.body as unknown as AuthAnswer & { accessToken: string; user: { userId: string } };
}

const REFUSED = { status: 401, body: { code: 'NotAuthorizedException', message: expect.any(String) } };

/** The newest six-digit code sent to the address. */
async function codeSentTo(recipient: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const [latest] = await api.sandbox.client.outbox(recipient);
    const code = latest?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code reached ${recipient}`);
}

/** A password account of the e-mail on the tenant, confirmed unless told otherwise. */
async function passwordAccount(tenant: string, email: string, { confirmed = true } = {}) {
  expect((await call('POST', '/api/auth/register', tenant, { email, password: STRONG })).status).toBe(200);
  if (!confirmed) return;
  const code = await codeSentTo(email);
  const confirm = await call('POST', '/api/shop/rest/v2/account/confirm', tenant, { userName: email, code });
  expect(confirm.status).toBe(200);
}

describe('a good assertion', () => {
  it('signs the subscriber in to a new, confirmed account that the profile call knows', async () => {
    const msisdn = freshNumber();
    const email = freshEmail();
    const answer = await signedIn('blitzmobil', {
      assertion: await assertion('blitzmobil', { msisdn, email }),
      msisdn,
    });
    expect(answer).toMatchObject({
      passwordNeedsRehash: false,
      tokenType: 'Bearer',
      accessToken: expect.any(String),
      message: 'successfulAuthentication',
      user: { userName: msisdn, phoneNumber: msisdn, email, firstname: null, lastname: null },
    });
    const read = await profile('blitzmobil', answer.accessToken);
    expect(read.status).toBe(200);
    expect(read.body as unknown as AccountProfile).toMatchObject({
      userId: answer.user.userId,
      userName: msisdn,
      phoneNumber: msisdn,
    });
  });

  it('signs the same subscriber in to the same account next time, without a msisdn too', async () => {
    const msisdn = freshNumber();
    const first = await signedIn('weltaufladen', { assertion: await assertion('weltaufladen', { msisdn }) });
    const again = await signedIn('weltaufladen', {
      assertion: await assertion('weltaufladen', { msisdn }),
      msisdn: `0${msisdn.slice(3, 6)} ${msisdn.slice(6)}`,
    });
    expect(again.user.userId).toBe(first.user.userId);
    expect(again.accessToken).not.toBe(first.accessToken);
  });

  it('ends the session the caller held before', async () => {
    const msisdn = freshNumber();
    const before = await signedIn('blitzmobil', { assertion: await assertion('blitzmobil', { msisdn }) });
    const after = await ssoAuthenticate(
      'blitzmobil',
      { assertion: await assertion('blitzmobil', { msisdn }) },
      before.accessToken,
    );
    expect(after.status).toBe(200);
    expect((await profile('blitzmobil', before.accessToken)).status).toBe(401);
  });

  it('is taken a little after its expiry, for clocks that differ', async () => {
    const late = await assertion('blitzmobil', { msisdn: freshNumber(), expiresInSeconds: -10 });
    expect((await ssoAuthenticate('blitzmobil', { assertion: late })).status).toBe(200);
  });
});

describe('a refused assertion', () => {
  it('signs nobody in a second time', async () => {
    const msisdn = freshNumber();
    const once = await assertion('blitzmobil', { msisdn });
    expect((await ssoAuthenticate('blitzmobil', { assertion: once, msisdn })).status).toBe(200);
    expect(await ssoAuthenticate('blitzmobil', { assertion: once, msisdn })).toMatchObject(REFUSED);
  });

  it('is refused when forged, expired or too old', async () => {
    const msisdn = freshNumber();
    const refused = [
      await assertion('blitzmobil', { msisdn, forge: true }),
      await assertion('blitzmobil', { msisdn, expiresInSeconds: -120 }),
      await assertion('blitzmobil', { msisdn, issuedSecondsAgo: 600, expiresInSeconds: 3600 }),
      'not-an-assertion',
    ];
    for (const bad of refused) {
      expect(await ssoAuthenticate('blitzmobil', { assertion: bad, msisdn })).toMatchObject(REFUSED);
    }
  });

  it('is refused by a shop it was not made for', async () => {
    const msisdn = freshNumber();
    // Signed by Blitz Mobil's provider, for Welt Aufladen: right key and issuer, wrong audience.
    const forOtherShop = await assertion('blitzmobil', { msisdn, audience: 'weltaufladen' });
    expect(await ssoAuthenticate('blitzmobil', { assertion: forOtherShop })).toMatchObject(REFUSED);
    // Welt Aufladen's own assertion, taken to Blitz Mobil: issuer, key and audience are not Blitz Mobil's.
    const ofOtherShop = await assertion('weltaufladen', { msisdn });
    expect(await ssoAuthenticate('blitzmobil', { assertion: ofOtherShop })).toMatchObject(REFUSED);
    // Neither was used up by the refusal: Welt Aufladen takes its own.
    expect((await ssoAuthenticate('weltaufladen', { assertion: ofOtherShop })).status).toBe(200);
  });

  it('is refused when the shop’s msisdn is not the asserted number', async () => {
    const good = await assertion('blitzmobil', { msisdn: freshNumber() });
    expect(await ssoAuthenticate('blitzmobil', { assertion: good, msisdn: freshNumber() })).toMatchObject(
      REFUSED,
    );
    expect(await ssoAuthenticate('blitzmobil', { assertion: good, msisdn: 'nobody' })).toMatchObject(REFUSED);
  });

  it('needs an assertion', async () => {
    expect(await ssoAuthenticate('blitzmobil', { msisdn: freshNumber() })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('tenants without single sign-on', () => {
  it('answers SIGN_IN_NOT_OFFERED where accounts exist but no identity provider does', async () => {
    const msisdn = freshNumber();
    expect(
      await ssoAuthenticate('funkfix', { assertion: await assertion('funkfix', { msisdn }), msisdn }),
    ).toMatchObject({ status: 403, body: { code: 'SIGN_IN_NOT_OFFERED' } });
  });

  it('answers AUTHORIZATION_REQUIRED where the shop has no accounts', async () => {
    const msisdn = freshNumber();
    expect(
      await ssoAuthenticate('tarifwerk', { assertion: await assertion('tarifwerk', { msisdn }), msisdn }),
    ).toMatchObject({ status: 401, body: { code: 'AUTHORIZATION_REQUIRED' } });
  });
});

describe('the limit', () => {
  const limited = apiForFile({
    abuseLimits: { overrides: { ...LIFTED_LIMITS, signInPerClient: { max: 2 } } },
  });

  it('counts the refused single sign-ons of an address, never a good one', async () => {
    const fromOneAddress = async (assertion: string) =>
      (
        await limited.request('/api/auth/ssoAuthenticate', {
          method: 'POST',
          headers: {
            'X-Tenant-Id': 'blitzmobil',
            'X-CLIENT-IP': '198.18.7.1',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ assertion }),
        })
      ).status;
    const good = () => limited.sandbox.client.assertion('blitzmobil', { msisdn: freshNumber() });
    expect(await fromOneAddress(await good())).toBe(200);
    expect(await fromOneAddress('not-an-assertion')).toBe(401);
    expect(await fromOneAddress(await good())).toBe(200);
    expect(await fromOneAddress(await good())).toBe(200);
    expect(await fromOneAddress('not-an-assertion')).toBe(401);
    expect(await fromOneAddress(await good())).toBe(429);
  });
});

describe('an account of the same e-mail', () => {
  it('is linked when the provider verified the e-mail and the account confirmed it', async () => {
    const email = freshEmail();
    await passwordAccount('blitzmobil', email);
    const byPassword = await call('POST', '/api/auth/authenticate', 'blitzmobil', {
      userName: email,
      password: STRONG,
    });
    const userId = (byPassword.body as unknown as AuthAnswer).user?.userId;
    const msisdn = freshNumber();
    const bySso = await signedIn('blitzmobil', {
      assertion: await assertion('blitzmobil', { msisdn, email: email.toUpperCase(), emailVerified: true }),
    });
    expect(bySso.user).toMatchObject({ userId, userName: email });
    // Both ways in lead to it from now on.
    const again = await signedIn('blitzmobil', { assertion: await assertion('blitzmobil', { msisdn }) });
    expect(again.user.userId).toBe(userId);
    const password = await call('POST', '/api/auth/authenticate', 'blitzmobil', {
      userName: email,
      password: STRONG,
    });
    expect(password.status).toBe(200);
  });

  it('is left alone when the provider did not verify the e-mail', async () => {
    const email = freshEmail();
    await passwordAccount('blitzmobil', email);
    const msisdn = freshNumber();
    const bySso = await signedIn('blitzmobil', {
      assertion: await assertion('blitzmobil', { msisdn, email, emailVerified: false }),
    });
    expect(bySso.user).toMatchObject({ userName: msisdn, email });
  });

  it('is left alone while it has not confirmed its e-mail', async () => {
    const email = freshEmail();
    await passwordAccount('weltaufladen', email, { confirmed: false });
    const msisdn = freshNumber();
    const bySso = await signedIn('weltaufladen', {
      assertion: await assertion('weltaufladen', { msisdn, email, emailVerified: true }),
    });
    expect(bySso.user).toMatchObject({ userName: msisdn });
  });

  it('is not taken from the subscriber it is linked to', async () => {
    const email = freshEmail();
    await passwordAccount('blitzmobil', email);
    const first = await signedIn('blitzmobil', {
      assertion: await assertion('blitzmobil', { msisdn: freshNumber(), email }),
    });
    const otherMsisdn = freshNumber();
    const other = await signedIn('blitzmobil', {
      assertion: await assertion('blitzmobil', { msisdn: otherMsisdn, email }),
    });
    expect(other.user.userId).not.toBe(first.user.userId);
    expect(other.user.userName).toBe(otherMsisdn);
  });
});
