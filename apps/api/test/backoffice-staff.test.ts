import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentTotp } from '../src/backoffice/totp';
import { apiForFile } from './api-for-file';
import { ADMIN, FINANCE, SUPPORT, staffClient } from './backoffice-support';

/**
 * Staff managed in the back office (decision 0066) on both databases: an admin adds a member, who
 * signs in with the first password and code secret shown once; disables them, which ends their
 * sessions at once; enables them again. Nobody but an admin manages staff, and nobody themselves.
 */
const api = apiForFile();
const { staffCall, tokenOf } = staffClient(api);

const signIn = (email: string, password: string, totp: string) =>
  staffCall('POST', '/api/backoffice/auth/sign-in', undefined, { body: { email, password, totp } });

describe('the tenants a staff member works for', () => {
  it('are theirs for tenant staff and every one for admin', async () => {
    const own = await staffCall('GET', '/api/backoffice/shops', await tokenOf(SUPPORT));
    expect(own.body.items).toEqual([{ shopId: 'funkfix', name: 'FunkFix', country: 'de', currency: 'EUR' }]);
    const all = await staffCall('GET', '/api/backoffice/shops', await tokenOf(ADMIN));
    expect(all.body.items).toHaveLength(11);
    expect((await staffCall('GET', '/api/backoffice/shops')).status).toBe(401);
  });
});

describe('managing staff', () => {
  it('adds a member who signs in with what the admin was shown once, and lists them', async () => {
    const email = `agent-${randomUUID()}@funkfix.example`;
    const added = await staffCall('POST', '/api/backoffice/staff', await tokenOf(ADMIN), {
      body: { email: email.toUpperCase(), role: 'support', shopIds: ['funkfix'] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.staff).toMatchObject({
      email,
      role: 'support',
      shopIds: ['funkfix'],
      disabledAt: null,
    });
    expect(added.body.totpUri).toContain('otpauth://totp/');
    const session = await signIn(email, added.body.password, currentTotp(added.body.totpSecret));
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.staff).toEqual({ email, role: 'support', shopIds: ['funkfix'] });

    const list = await staffCall('GET', '/api/backoffice/staff?size=100', await tokenOf(ADMIN));
    expect(list.body.items.map((member: { email: string }) => member.email)).toEqual(
      expect.arrayContaining([ADMIN, SUPPORT, email]),
    );
    const audit = await staffCall('GET', '/api/backoffice/audit', await tokenOf(ADMIN));
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'staff.created', target: email, staff: ADMIN }),
    );

    const again = await staffCall('POST', '/api/backoffice/staff', await tokenOf(ADMIN), {
      body: { email, role: 'finance', shopIds: ['funkfix'] },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'STAFF_ALREADY_EXISTS' } });
  });

  it('refuses a member whose tenants do not suit the role', async () => {
    const token = await tokenOf(ADMIN);
    for (const body of [
      { email: `a-${randomUUID()}@example.com`, role: 'support', shopIds: [] },
      { email: `a-${randomUUID()}@example.com`, role: 'admin', shopIds: ['funkfix'] },
      { email: `a-${randomUUID()}@example.com`, role: 'finance', shopIds: ['nowhere'] },
      { email: 'not an address', role: 'finance', shopIds: ['funkfix'] },
      { email: `a-${randomUUID()}@example.com`, role: 'owner', shopIds: ['funkfix'] },
    ]) {
      const refused = await staffCall('POST', '/api/backoffice/staff', token, { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('disables a member, whose sessions end at once, and enables them again', async () => {
    const admin = await tokenOf(ADMIN);
    const email = `agent-${randomUUID()}@funkfix.example`;
    const added = await staffCall('POST', '/api/backoffice/staff', admin, {
      body: { email, role: 'finance', shopIds: ['funkfix'] },
    });
    const { staffId } = added.body.staff;
    const secret = added.body.totpSecret;
    const session = await signIn(email, added.body.password, currentTotp(secret));
    expect((await staffCall('GET', '/api/backoffice/auth/session', session.body.token)).status).toBe(200);

    const disabled = await staffCall('PUT', `/api/backoffice/staff/${staffId}`, admin, {
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabledAt).toEqual(expect.any(String));
    expect((await staffCall('GET', '/api/backoffice/auth/session', session.body.token)).status).toBe(401);

    const enabled = await staffCall('PUT', `/api/backoffice/staff/${staffId}`, admin, {
      body: { disabled: false },
    });
    expect(enabled.body.disabledAt).toBeNull();
    // The old session stays ended: enabling opens no session of before.
    expect((await staffCall('GET', '/api/backoffice/auth/session', session.body.token)).status).toBe(401);
    const audit = await staffCall('GET', '/api/backoffice/audit', admin);
    expect(audit.body.items.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'staff.enabled', target: email }),
      expect.objectContaining({ action: 'staff.disabled', target: email }),
    ]);
  });

  it('is the admins’ alone, and never on oneself', async () => {
    for (const staff of [SUPPORT, FINANCE]) {
      const token = await tokenOf(staff);
      expect((await staffCall('GET', '/api/backoffice/staff', token)).status).toBe(403);
      const add = await staffCall('POST', '/api/backoffice/staff', token, {
        body: { email: `x-${randomUUID()}@funkfix.example`, role: 'support', shopIds: ['funkfix'] },
      });
      expect(add).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    const admin = await tokenOf(ADMIN);
    const list = await staffCall('GET', '/api/backoffice/staff?size=100', admin);
    const self = list.body.items.find((member: { email: string }) => member.email === ADMIN);
    const own = await staffCall('PUT', `/api/backoffice/staff/${self.staffId}`, admin, {
      body: { disabled: true },
    });
    expect(own).toMatchObject({ status: 409, body: { code: 'STAFF_SELF_CHANGE' } });
    expect(
      await staffCall('PUT', `/api/backoffice/staff/${randomUUID()}`, admin, { body: { disabled: true } }),
    ).toMatchObject({ status: 404 });
  });
});
