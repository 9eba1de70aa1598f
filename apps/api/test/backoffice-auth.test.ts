import { schema } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../src/backoffice/audit';
import { createStaff } from '../src/backoffice/staff';
import { currentTotp } from '../src/backoffice/totp';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../src/demo/staff';
import { createPinCipher } from '../src/vouchers/pin-crypto';
import { apiForFile } from './api-for-file';
import { LIFTED_LIMITS, TEST_PIN_KEY } from './harness';

/**
 * The back office's staff (decision 0066) on both databases: a password and the current one-time
 * code at every sign-in, a session by cookie or bearer token that sign-out ends and 8 idle hours
 * end, failed sign-ins throttled and audited, and an audit log each staff member reads for their
 * own tenants only.
 */
const api = apiForFile({
  abuseLimits: { overrides: { ...LIFTED_LIMITS, signInPerAccountAndClient: { max: 10 } } },
});

const ADMIN = 'admin@platform.example';
const SUPPORT = 'support@funkfix.example';
const CATALOGUE = 'catalogue@ladeplatz.example';

let address = 0;
/** A caller of its own address (the test's calls come from loopback, which may name one). */
function freshAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

async function call(
  method: string,
  path: string,
  {
    body,
    token,
    cookie,
    from = freshAddress(),
  }: { body?: unknown; token?: string; cookie?: string; from?: string } = {},
) {
  const response = await api.request(path, {
    method,
    headers: {
      'X-CLIENT-IP': from,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    body: (text ? JSON.parse(text) : null) as any,
  };
}

/**
 * The code an authenticator app shows now. Each staff member's code is taken once per address
 * and step, so a test that signs in again waits for the next step where it must.
 */
const code = () => currentTotp(DEMO_STAFF_TOTP_SECRET);

/** Where each staff member works from: their code is theirs again there within its step. */
const desks = new Map<string, string>();
const deskOf = (email: string) => {
  const desk = desks.get(email.toLowerCase()) ?? `203.0.113.${desks.size + 1}`;
  desks.set(email.toLowerCase(), desk);
  return desk;
};

const signIn = (email: string, extra: Record<string, unknown> = {}, from = deskOf(email)) =>
  call('POST', '/api/backoffice/auth/sign-in', {
    body: { email, password: DEMO_STAFF_PASSWORD, totp: code(), ...extra },
    from,
  });

async function tokenOf(email: string): Promise<string> {
  const answer = await signIn(email);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

describe('staff sign-in', () => {
  it('takes the password and the current code, and answers the token, the cookie and who signed in', async () => {
    const answer = await signIn(ADMIN);
    expect(answer).toMatchObject({
      status: 200,
      body: { token: expect.any(String), staff: { email: ADMIN, role: 'admin', shopIds: [] } },
    });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^backoffice_session=[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/backoffice');
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const byBearer = await call('GET', '/api/backoffice/auth/session', { token: answer.body.token });
    expect(byBearer).toMatchObject({ status: 200, body: { staff: { email: ADMIN, role: 'admin' } } });
    const byCookie = await call('GET', '/api/backoffice/auth/session', { cookie: cookie.split(';')[0] });
    expect(byCookie).toMatchObject({ status: 200, body: { staff: { email: ADMIN } } });
    // A tenant's staff member names their tenants; the e-mail is read in any case.
    const support = await signIn('Support@FunkFix.example');
    expect(support.body.staff).toEqual({ email: SUPPORT, role: 'support', shopIds: ['funkfix'] });
  });

  it('asks for the code after a right password, and refuses a wrong password, code or e-mail alike', async () => {
    const withoutCode = await call('POST', '/api/backoffice/auth/sign-in', {
      body: { email: ADMIN, password: DEMO_STAFF_PASSWORD },
    });
    expect(withoutCode).toMatchObject({ status: 401, body: { code: 'TOTP_REQUIRED' } });
    expect(withoutCode.headers.get('set-cookie')).toBeNull();
    const wrongCode = String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
    for (const [body, expected] of [
      [{ email: ADMIN, password: 'Not-the-Passw0rd!', totp: code() }, 'NotAuthorizedException'],
      [{ email: ADMIN, password: 'Not-the-Passw0rd!' }, 'NotAuthorizedException'],
      [{ email: ADMIN, password: DEMO_STAFF_PASSWORD, totp: wrongCode }, 'NotAuthorizedException'],
      [{ email: ADMIN, password: DEMO_STAFF_PASSWORD, totp: 'abcdef' }, 'NotAuthorizedException'],
      [
        { email: 'nobody@platform.example', password: DEMO_STAFF_PASSWORD, totp: code() },
        'NotAuthorizedException',
      ],
      [{ email: ADMIN }, 'VALIDATION_FAILED'],
      [{ email: ADMIN, password: DEMO_STAFF_PASSWORD, totp: 123456 }, 'VALIDATION_FAILED'],
    ] as const) {
      const answer = await call('POST', '/api/backoffice/auth/sign-in', { body });
      expect(answer.body.code, JSON.stringify(body)).toBe(expected);
      expect(answer.status).toBe(expected === 'VALIDATION_FAILED' ? 400 : 401);
    }
    // A shopper's account is not a staff member, and a staff member is no shopper.
    const shopper = await call('POST', '/api/backoffice/auth/sign-in', {
      body: { email: 'demo@funkfix.example', password: 'Demo-Passw0rd!', totp: code() },
    });
    expect(shopper.body.code).toBe('NotAuthorizedException');
  });

  it('takes a code once: the same code from another address is refused', async () => {
    const { db } = api.database;
    const [member] = await db
      .select()
      .from(schema.staffMembers)
      .where(eq(schema.staffMembers.email, CATALOGUE));
    // A step far ahead was taken already: its code, and every earlier one, is used up elsewhere.
    const ahead = Math.floor(Date.now() / 30_000) + 1;
    await db
      .update(schema.staffMembers)
      .set({ totpLastStep: ahead, totpLastAddress: '192.0.2.1' })
      .where(eq(schema.staffMembers.id, member?.id as string));
    const watched = await signIn(CATALOGUE, { totp: currentTotp(DEMO_STAFF_TOTP_SECRET, ahead * 30_000) });
    expect(watched).toMatchObject({ status: 401, body: { code: 'NotAuthorizedException' } });
    expect((await signIn(CATALOGUE)).body.code).toBe('NotAuthorizedException');
    // From the address that took it, the same code works again within its step (a form sent twice).
    const again = await signIn(
      CATALOGUE,
      { totp: currentTotp(DEMO_STAFF_TOTP_SECRET, ahead * 30_000) },
      '192.0.2.1',
    );
    expect(again.status).toBe(200);
    const [failed] = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.staffEmail, CATALOGUE))
      .orderBy(sql`${schema.auditLog.id} desc`)
      .limit(3);
    expect(failed?.action).toBe('staff.signed-in');
    await db
      .update(schema.staffMembers)
      .set({ totpLastStep: null, totpLastAddress: null })
      .where(eq(schema.staffMembers.id, member?.id as string));
  });

  it('throttles wrong passwords per account and address, and lets the owner in from elsewhere', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn(SUPPORT, { password: `Wrong-Guess-${i}-0000` }, attacker);
      expect(wrong.status).toBe(401);
    }
    const refused = await signIn(SUPPORT, {}, attacker);
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(SUPPORT)).status).toBe(200);
  });
});

