import { createHmac, randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRun, sendUpcomingNotices, takeDueRuns } from '../src/auto-topups/engine';
import { apiForFile } from './api-for-file';
import { OPERATOR_SECRET } from './harness';
import { waitFor } from './processes';
import { freshNumber, LATER_DECLINED_CARD, setupClient, shopperClient } from './saved-methods-support';

/**
 * The engine of automatic top-ups (docs/auto-topups.md): scheduled runs with the clock given by the
 * test, the operator's low-balance and tariff events through the sandbox, declines, caps, notices.
 */
const api = apiForFile();
const shopper = () => shopperClient(api);
const { lowBalance, paidSetup, freeSetup } = setupClient(api);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const topupOf = async (id: string) => {
  const [row] = await api.database.db.select().from(schema.autoTopups).where(eq(schema.autoTopups.id, id));
  if (!row) throw new Error(`no auto top-up ${id}`);
  return row;
};
const runsOf = (autoTopupId: string) =>
  api.database.db
    .select()
    .from(schema.autoTopupRuns)
    .where(eq(schema.autoTopupRuns.autoTopupId, autoTopupId));
const ordersOf = async (tenant: string, token: string) =>
  ((await shopper().history(tenant, token)).orders as { orderNumber: string; orderStatus: string }[]) ?? [];

/** A weekly top-up of a fresh FunkFix number on ladeplatz's demo card, set up for free; its row. */
async function weeklyTopup(weekday: number) {
  const { signIn, methods, autoTopups } = shopper();
  const token = await signIn('ladeplatz');
  const [card] = await methods('ladeplatz', token);
  const number = freshNumber();
  const item = {
    productId: 'funkfix-automatic',
    amount: 1000,
    phoneNumber: number,
    autoTopupOption: 'WEEKLY',
    recurringOption: { recurringType: 'WEEKLY', recurringDay: weekday },
  };
  expect((await (await freeSetup('ladeplatz', token, item, card?.id)).commit()).body.orderStatus).toBe(
    'committed',
  );
  const row = (await autoTopups('ladeplatz', token, { msisdn: number }))[0];
  return { token, number, topup: await topupOf(String(row?.autoTopupId)) };
}

describe('weekly and monthly top-ups', () => {
  it('runs a weekly top-up once at its time, with two workers looking', async () => {
    const { number, topup } = await weeklyTopup(3);
    const due = topup.nextRunAt as Date;
    expect(await takeDueRuns(api.services, new Date(due.getTime() - MINUTE))).not.toContain(
      expect.anything(),
    );
    const before = await api.sandbox.client.balance(number);
    const at = new Date(due.getTime() + MINUTE);
    const [first, second] = await Promise.all([takeDueRuns(api.services, at), takeDueRuns(api.services, at)]);
    // Both may hand the run on (a job each); it is one run, executed once.
    expect(new Set([...first, ...second].filter((id) => id !== undefined)).size).toBeGreaterThanOrEqual(1);
    const mine = (await runsOf(topup.id)).map((run) => run.id);
    expect(mine).toHaveLength(1);
    const states = await Promise.all([
      executeRun(api.services, mine[0] as string, at),
      executeRun(api.services, mine[0] as string, at),
    ]);
    expect(states).toContain('DONE');
    expect(await api.sandbox.client.balance(number)).toBe(before + 1000);
    const after = await topupOf(topup.id);
    expect(after.nextRunAt?.getTime()).toBe(due.getTime() + 7 * DAY);
    expect(await executeRun(api.services, mine[0] as string, at)).toBeUndefined();
    expect(await api.sandbox.client.balance(number)).toBe(before + 1000);
  });

  it('catches up once after downtime over several periods', async () => {
    const { number, topup } = await weeklyTopup(5);
    const due = topup.nextRunAt as Date;
    const back = new Date(due.getTime() + 15 * DAY);
    const before = await api.sandbox.client.balance(number);
    await takeDueRuns(api.services, back);
    await takeDueRuns(api.services, back);
    const runs = await runsOf(topup.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.runKey).toBe(`schedule:${new Date(due.getTime() + 14 * DAY).toISOString().slice(0, 10)}`);
    await executeRun(api.services, runs[0]?.id as string, back);
    expect(await api.sandbox.client.balance(number)).toBe(before + 1000);
    expect((await topupOf(topup.id)).nextRunAt?.getTime()).toBe(due.getTime() + 21 * DAY);
  });

  it('tells the shopper a day before each scheduled charge, once', async () => {
    const { topup } = await weeklyTopup(1);
    const due = topup.nextRunAt as Date;
    const sent = await sendUpcomingNotices(api.services, new Date(due.getTime() - 23 * 60 * MINUTE));
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await sendUpcomingNotices(api.services, new Date(due.getTime() - 22 * 60 * MINUTE))).toBe(0);
    const mail = await waitFor('the notice', async () =>
      (await api.sandbox.client.outbox('demo@ladeplatz.example')).find((message) =>
        message.subject?.includes('automatische Aufladung morgen'),
      ),
    );
    expect(mail.text).toContain(topup.msisdn);
    expect(mail.text).toMatch(/10\s€/);
    expect(mail.text).toContain(
      new Intl.DateTimeFormat('de', { dateStyle: 'full', timeZone: 'Europe/Berlin' }).format(due),
    );
  });
});

