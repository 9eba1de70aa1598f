import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperatorSandbox, startOperatorSandbox } from './test-support';

let sandbox: OperatorSandbox;
beforeAll(async () => {
  sandbox = await startOperatorSandbox();
});
afterAll(() => sandbox.close());

const balance = (path: string) => sandbox.call('GET', `/operator/balances/${path}`);

describe('GET /operator/balances/{msisdn}', () => {
  it('answers 5.00 EUR for a number nothing happened to yet', async () => {
    const response = await balance('%2B4917012345678');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ msisdn: '+4917012345678', balance: 500, currency: 'EUR' });
  });

  it('answers GBP for a +44 number', async () => {
    expect((await balance('%2B447700900123')).json).toEqual({
      msisdn: '+447700900123',
      balance: 500,
      currency: 'GBP',
    });
  });

  it('takes the number with a literal +, %2B or no +', async () => {
    for (const path of ['+4915112345678', '%2B4915112345678', '4915112345678']) {
      expect((await balance(path)).json, path).toMatchObject({ msisdn: '+4915112345678' });
    }
  });

  it('rises with each successful top-up', async () => {
    const msisdn = '+4916012345678';
    await sandbox.topup({ clientReference: 'rise-1', msisdn, amount: 1000 });
    await sandbox.topup({ clientReference: 'rise-2', msisdn, amount: 2500 });
    expect((await balance(encodeURIComponent(msisdn))).json).toEqual({
      msisdn,
      balance: 4000,
      currency: 'EUR',
    });
  });

  it('answers 400 VALIDATION_FAILED naming msisdn for something that is not a phone number', async () => {
    for (const path of ['hello', '12345', '%2B%2B4917012345678']) {
      const response = await balance(path);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('msisdn'),
      });
    }
  });
});