describe('staff sessions', () => {
  it('end at sign-out: the token and the cookie open nothing any more', async () => {
    const token = await tokenOf('finance@funkfix.example');
    expect((await call('POST', '/api/backoffice/auth/sign-out', { token })).status).toBe(204);
    for (const path of ['/api/backoffice/auth/session', '/api/backoffice/audit']) {
      expect(await call('GET', path, { token })).toMatchObject({
        status: 401,
        body: { code: 'AUTHORIZATION_REQUIRED' },
      });
    }
    expect((await call('POST', '/api/backoffice/auth/sign-out', { token })).status).toBe(401);
  });

  it('end after 8 idle hours, and with the staff member disabled', async () => {
    const { db } = api.database;
    const idle = await tokenOf(ADMIN);
    await db
      .update(schema.staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 60 * 60_000 - 1000) })
      .where(sql`${schema.staffSessions.lastSeenAt} > now() - interval '1 minute'`);
    expect((await call('GET', '/api/backoffice/auth/session', { token: idle })).status).toBe(401);

    const live = await tokenOf(ADMIN);
    expect((await call('GET', '/api/backoffice/auth/session', { token: live })).status).toBe(200);

    // A staff member who leaves is disabled: their session ends, and they cannot sign in again.
    const leaver = `leaver-${Date.now()}@funkfix.example`;
    await createStaff(
      db,
      createPinCipher(TEST_PIN_KEY),
      {
        email: leaver,
        password: DEMO_STAFF_PASSWORD,
        role: 'support',
        shopIds: ['funkfix'],
        totpSecret: DEMO_STAFF_TOTP_SECRET,
      },
      () => true,
    );
    const theirs = await tokenOf(leaver);
    await db
      .update(schema.staffMembers)
      .set({ disabledAt: new Date() })
      .where(eq(schema.staffMembers.email, leaver));
    expect((await call('GET', '/api/backoffice/auth/session', { token: theirs })).status).toBe(401);
    expect((await signIn(leaver)).body.code).toBe('NotAuthorizedException');
  });

  it('are needed for every back-office call, and a shopper’s session is none', async () => {
    const shopper = await api.request('/api/auth/authenticate', {
      method: 'POST',
      headers: { 'X-Tenant-Id': 'funkfix', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'demo@funkfix.example', password: 'Demo-Passw0rd!' }),
    });
    const { accessToken } = (await shopper.json()) as { accessToken: string };
    for (const token of [undefined, accessToken, 'x'.repeat(43)]) {
      const answer = await call('GET', '/api/backoffice/audit', token ? { token } : {});
      expect(answer).toMatchObject({ status: 401, body: { code: 'AUTHORIZATION_REQUIRED' } });
    }
  });
});

