import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_NUMBERS, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { ADMIN, CATALOGUE, FINANCE, SUPPORT, staffClient } from './backoffice-support';

/**
 * The back office's look-up of accounts (decision 0066) on both databases: found by e-mail or by
 * a number as typed, shown with saved methods (masked), automatic and SMS top-ups and latest
 * orders, for the tenants the staff member sees only.
 */
const api = apiForFile();
const { staffCall, tokenOf } = staffClient(api);

const find = async (query: string, email = SUPPORT) =>
  staffCall('GET', `/api/backoffice/customers?${query}`, await tokenOf(email));

describe('customer look-up', () => {
  it('finds an account by e-mail or by its number in any common format', async () => {
    for (const q of [demoUserName('funkfix'), 'DEMO@funkfix.example', '0170 1234 0101', '+49 170 12340101']) {
      const found = await find(`q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(found.body.items, q).toEqual([
        {
          customerId: expect.any(String),
          shopId: 'funkfix',
          email: demoUserName('funkfix'),
          phoneNumber: DEMO_NUMBERS.funkfix,
          createdAt: expect.any(String),
        },
      ]);
      expect(found.body.totalCount).toBe(1);
    }
    expect((await find('q=nobody%40example.com')).body).toEqual({ items: [], totalCount: 0 });
  });

  it('shows the account: profile, saved methods masked, automatic top-ups with their state, latest orders', async () => {
    const [account] = (await find(`q=${demoUserName('funkfix')}`)).body.items;
    const answer = await staffCall(
      'GET',
      `/api/backoffice/customers/${account.customerId}`,
      await tokenOf(SUPPORT),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const customer = answer.body;
    expect(customer.profile).toMatchObject({
      email: demoUserName('funkfix'),
      phoneNumber: DEMO_NUMBERS.funkfix,
    });
    expect(customer.savedMethods).toEqual([expect.objectContaining({ cardLast4: '1111', status: 'ACTIVE' })]);
    // The provider's token of the card never leaves: it is what charges the card.
    const [stored] = await api.database.db
      .select()
      .from(schema.paymentTokens)
      .where(eq(schema.paymentTokens.id, customer.savedMethods[0].id));
    expect(stored?.providerTokenId).toBeTruthy();
    expect(JSON.stringify(customer)).not.toContain(stored?.providerTokenId as string);
    expect(customer.autoTopups).toEqual([
      expect.objectContaining({
        autoTopupType: 'LOW_BALANCE',
        status: 'ENABLED',
        msisdn: DEMO_NUMBERS.funkfix,
      }),
    ]);
    // FunkFix lets no shopper pause an automatic top-up (delete only): the back office offers none.
    expect(customer.autoTopupPauseAllowed).toBe(false);
    expect(customer.smsTopups).toEqual([]);
    expect(customer.latestOrders.length).toBeGreaterThanOrEqual(3);
    expect(customer.latestOrders.every((order: { shopId: string }) => order.shopId === 'funkfix')).toBe(true);

    // BelWaarde's account tops up by SMS: the platform's admin sees it there.
    const [belwaarde] = (await find(`q=${demoUserName('belwaarde')}`, ADMIN)).body.items;
    const sms = await staffCall(
      'GET',
      `/api/backoffice/customers/${belwaarde.customerId}`,
      await tokenOf(ADMIN),
    );
    expect(sms.body.smsTopups).toEqual([expect.objectContaining({ msisdn: DEMO_NUMBERS.belwaarde })]);
  });

  it('keeps a tenant’s staff to their tenants, and catalogue staff out', async () => {
    expect((await find(`q=${demoUserName('blitzmobil')}`)).body).toEqual({ items: [], totalCount: 0 });
    expect(await find('shopId=blitzmobil')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(
      (await find('size=100')).body.items.every((item: { shopId: string }) => item.shopId === 'funkfix'),
    ).toBe(true);
    const [other] = (await find(`q=${demoUserName('blitzmobil')}`, ADMIN)).body.items;
    expect(other.shopId).toBe('blitzmobil');
    expect(
      await staffCall('GET', `/api/backoffice/customers/${other.customerId}`, await tokenOf(SUPPORT)),
    ).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await find('q=x', CATALOGUE)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await staffCall('GET', '/api/backoffice/customers')).toMatchObject({ status: 401 });
    expect((await staffCall('GET', '/api/backoffice/customers/not-an-id', await tokenOf(ADMIN))).status).toBe(
      400,
    );
  });
});

describe('an automatic top-up on the shopper’s behalf', () => {
  const accountOf = async (shopId: string, staff: string) => {
    const [account] = (await find(`q=${demoUserName(shopId)}`, staff)).body.items;
    const detail = await staffCall(
      'GET',
      `/api/backoffice/customers/${account.customerId}`,
      await tokenOf(staff),
    );
    return {
      customerId: account.customerId as string,
      autoTopupId: detail.body.autoTopups[0].autoTopupId as string,
    };
  };
  const setStatus = async (staff: string, ids: { customerId: string; autoTopupId: string }, status: string) =>
    staffCall(
      'PUT',
      `/api/backoffice/customers/${ids.customerId}/auto-topups/${ids.autoTopupId}`,
      await tokenOf(staff),
      { body: { status } },
    );
  const storedStatus = async (autoTopupId: string) =>
    (await api.database.db.select().from(schema.autoTopups).where(eq(schema.autoTopups.id, autoTopupId)))[0]
      ?.status;

  it('pauses and resumes where the shop lets shoppers pause, and the audit log says who did it', async () => {
    const blitz = await accountOf('blitzmobil', ADMIN);
    const paused = await setStatus(ADMIN, blitz, 'DISABLED');
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.autoTopup).toMatchObject({ autoTopupId: blitz.autoTopupId, status: 'DISABLED' });
    expect(await storedStatus(blitz.autoTopupId)).toBe('DISABLED');
    const resumed = await setStatus(ADMIN, blitz, 'ENABLED');
    expect(resumed.body.autoTopup.status).toBe('ENABLED');
    const audit = await staffCall('GET', '/api/backoffice/audit?shopId=blitzmobil', await tokenOf(ADMIN));
    expect(audit.body.items.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'auto-topup.resumed', target: blitz.autoTopupId, staff: ADMIN }),
      expect.objectContaining({ action: 'auto-topup.paused', target: blitz.autoTopupId, staff: ADMIN }),
    ]);
  });

  it('keeps to the shop’s rules, the role and the tenant; deleting ends it for good', async () => {
    const funkfix = await accountOf('funkfix', SUPPORT);
    // FunkFix does not let its shoppers pause: staff cannot either.
    expect(await setStatus(SUPPORT, funkfix, 'DISABLED')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await setStatus(FINANCE, funkfix, 'DELETED')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const blitz = await accountOf('blitzmobil', ADMIN);
    expect(await setStatus(SUPPORT, blitz, 'DISABLED')).toMatchObject({ status: 404 });
    expect(await storedStatus(blitz.autoTopupId)).toBe('ENABLED');
    expect(await storedStatus(funkfix.autoTopupId)).toBe('ENABLED');

    const deleted = await setStatus(SUPPORT, funkfix, 'DELETED');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await storedStatus(funkfix.autoTopupId)).toBe('DELETED');
    const detail = await staffCall(
      'GET',
      `/api/backoffice/customers/${funkfix.customerId}`,
      await tokenOf(SUPPORT),
    );
    expect(detail.body.autoTopups).toEqual([]);
    expect(await setStatus(SUPPORT, funkfix, 'ENABLED')).toMatchObject({ status: 404 });
  });
});
