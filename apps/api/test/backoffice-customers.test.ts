import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_NUMBERS, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { ADMIN, CATALOGUE, SUPPORT, staffClient } from './backoffice-support';

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
