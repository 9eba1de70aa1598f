import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { LIFTED_LIMITS } from './harness';

/** Decision 0015: the account calls' limits refuse with 429 and let the shopper in again after the window. */
const api = apiForFile({
  abuseLimits: {
    overrides: {
      ...LIFTED_LIMITS,
      signInPerAccount: { max: 3, windowMs: 1500 },
      accountCodePerRecipient: { max: 2 },
    },
  },
});

let client = 0;
async function post(path: string, body: unknown, token?: string) {
  client += 1;
  const response = await api.request(path, {
    method: 'POST',
    // Every call from another address: the per-account limit is what holds.
    headers: {
      'X-Tenant-Id': 'alpenfunk',
      'X-CLIENT-IP': `198.18.9.${client}`,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

describe('the limits of the account calls', () => {
  it('refuses a fourth sign-in try for one account within the window, then lets the right password in', async () => {
    const userName = demoUserName('alpenfunk');
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/api/auth/authenticate', { userName, password: `Wrong-Guess-${i}0000` })).status,
      ).toBe(401);
    }
    const refused = await post('/api/auth/authenticate', { userName, password: DEMO_PASSWORD });
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Another account is not held back by it.
    expect(
      (await post('/api/auth/authenticate', { userName: 'someone@example.org', password: 'x' })).status,
    ).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await post('/api/auth/authenticate', { userName, password: DEMO_PASSWORD })).toMatchObject({
      status: 200,
      body: { accessToken: expect.any(String) },
    });
  });

  it('does not count wrong deletion codes, which only the owner receives, against signing in from anywhere', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const userName = demoUserName('alpenfunk');
    const signedIn = await post('/api/auth/authenticate', { userName, password: DEMO_PASSWORD });
    const { accessToken } = signedIn.body as { accessToken: string };
    for (let i = 0; i < 4; i++) {
      const wrong = await post('/api/shop/rest/account/delete', { code: `00000${i}` }, accessToken);
      expect(wrong.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    }
    expect(await post('/api/auth/authenticate', { userName, password: DEMO_PASSWORD })).toMatchObject({
      status: 200,
    });
  });

  it('sends at most two reset codes an hour to one address, and says so the same way for unknown ones', async () => {
    const userName = demoUserName('alpenfunk');
    expect((await post('/api/auth/forgotPass', { userName })).status).toBe(200);
    expect((await post('/api/auth/forgotPass', { userName })).status).toBe(200);
    expect(await post('/api/auth/forgotPass', { userName })).toMatchObject({
      status: 429,
      body: { code: 'OTP_RESEND_TIME_LIMIT_RESTRICTION' },
    });
    expect(await api.sandbox.client.outbox(userName)).toHaveLength(2);
    const unknown = 'nobody-here@example.org';
    await post('/api/auth/forgotPass', { userName: unknown });
    await post('/api/auth/forgotPass', { userName: unknown });
    expect((await post('/api/auth/forgotPass', { userName: unknown })).status).toBe(429);
  });
});