describe("the operator's events", () => {
  const lowBalanceEvent = (msisdn: string, balance: number) =>
    fetch(`${api.sandbox.baseUrl}/operator/events/low-balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn, balance }),
    });

  it('tops up once per dip: a second low-balance event before the balance rose is ignored', {
    timeout: 90_000,
  }, async () => {
    const { freshAccount } = shopper();
    const { token } = await freshAccount('funkfix');
    const number = freshNumber();
    await paidSetup('funkfix', token, lowBalance('funkfix-automatic', number));
    await lowBalanceEvent(number, 300);
    await waitFor('the top-up of the low balance', async () =>
      (await api.sandbox.client.balance(number)) === 1800 ? true : undefined,
    );
    const runs = async () => (await ordersOf('funkfix', token)).length;
    await waitFor('the order of the run', async () => ((await runs()) === 2 ? true : undefined));
    await lowBalanceEvent(number, 300);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runs()).toBe(2);
    expect(await api.sandbox.client.balance(number)).toBe(300);
    // Risen above the limit, then low again: a new dip.
    await lowBalanceEvent(number, 900);
    await lowBalanceEvent(number, 200);
    await waitFor('the second dip’s top-up', async () =>
      (await api.sandbox.client.balance(number)) === 1700 ? true : undefined,
    );
    expect(await runs()).toBe(3);
  });

  it('acts on an event delivered twice once, and refuses one not signed by the operator', {
    timeout: 90_000,
  }, async () => {
    const { freshAccount } = shopper();
    const { token } = await freshAccount('funkfix');
    const number = freshNumber();
    await paidSetup('funkfix', token, lowBalance('funkfix-automatic', number));
    const body = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      type: 'low-balance',
      msisdn: number,
      balance: 100,
      currency: 'EUR',
      occurredAt: new Date().toISOString(),
    });
    const send = (signature = `sha256=${createHmac('sha256', OPERATOR_SECRET).update(body).digest('hex')}`) =>
      api.request('/api/webhooks/operator', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        body,
      });
    expect((await send(`sha256=${'0'.repeat(64)}`)).status).toBe(401);
    const [first, second] = await Promise.all([send(), send()]);
    const answers = [await first.json(), await second.json()] as { runs: number }[];
    expect(answers.map((answer) => answer.runs).sort()).toEqual([0, 1]);
    await waitFor('the one run’s order', async () =>
      (await ordersOf('funkfix', token)).length === 2 ? true : undefined,
    );
  });

  it('tops up on a tariff renewal where the shopper asked for it, and keeps to the monthly cap', {
    timeout: 90_000,
  }, async () => {
    const { signIn, methods, autoTopups, call } = shopper();
    const token = await signIn('rechargeplus');
    const [card] = await methods('rechargeplus', token);
    const number = freshNumber('+33612', 6);
    const item = {
      productId: 'rechargeplus-automatic',
      amount: 1000,
      phoneNumber: number,
      autoTopupOption: 'TARIFF',
    };
    expect((await (await freeSetup('rechargeplus', token, item, card?.id)).commit()).body.orderStatus).toBe(
      'committed',
    );
    const [row] = await autoTopups('rechargeplus', token, { msisdn: number });
    expect(row).toMatchObject({ autoTopupType: 'TARIFF', topupType: 'LOW_BALANCE', tariffEnabled: true });
    const before = await api.sandbox.client.balance(number);
    const renew = () =>
      fetch(`${api.sandbox.baseUrl}/operator/events/tariff-renewal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msisdn: number }),
      });
    await renew();
    await waitFor('the tariff top-up', async () =>
      (await api.sandbox.client.balance(number)) === before + 1000 ? true : undefined,
    );
    await call(
      'PUT',
      '/api/topup/autotopup',
      'rechargeplus',
      { autoTopupId: row?.autoTopupId, monthlyCap: 1500 },
      token,
    );
    await renew();
    const skipped = await waitFor('the run kept under the cap', async () =>
      (await runsOf(String(row?.autoTopupId))).find((run) => run.state === 'SKIPPED'),
    );
    expect(skipped.reason).toBe('monthly cap reached');
    expect(await api.sandbox.client.balance(number)).toBe(before + 1000);
    const [charged] = await autoTopups('rechargeplus', token, { msisdn: number });
    expect(charged?.charges).toHaveLength(1);
    await waitFor('the cap notice', async () =>
      (await api.sandbox.client.outbox('demo@rechargeplus.example')).find((message) =>
        message.subject?.includes('plafond mensuel'),
      ),
    );
  });
});

