import { type RunningSandbox, sandboxClient, startSandbox } from '@shop/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssertionVerifier, IdentityProviderUnavailableError } from './identity-provider';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** The sandbox names its issuers by its public base URL, which is http://localhost:4100 by default. */
const ISSUER = 'http://localhost:4100/idp/blitzmobil';
const provider = () => ({ issuer: ISSUER, jwksUrl: `${sandbox.baseUrl}/idp/blitzmobil/jwks.json` });
const assertion = (request: Parameters<ReturnType<typeof sandboxClient>['assertion']>[1]) =>
  sandboxClient(sandbox.baseUrl).assertion('blitzmobil', request);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

describe('the assertion verifier', () => {
  const verify = createAssertionVerifier();

  it('answers the subscriber, and keeps the assertion until its expiry and the clock tolerance have passed', async () => {
    const jwt = await assertion({ msisdn: '+4915112345678', email: 'Kim@Example.org' });
    const { iat } = claimsOf(jwt);
    expect(await verify(provider(), 'blitzmobil', jwt, new Date())).toEqual({
      ok: true,
      identity: {
        subject: claimsOf(jwt).sub,
        msisdn: '+4915112345678',
        email: 'kim@example.org',
        emailVerified: true,
        jti: claimsOf(jwt).jti,
        acceptedUntil: new Date((iat + 300 + 30) * 1000),
      },
    });
  });

  it('keeps a long-lived assertion only until it is too old to be taken', async () => {
    const jwt = await assertion({ msisdn: '+4915112345678', expiresInSeconds: 3600 });
    const check = await verify(provider(), 'blitzmobil', jwt, new Date());
    expect(check.ok && check.identity.acceptedUntil).toEqual(new Date((claimsOf(jwt).iat + 330) * 1000));
    expect(check.ok && check.identity.email).toBeNull();
  });

  it('refuses another issuer, naming the reason', async () => {
    const jwt = await assertion({ msisdn: '+4915112345678' });
    const check = await verify(
      { ...provider(), issuer: 'https://login.example' },
      'blitzmobil',
      jwt,
      new Date(),
    );
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('"iss"') });
  });

  it('fails as unavailable when the key set cannot be read', async () => {
    const jwt = await assertion({ msisdn: '+4915112345678' });
    for (const jwksUrl of ['http://127.0.0.1:1/jwks.json', `${sandbox.baseUrl}/idp/NO_SHOP/jwks.json`]) {
      await expect(verify({ issuer: ISSUER, jwksUrl }, 'blitzmobil', jwt, new Date())).rejects.toBeInstanceOf(
        IdentityProviderUnavailableError,
      );
    }
  });
});