describe('the audit log', () => {
  it('records sign-ins and failed ones, newest first, for admin', async () => {
    const tried = `nobody-${Date.now()}@platform.example`;
    await signIn(tried);
    const token = await tokenOf(ADMIN);
    const answer = await call('GET', '/api/backoffice/audit?size=100', { token });
    expect(answer.status).toBe(200);
    const { items, totalCount } = answer.body as { items: Record<string, unknown>[]; totalCount: number };
    expect(totalCount).toBeGreaterThanOrEqual(items.length);
    expect(items[0]).toMatchObject({ staff: ADMIN, action: 'staff.signed-in', target: '', shopId: null });
    expect(items).toContainEqual(
      expect.objectContaining({
        staff: tried,
        action: 'staff.sign-in-failed',
        detail: { reason: 'unknown e-mail' },
      }),
    );
    const times = items.map((item) => Date.parse(item.at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await call('GET', '/api/backoffice/audit?size=2&offset=1', { token });
    expect(page.body.items).toEqual(items.slice(1, 3));
  });

  it('shows each tenant’s staff their tenants’ lines only, and refuses another tenant', async () => {
    const { db } = api.database;
    const marker = `order-${Date.now()}`;
    await recordAudit(db, {
      staffEmail: ADMIN,
      action: 'test.action',
      target: `${marker}-funkfix`,
      shopId: 'funkfix',
    });
    await recordAudit(db, {
      staffEmail: ADMIN,
      action: 'test.action',
      target: `${marker}-ladeplatz`,
      shopId: 'ladeplatz',
    });
    const support = await tokenOf(SUPPORT);
    const own = await call('GET', '/api/backoffice/audit?size=100', { token: support });
    expect(own.status).toBe(200);
    const targets = (own.body.items as { target: string; shopId: string | null }[]).map(
      (item) => item.target,
    );
    expect(targets).toContain(`${marker}-funkfix`);
    expect(targets).not.toContain(`${marker}-ladeplatz`);
    expect((own.body.items as { shopId: string | null }[]).every((item) => item.shopId === 'funkfix')).toBe(
      true,
    );
    expect(await call('GET', '/api/backoffice/audit?shopId=ladeplatz', { token: support })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const admin = await tokenOf(ADMIN);
    const ladeplatz = await call('GET', '/api/backoffice/audit?shopId=ladeplatz&size=100', { token: admin });
    expect((ladeplatz.body.items as { target: string }[]).map((item) => item.target)).toContain(
      `${marker}-ladeplatz`,
    );
    expect(await call('GET', '/api/backoffice/audit?size=101', { token: admin })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  });

  it('is append-only: the database refuses to change or delete a line', async () => {
    const { db } = api.database;
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update audit_log set action = 'changed'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog);
    expect(left?.n).toBeGreaterThan(0);
  });
});
