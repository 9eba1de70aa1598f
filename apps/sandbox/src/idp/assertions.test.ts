import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpSandbox, PUBLIC_BASE_URL, readJws, startIdpSandbox } from './test-support';

let sandbox: IdpSandbox;
beforeAll(async () => {
  sandbox = await startIdpSandbox();
});
afterAll(() => sandbox.close());

const NUMBER = '+4915112345678';

async function issued(shopId: string, body: Record<string, unknown>) {
  const response = await sandbox.issue(shopId, body);
  expect(response.statusCode).toBe(200);
  return readJws(response.json().assertion, await sandbox.jwks(shopId));
}

describe('GET /idp/{shopId}/jwks.json', () => {
  it('publishes one public ES256 key per shop, the same on every call', async () => {
    const { keys } = await sandbox.jwks('blitzmobil');
    expect(keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: expect.any(String),
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    expect(await sandbox.jwks('blitzmobil')).toEqual({ keys });
    expect((await sandbox.jwks('weltaufladen')).keys[0]?.kid).not.toBe(keys[0]?.kid);
  });

  it('answers 404 UNKNOWN_SHOP for a shop id that cannot be one', async () => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/idp/Blitz_Mobil/jwks.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'UNKNOWN_SHOP', message: expect.any(String) });
  });
});

describe('POST /idp/{shopId}/assertions', () => {
  it('signs the claims of the subscriber for the shop, valid for five minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { header, claims, signedByKeySet } = await issued('blitzmobil', {
      msisdn: NUMBER,
      email: 'kim@example.org',
    });
    expect(signedByKeySet).toBe(true);
    expect(header).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: (await sandbox.jwks('blitzmobil')).keys[0]?.kid,
    });
    expect(claims).toEqual({
      iss: `${PUBLIC_BASE_URL}/idp/blitzmobil`,
      aud: 'blitzmobil',
      sub: expect.stringMatching(/^sub_[\w-]{22}$/),
      msisdn: NUMBER,
      email: 'kim@example.org',
      email_verified: true,
      iat: expect.any(Number),
      exp: (claims.iat as number) + 300,
      jti: expect.any(String),
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
  });

  it('names a number by the same subject every time, and by another one on another shop', async () => {
    const first = await issued('blitzmobil', { msisdn: NUMBER });
    const again = await issued('blitzmobil', { msisdn: NUMBER });
    const otherNumber = await issued('blitzmobil', { msisdn: '+4915112345679' });
    const otherShop = await issued('weltaufladen', { msisdn: NUMBER });
    expect(again.claims.sub).toBe(first.claims.sub);
    expect(again.claims.jti).not.toBe(first.claims.jti);
    expect(otherNumber.claims.sub).not.toBe(first.claims.sub);
    expect(otherShop.claims.sub).not.toBe(first.claims.sub);
    expect(first.claims).not.toHaveProperty('email');
    expect(first.claims.email_verified).toBe(false);
  });

  it('issues expired, old, unverified and other-audience assertions when asked', async () => {
    const expired = await issued('blitzmobil', { msisdn: NUMBER, expiresInSeconds: -60 });
    expect(expired.claims.exp).toBe((expired.claims.iat as number) - 60);
    expect(expired.claims.exp as number).toBeLessThan(Date.now() / 1000);
    const old = await issued('blitzmobil', { msisdn: NUMBER, issuedSecondsAgo: 600, expiresInSeconds: 900 });
    expect(old.claims.iat as number).toBeLessThanOrEqual(Date.now() / 1000 - 600);
    expect(old.claims.exp).toBe((old.claims.iat as number) + 900);
    const unverified = await issued('blitzmobil', {
      msisdn: NUMBER,
      email: 'kim@example.org',
      emailVerified: false,
    });
    expect(unverified.claims.email_verified).toBe(false);
    const elsewhere = await issued('blitzmobil', { msisdn: NUMBER, audience: 'weltaufladen' });
    expect(elsewhere.claims.aud).toBe('weltaufladen');
    expect(elsewhere.signedByKeySet).toBe(true);
  });

  it('forges with a key the shop does not publish, under the shop’s key id', async () => {
    const forged = await issued('blitzmobil', { msisdn: NUMBER, forge: true });
    expect(forged.header.kid).toBe((await sandbox.jwks('blitzmobil')).keys[0]?.kid);
    expect(forged.signedByKeySet).toBe(false);
  });

  it('answers 400 VALIDATION_FAILED naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'msisdn'],
      [{ msisdn: '015112345678' }, 'msisdn'],
      [{ msisdn: NUMBER, email: 'kim' }, 'email'],
      [{ msisdn: NUMBER, emailVerified: 'yes' }, 'emailVerified'],
      [{ msisdn: NUMBER, expiresInSeconds: 1.5 }, 'expiresInSeconds'],
      [{ msisdn: NUMBER, expiresInSeconds: 86_401 }, 'expiresInSeconds'],
      [{ msisdn: NUMBER, issuedSecondsAgo: -1 }, 'issuedSecondsAgo'],
      [{ msisdn: NUMBER, audience: '' }, 'audience'],
      [{ msisdn: NUMBER, forge: 1 }, 'forge'],
      [[NUMBER], 'JSON object'],
    ];
    for (const [body, field] of cases) {
      const response = await sandbox.issue('blitzmobil', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
    }
    expect((await sandbox.issue('BLITZ', { msisdn: NUMBER })).statusCode).toBe(404);
  });
});
