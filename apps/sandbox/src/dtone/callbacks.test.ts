import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FURTHER_TRY_WINDOW_MS, startReceiver } from '../psp/test-support';
import { type DtoneSandbox, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox();
});
afterAll(() => sandbox.close());

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver answering `statuses` (then 204), closed after the test. */
async function withReceiver(statuses: number[], test: (receiver: Receiver) => Promise<void>) {
  const receiver = await startReceiver(statuses);
  try {
    await test(receiver);
  } finally {
    await receiver.close();
  }
}

const topUp = (externalId: string, msisdn: string, callbackUrl: string) =>
  sandbox.topUp({
    external_id: externalId,
    callback_url: callbackUrl,
    credit_party_identifier: { mobile_number: msisdn },
  });

describe('callbacks', () => {
  it('POSTs the completed transaction as JSON, unsigned, and tries again after a 500', async () => {
    await withReceiver([500], async (receiver) => {
      const created = await topUp('cb-1', '+4917033330001', receiver.url);
      const [refused, taken] = await receiver.waitFor(2);
      for (const callback of [refused, taken]) {
        expect(callback?.headers['content-type']).toBe('application/json');
        expect(callback?.headers['x-sandbox-signature']).toBeUndefined();
        expect(JSON.parse(callback?.body ?? '')).toMatchObject({
          id: created.json.id,
          external_id: 'cb-1',
          status: { message: 'COMPLETED', class: { id: 7 } },
          callback_url: receiver.url,
        });
      }
      expect(await receiver.countAfter(NO_FURTHER_TRY_WINDOW_MS)).toBe(2);
    });
  });

  it('calls back a decline, and nothing before the final status', async () => {
    await withReceiver([], async (receiver) => {
      await topUp('cb-2', '+4917033339999', receiver.url);
      const [declined] = await receiver.waitFor(1);
      expect(JSON.parse(declined?.body ?? '').status).toMatchObject({
        message: 'DECLINED-BARRED-CREDIT-PARTY',
        class: { id: 9, message: 'DECLINED' },
      });
      expect(await receiver.countAfter(NO_FURTHER_TRY_WINDOW_MS)).toBe(1);
    });
  });

  it('sends no callback for a transaction without callback_url', async () => {
    await withReceiver([], async (receiver) => {
      const created = await sandbox.topUp({
        external_id: 'cb-3',
        credit_party_identifier: { mobile_number: '+4917033330003' },
      });
      await sandbox.waitForStatus(created.json.id, 'COMPLETED');
      expect(await receiver.countAfter(NO_FURTHER_TRY_WINDOW_MS)).toBe(0);
      const resend = await sandbox.testing(`/callbacks/${created.json.id}/resend`);
      expect(resend.status).toBe(409);
      expect(resend.json.code).toBe('NO_CALLBACK');
    });
  });
});

describe('test switches on callbacks and transactions', () => {
  it('reverses a completed transaction: the balance is debited back and the callback goes out', async () => {
    await withReceiver([], async (receiver) => {
      const msisdn = '+4917033330004';
      const created = await topUp('rev-1', msisdn, receiver.url);
      await receiver.waitFor(1);
      expect(await sandbox.balance(msisdn)).toBe(2000);

      const reversed = await sandbox.testing(`/transactions/${created.json.id}/reverse`);
      expect(reversed.status).toBe(200);
      expect(reversed.json.status).toEqual({
        id: 80000,
        message: 'REVERSED',
        class: { id: 8, message: 'REVERSED' },
      });
      expect(await sandbox.balance(msisdn)).toBe(500);
      const [, reversal] = await receiver.waitFor(2);
      expect(JSON.parse(reversal?.body ?? '').status.message).toBe('REVERSED');
      expect((await sandbox.api('GET', `/transactions/${created.json.id}`)).json.status.message).toBe(
        'REVERSED',
      );

      const again = await sandbox.testing(`/transactions/${created.json.id}/reverse`);
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('NOT_COMPLETED');
      expect(await sandbox.balance(msisdn)).toBe(500);
    });
  });

  it('resends a callback: the receiver gets the same transaction twice', async () => {
    await withReceiver([], async (receiver) => {
      const created = await topUp('dup-1', '+4917033330005', receiver.url);
      const [first] = await receiver.waitFor(1);
      const resend = await sandbox.testing(`/callbacks/${created.json.id}/resend`);
      expect(resend.status).toBe(202);
      const [, duplicate] = await receiver.waitFor(2);
      expect(JSON.parse(duplicate?.body ?? '')).toEqual(JSON.parse(first?.body ?? ''));
    });
  });

  it('answers 404 for an unknown transaction', async () => {
    expect((await sandbox.testing('/transactions/1/reverse')).json.code).toBe('UNKNOWN_TRANSACTION');
    expect((await sandbox.testing('/callbacks/1/resend')).status).toBe(404);
  });
});
