import type {
  AccountProfile,
  AuthAnswer,
  ErrorEnvelope,
  HistoryOrder,
  OrderHistoryAnswer,
  RegisterAnswer,
} from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName, REHASH_DEMO } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';

/** Spec §7 Authentication and Account, called as the storefront (or any client) calls them. */
const api = apiForFile();

let counter = 0;
/** A user name no other test uses, so outbox look-ups see only this test's mails. */
const freshEmail = () => `shopper-${Date.now()}-${counter++}@example.org`;
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
const post = (path: string, tenant: string, body: unknown, token?: string) =>
  call('POST', path, tenant, body, token);
const get = (path: string, tenant: string, token?: string) => call('GET', path, tenant, undefined, token);

/** The newest code in the newest message to the address or number. */
async function codeSentTo(recipient: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const [latest] = await api.sandbox.client.outbox(recipient);
    const code = latest?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code reached ${recipient}`);
}

async function registeredAndConfirmed(tenant: string, userName = freshEmail(), password = STRONG) {
  expect((await post('/api/auth/register', tenant, { email: userName, password })).status).toBe(200);
  const code = await codeSentTo(userName);
  expect((await post('/api/shop/rest/v2/account/confirm', tenant, { userName, code })).status).toBe(200);
  return { userName, password };
}

async function signIn(tenant: string, userName: string, password: string): Promise<string> {
  const answer = await post('/api/auth/authenticate', tenant, { userName, password });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as AuthAnswer).accessToken as string;
}

describe('registration and confirmation', () => {
  it('registers, mails a code, confirms it, and then signs in case-insensitively', async () => {
    const email = freshEmail();
    const registered = await post('/api/auth/register', 'ladeplatz', {
      email: email.toUpperCase(),
      password: STRONG,
      firstname: 'Ada',
      lastname: 'Lovelace',
      phoneNumber: '0170 1234 5678',
    });
    expect(registered).toMatchObject({
      status: 200,
      body: { status: 'registrationSent', message: 'registrationSent', userName: email, channel: 'email' },
    });
    expect((registered.body as unknown as RegisterAnswer).sentTo).not.toContain(
      email.split('@')[0]?.slice(1),
    );

    // Not confirmed yet: the right password is not enough.
    expect(
      await post('/api/auth/authenticate', 'ladeplatz', { userName: email, password: STRONG }),
    ).toMatchObject({
      status: 403,
      body: { code: 'ACCOUNT_NOT_CONFIRMED' },
    });
    const [mail] = await api.sandbox.client.outbox(email);
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('Ladeplatz') });

    const wrong = await post('/api/shop/rest/v2/account/confirm', 'ladeplatz', {
      userName: email,
      code: '000000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'INVALID_VERIFICATION_CODE' } });
    const code = await codeSentTo(email);
    expect(
      await post('/api/shop/rest/v2/account/confirm', 'ladeplatz', { userName: email, code }),
    ).toMatchObject({
      status: 200,
      body: { status: 'CONFIRMED', message: 'successfulRegistration' },
    });
    // Single use.
    expect(
      (await post('/api/shop/rest/v2/account/confirm', 'ladeplatz', { userName: email, code })).status,
    ).toBe(400);

    const signedIn = await post('/api/auth/authenticate', 'ladeplatz', {
      userName: `  ${email.toUpperCase()} `,
      password: STRONG,
    });
    expect(signedIn).toMatchObject({
      status: 200,
      body: {
        passwordNeedsRehash: false,
        tokenType: 'Bearer',
        accessToken: expect.any(String),
        user: { userName: email, firstname: 'Ada', lastname: 'Lovelace', phoneNumber: '+4917012345678' },
      },
    });
    const expiresAt = Date.parse((signedIn.body as unknown as AuthAnswer).expiresAt as string);
    expect(expiresAt - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  it('refuses a taken user name, weak passwords and a malformed e-mail', async () => {
    const { userName } = await registeredAndConfirmed('funkfix');
    expect(
      await post('/api/auth/register', 'funkfix', { email: userName, password: 'Another-Strong-1' }),
    ).toMatchObject({ status: 409, body: { code: 'CUSTOMER_DUPLICATION_ERROR' } });
    const cases = [
      ['short-1', 'PASSWORD_TOO_SHORT'],
      ['password123', 'PASSWORD_TOO_COMMON'],
      ['qwertyuiop', 'PASSWORD_TOO_COMMON'],
    ] as const;
    for (const [password, code] of cases) {
      expect(await post('/api/auth/register', 'funkfix', { email: freshEmail(), password })).toMatchObject({
        status: 400,
        body: { code },
      });
    }
    const email = freshEmail();
    expect(await post('/api/auth/register', 'funkfix', { email, password: `x${email}` })).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_CONTAINS_USER_NAME' },
    });
    expect(
      await post('/api/auth/register', 'funkfix', { email: 'not-an-email', password: STRONG }),
    ).toMatchObject({
      status: 400,
      body: { code: 'INVALID_USER_NAME' },
    });
    expect(await post('/api/auth/register', 'funkfix', { password: STRONG })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  });

  it('registers by phone where the tenant allows it, with the code by SMS', async () => {
    const number = `+316${String(Date.now()).slice(-8)}`;
    const registered = await post('/api/auth/register', 'belwaarde', {
      phoneNumber: number,
      password: STRONG,
    });
    expect(registered).toMatchObject({ status: 200, body: { userName: number, channel: 'sms' } });
    const code = await codeSentTo(number);
    expect(
      (await post('/api/shop/rest/v2/account/confirm', 'belwaarde', { userName: number, code })).status,
    ).toBe(200);
    expect(
      (await post('/api/auth/authenticate', 'belwaarde', { userName: number, password: STRONG })).status,
    ).toBe(200);
    // A contact number of another country (the shop's phoneNumber cookie) is left out.
    const email = freshEmail();
    const withForeignNumber = await post('/api/auth/register', 'belwaarde', {
      email,
      password: STRONG,
      phoneNumber: '+4917012345678',
    });
    expect(withForeignNumber).toMatchObject({ status: 200, body: { userName: email, channel: 'email' } });
    // FunkFix has no phone registration: a number is no user name there.
    expect(
      await post('/api/auth/register', 'funkfix', { phoneNumber: '+4917012340999', password: STRONG }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_USER_NAME' } });
  });
});

describe('a shopper’s whole way', () => {
  it('registers, confirms with the mailed code, signs in, edits the profile, signs out, and the old session is refused', async () => {
    const { userName } = await registeredAndConfirmed('weltaufladen');
    const token = await signIn('weltaufladen', userName, STRONG);
    expect(
      await post(
        '/api/shop/rest/account/profile/edit',
        'weltaufladen',
        { firstname: 'Grace', city: 'Köln' },
        token,
      ),
    ).toMatchObject({ status: 200, body: { firstname: 'Grace', city: 'Köln', userName } });
    expect((await post('/api/auth/signOut', 'weltaufladen', {}, token)).status).toBe(200);
    expect(await get('/api/shop/rest/account/profile', 'weltaufladen', token)).toMatchObject({
      status: 401,
      body: { code: 'AUTHORIZATION_REQUIRED' },
    });
    expect(
      await post('/api/shop/rest/account/profile/edit', 'weltaufladen', { firstname: 'Mallory' }, token),
    ).toMatchObject({ status: 401 });
  });
});

describe('signing in and out', () => {
  it('answers the same refusal for a wrong password and an unknown user name', async () => {
    const wrongPassword = await post('/api/auth/authenticate', 'funkfix', {
      userName: demoUserName('funkfix'),
      password: 'Not-The-Password-1',
    });
    const unknown = await post('/api/auth/authenticate', 'funkfix', {
      userName: 'nobody@funkfix.example',
      password: 'Not-The-Password-1',
    });
    expect(wrongPassword).toEqual({
      status: 401,
      body: { code: 'NotAuthorizedException', message: expect.any(String) },
    });
    expect(unknown).toEqual(wrongPassword);
  });

  it('signs the demo account in, reads its profile, and signing out ends the session', async () => {
    const token = await signIn('blitzmobil', demoUserName('blitzmobil'), DEMO_PASSWORD);
    const profile = await get('/api/shop/rest/account/profile', 'blitzmobil', token);
    expect(profile).toMatchObject({
      status: 200,
      body: { userName: demoUserName('blitzmobil'), phoneNumber: '+4915112340102', firstname: 'Demo' },
    });
    expect(await post('/api/auth/signOut', 'blitzmobil', {}, token)).toMatchObject({
      status: 200,
      body: { message: 'successfulLogout' },
    });
    expect(await get('/api/shop/rest/account/profile', 'blitzmobil', token)).toMatchObject({
      status: 401,
      body: { code: 'AUTHORIZATION_REQUIRED' },
    });
  });

  it('signs in with a code sent by SMS to a phone account', async () => {
    const number = `+316${String(Date.now() + 7).slice(-8)}`;
    await registeredAndConfirmedByPhone(number);
    expect(await post('/api/auth/loginCode', 'belwaarde', { userName: number })).toMatchObject({
      status: 200,
      body: { status: 'sent' },
    });
    const code = await codeSentTo(number);
    expect(
      await post('/api/auth/authenticate', 'belwaarde', { userName: number, code: '111111' }),
    ).toMatchObject({
      status: 401,
    });
    const answer = await post('/api/auth/authenticate', 'belwaarde', { userName: number, code });
    expect(answer).toMatchObject({
      status: 200,
      body: { accessToken: expect.any(String), user: { userName: number } },
    });
    // An unknown number gets the same answer and no SMS.
    const unknown = '+31612349999';
    expect(await post('/api/auth/loginCode', 'belwaarde', { userName: unknown })).toMatchObject({
      status: 200,
      body: { status: 'sent' },
    });
    expect(await api.sandbox.client.outbox(unknown)).toEqual([]);
  });

  it('sends the sign-in code by SMS to an e-mail account’s number, typed as the number or the e-mail', async () => {
    const number = '+31612340108';
    for (const userName of [number, '0612340108', demoUserName('belwaarde')]) {
      expect((await post('/api/auth/loginCode', 'belwaarde', { userName })).status).toBe(200);
      const code = await codeSentTo(number);
      expect(await post('/api/auth/authenticate', 'belwaarde', { userName, code })).toMatchObject({
        status: 200,
        body: { user: { userName: demoUserName('belwaarde'), phoneNumber: number } },
      });
    }
    expect(await api.sandbox.client.outbox(demoUserName('belwaarde'))).toEqual([]);
  });

  it('answers passwordNeedsRehash for a hash of the old scheme, and the recovery token sets a new password', async () => {
    const { userName, password } = REHASH_DEMO;
    const answer = await post('/api/auth/authenticate', 'ladeplatz', { userName, password });
    expect(answer).toMatchObject({
      status: 200,
      body: { passwordNeedsRehash: true, passwordRecoveryToken: expect.any(String) },
    });
    expect(answer.body.accessToken).toBeUndefined();
    const newPassword = 'Fresh-Lantern-2026';
    const reset = await post('/api/auth/resetPass', 'ladeplatz', {
      userName,
      verificationCode: answer.body.passwordRecoveryToken,
      password: newPassword,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'passwordHasChanged' } });
    expect((await post('/api/auth/authenticate', 'ladeplatz', { userName, password })).status).toBe(401);
    expect(
      await post('/api/auth/authenticate', 'ladeplatz', { userName, password: newPassword }),
    ).toMatchObject({
      status: 200,
      body: { passwordNeedsRehash: false, accessToken: expect.any(String) },
    });
  });
});

async function registeredAndConfirmedByPhone(number: string) {
  expect(
    (await post('/api/auth/register', 'belwaarde', { phoneNumber: number, password: STRONG })).status,
  ).toBe(200);
  const code = await codeSentTo(number);
  expect(
    (await post('/api/shop/rest/v2/account/confirm', 'belwaarde', { userName: number, code })).status,
  ).toBe(200);
}

describe('recovery', () => {
  it('answers forgotPass alike for known and unknown e-mails, and a reset ends every session', async () => {
    const { userName } = await registeredAndConfirmed('alpenfunk');
    const before = await signIn('alpenfunk', userName, STRONG);
    const known = await post('/api/auth/forgotPass', 'alpenfunk', { userName });
    const unknownName = freshEmail();
    const unknown = await post('/api/auth/forgotPass', 'alpenfunk', { userName: unknownName });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, body: { status: 'sent' } });
    expect(await api.sandbox.client.outbox(unknownName)).toEqual([]);

    const code = await codeSentTo(userName);
    expect(
      await post('/api/auth/resetPass', 'alpenfunk', {
        userName,
        verificationCode: code,
        password: 'password',
      }),
    ).toMatchObject({ status: 400, body: { code: 'PASSWORD_TOO_SHORT' } });
    const newPassword = 'Quiet-Meadow-7781';
    expect(
      await post('/api/auth/resetPass', 'alpenfunk', {
        userName,
        verificationCode: code,
        password: newPassword,
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await post('/api/auth/resetPass', 'alpenfunk', {
        userName,
        verificationCode: code,
        password: 'Other-Meadow-7781',
      }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_VERIFICATION_CODE' } });
    expect((await get('/api/shop/rest/account/profile', 'alpenfunk', before)).status).toBe(401);
    await signIn('alpenfunk', userName, newPassword);
  });

  it('a code dies after five wrong tries', async () => {
    const { userName } = await registeredAndConfirmed('topnet');
    await post('/api/auth/forgotPass', 'topnet', { userName });
    const code = await codeSentTo(userName);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/resetPass', 'topnet', {
        userName,
        verificationCode: wrong,
        password: 'Brave-Otter-9911',
      });
    }
    expect(
      await post('/api/auth/resetPass', 'topnet', {
        userName,
        verificationCode: code,
        password: 'Brave-Otter-9911',
      }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_VERIFICATION_CODE' } });
  });
});

describe('the profile', () => {
  it('edits names and address; a new password needs the current one and ends the other sessions', async () => {
    const { userName } = await registeredAndConfirmed('rechargeplus');
    const here = await signIn('rechargeplus', userName, STRONG);
    const elsewhere = await signIn('rechargeplus', userName, STRONG);
    const edited = await post(
      '/api/shop/rest/account/profile/edit',
      'rechargeplus',
      {
        firstname: 'Marie',
        lastname: 'Curie',
        street: 'Rue Cuvier',
        houseNumber: '12',
        zip: '75005',
        city: 'Paris',
      },
      here,
    );
    expect(edited).toMatchObject({
      status: 200,
      body: { firstname: 'Marie', lastname: 'Curie', street: 'Rue Cuvier', zip: '75005', city: 'Paris' },
    });
    expect(
      await post(
        '/api/shop/rest/account/profile/edit',
        'rechargeplus',
        { newPassword: 'Silver-Comet-5531', currentPassword: 'wrong' },
        here,
      ),
    ).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION_FAILED' } });
    expect(
      await post(
        '/api/shop/rest/account/profile/edit',
        'rechargeplus',
        { newPassword: 'Silver-Comet-5531', currentPassword: STRONG },
        here,
      ),
    ).toMatchObject({ status: 200 });
    expect((await get('/api/shop/rest/account/profile', 'rechargeplus', here)).status).toBe(200);
    expect((await get('/api/shop/rest/account/profile', 'rechargeplus', elsewhere)).status).toBe(401);
    const profile = (await get('/api/shop/rest/account/profile', 'rechargeplus', here))
      .body as unknown as AccountProfile;
    expect(profile.city).toBe('Paris');
    // A password change leaves the names as they are.
    expect(profile.firstname).toBe('Marie');
  });

  it('writes the postcode as its country does, refuses a country the shops do not serve, and lets a phone account drop its e-mail', async () => {
    const number = `+316${String(Date.now() + 11).slice(-8)}`;
    await registeredAndConfirmedByPhone(number);
    const token = await signIn('belwaarde', number, STRONG);
    const edit = (body: unknown) => post('/api/shop/rest/account/profile/edit', 'belwaarde', body, token);
    expect(
      await edit({
        zip: '1012ab',
        city: 'Amsterdam',
        countryCode: 'nl',
        email: 'Piet@Example.org',
        currentPassword: STRONG,
      }),
    ).toMatchObject({
      status: 200,
      body: { zip: '1012 AB', countryCode: 'NL', email: 'piet@example.org' },
    });
    expect(await edit({ zip: '99999', countryCode: 'NL' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await edit({ countryCode: 'US' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await edit({ email: '' })).toMatchObject({ status: 200, body: { email: null } });
    // An e-mail account's e-mail is its user name: it cannot go.
    const demo = await signIn('belwaarde', demoUserName('belwaarde'), DEMO_PASSWORD);
    expect(await post('/api/shop/rest/account/profile/edit', 'belwaarde', { email: '' }, demo)).toMatchObject(
      { status: 400, body: { code: 'VALIDATION_FAILED' } },
    );
  });

  it('refuses every account call without a session, and on a tenant without accounts', async () => {
    for (const path of ['/api/shop/rest/account/profile', '/api/shop/rest/orders/history']) {
      expect(await get(path, 'funkfix')).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
      expect(await get(path, 'funkfix', 'not-a-real-session-token-000000')).toMatchObject({ status: 401 });
    }
    expect(
      await post('/api/auth/authenticate', 'tarifwerk', {
        userName: 'demo@tarifwerk.example',
        password: DEMO_PASSWORD,
      }),
    ).toMatchObject({ status: 401, body: { code: 'AUTHORIZATION_REQUIRED' } });
    expect(
      await post('/api/auth/register', 'callhome', { email: freshEmail(), password: STRONG }),
    ).toMatchObject({
      status: 401,
      body: { code: 'AUTHORIZATION_REQUIRED' },
    });
  });
});

describe('tenant isolation', () => {
  it('an account of one tenant cannot sign in or read anything on another', async () => {
    const { userName } = await registeredAndConfirmed('kartenkiosk');
    const token = await signIn('kartenkiosk', userName, STRONG);
    expect(
      (await post('/api/auth/authenticate', 'weltaufladen', { userName, password: STRONG })).status,
    ).toBe(401);
    expect((await get('/api/shop/rest/account/profile', 'weltaufladen', token)).status).toBe(401);
    expect((await get('/api/shop/rest/orders/history', 'weltaufladen', token)).status).toBe(401);
    // The same e-mail may open its own account on the other tenant.
    expect(
      (await post('/api/auth/register', 'weltaufladen', { email: userName, password: STRONG })).status,
    ).toBe(200);
  });
});

describe('order history', () => {
  it('pages the demo account’s past orders, newest first, with the total and the purchase details', async () => {
    const token = await signIn('funkfix', demoUserName('funkfix'), DEMO_PASSWORD);
    const first = await get('/api/shop/rest/orders/history?offset=0&size=2', 'funkfix', token);
    expect(first.status).toBe(200);
    const page = first.body as unknown as OrderHistoryAnswer;
    expect(page.totalCount).toBe(3);
    expect(page.orders).toHaveLength(2);
    expect(Date.parse(page.orders[0]?.createdAt ?? '')).toBeGreaterThan(
      Date.parse(page.orders[1]?.createdAt ?? ''),
    );
    const second = (await get('/api/shop/rest/orders/history?offset=2&size=2', 'funkfix', token))
      .body as unknown as OrderHistoryAnswer;
    expect(second.orders).toHaveLength(1);
    expect(second.orders[0]).toMatchObject({
      orderStatus: 'committed',
      lines: [{ phoneNumber: '+4917012340101', brand: { brandId: 'funkfix' } }],
    });

    const committed = await get('/api/shop/rest/orders/history?status=committed,failed', 'funkfix', token);
    expect((committed.body as unknown as OrderHistoryAnswer).totalCount).toBe(3);
    const failed = await get('/api/shop/rest/orders/history?status=failed', 'funkfix', token);
    expect((failed.body as unknown as OrderHistoryAnswer).totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await get(`/api/shop/rest/orders/history?from=${today}`, 'funkfix', token);
    expect((recent.body as unknown as OrderHistoryAnswer).totalCount).toBe(0);
    expect((await get('/api/shop/rest/orders/history?status=bogus', 'funkfix', token)).status).toBe(400);
    expect((await get('/api/shop/rest/orders/history?size=500', 'funkfix', token)).status).toBe(400);

    const number = page.orders[0]?.orderNumber as string;
    const detail = await get(`/api/shop/rest/orders/history/${number}`, 'funkfix', token);
    expect(detail).toMatchObject({
      status: 200,
      body: { orderNumber: number, purchase: { orderStatus: 'committed', creditAdded: expect.any(Number) } },
    });
    expect((detail.body as unknown as HistoryOrder).purchase?.amountCharged).toBe(page.orders[0]?.totalPrice);

    // Another account cannot open it.
    const { userName } = await registeredAndConfirmed('funkfix');
    const other = await signIn('funkfix', userName, STRONG);
    expect((await get(`/api/shop/rest/orders/history/${number}`, 'funkfix', other)).status).toBe(404);
  });
});

describe('the client log', () => {
  it('takes a report and refuses a malformed one', async () => {
    const logged = await api.request('/api/log', {
      method: 'POST',
      headers: { 'X-Tenant-Id': 'funkfix', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        level: 'warn',
        message: 'Payment page failed to render',
        context: { path: '/x' },
      }),
    });
    expect(logged.status).toBe(204);
    expect((await post('/api/log', 'funkfix', { level: 'fatal', message: 'x' })).status).toBe(400);
  });
});