describe('a declined charge', () => {
  it('is tried once more an hour later, then the top-up is invalid and the shopper is told', {
    timeout: 90_000,
  }, async () => {
    const { freshAccount, autoTopups } = shopper();
    const { token, email } = await freshAccount('blitzmobil');
    const number = freshNumber('+49151');
    await paidSetup('blitzmobil', token, lowBalance('blitzmobil-automatic', number), LATER_DECLINED_CARD);
    const [row] = await autoTopups('blitzmobil', token);
    const id = String(row?.autoTopupId);
    await fetch(`${api.sandbox.baseUrl}/operator/events/low-balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: number, balance: 100 }),
    });
    const run = await waitFor('the declined run', async () =>
      (await runsOf(id)).find((candidate) => candidate.state === 'RETRY'),
    );
    expect(run.attempt).toBe(1);
    expect(await executeRun(api.services, run.id, new Date())).toBeUndefined();
    expect((await runsOf(id))[0]).toMatchObject({ state: 'RETRY', attempt: 1 });
    const later = new Date((run.retryAt as Date).getTime() + MINUTE);
    expect(await takeDueRuns(api.services, later)).toContain(run.id);
    expect(await executeRun(api.services, run.id, later)).toBe('GAVE_UP');
    expect((await runsOf(id))[0]).toMatchObject({ state: 'GAVE_UP', attempt: 2 });
    expect((await topupOf(id)).status).toBe('INVALID_AFTER_ENABLED');
    expect(await api.sandbox.client.balance(number)).toBe(100);
    const mail = await waitFor('the message', async () =>
      (await api.sandbox.client.outbox(email)).find((message) => message.subject?.includes('angehalten')),
    );
    expect(mail.text).toContain(number);
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.id, String(run.orderId))));
    expect(order?.status).not.toBe('committed');
  });
});
