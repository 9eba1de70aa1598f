import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperatorSandbox, startOperatorSandbox } from './test-support';

let sandbox: OperatorSandbox;
beforeAll(async () => {
  sandbox = await startOperatorSandbox();
});
afterAll(() => sandbox.close());

const redeem = (body: Record<string, unknown>) => sandbox.call('POST', '/operator/cash-codes/redeem', body);
const code = (value: string) => sandbox.call('GET', `/operator/cash-codes/${value}`);

describe('POST /operator/cash-codes/redeem', () => {
  it('credits the number with the code value and uses the code up', async () => {
    const msisdn = '+4917012345678';
    const response = await redeem({ clientReference: 'cash-1', code: '100000001000', msisdn });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      status: 'REDEEMED',
      clientReference: 'cash-1',
      code: '100000001000',
      amount: 1000,
      currency: 'EUR',
      msisdn,
      msisdnAsSent: msisdn,
      balanceAfter: 1500,
    });
    expect(await sandbox.balance(msisdn)).toBe(1500);
    expect((await code('100000001000')).json).toEqual({
      code: '100000001000',
      amount: 1000,
      currency: 'EUR',
      status: 'USED',
      redeemedFor: { msisdn, msisdnAsSent: msisdn },
    });
  });

  it('answers the same for the same reference again, without a second credit', async () => {
    const body = { clientReference: 'cash-twice', code: '1000 0000 2000', msisdn: '+4915112345678' };
    const first = await redeem(body);
    const second = await redeem(body);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(first.json).toMatchObject({ code: '100000002000', amount: 2000, balanceAfter: 2500 });
    expect(await sandbox.balance('+4915112345678')).toBe(2500);
  });

  it('answers 409 CASH_CODE_USED for a code redeemed under another reference', async () => {
    await redeem({ clientReference: 'cash-first', code: '100000005000', msisdn: '+4916012345678' });
    const response = await redeem({
      clientReference: 'cash-second',
      code: '100000005000',
      msisdn: '+4916012345678',
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ code: 'CASH_CODE_USED', message: expect.any(String) });
    expect(await sandbox.balance('+4916012345678')).toBe(5500);
  });

  it('answers 409 CASH_CODE_USED for the code that is always used', async () => {
    const response = await redeem({
      clientReference: 'cash-used',
      code: '999999999999',
      msisdn: '+4917012345679',
    });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('CASH_CODE_USED');
  });

  it('answers 404 UNKNOWN_CASH_CODE for any other code', async () => {
    for (const [index, other] of ['123456789012', '1234567890', '20000000000', 'ABCD-EFGH'].entries()) {
      const response = await redeem({
        clientReference: `cash-unknown-${index}`,
        code: other,
        msisdn: '+4917012345679',
      });
      expect(response.status, other).toBe(404);
      expect(response.json).toEqual({ code: 'UNKNOWN_CASH_CODE', message: expect.any(String) });
    }
  });

  it('redeems a GBP code onto a +44 number only', async () => {
    const mismatch = await redeem({
      clientReference: 'cash-gb-1',
      code: '440000001000',
      msisdn: '+4917012345679',
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.json.code).toBe('CURRENCY_MISMATCH');
    const redeemed = await redeem({
      clientReference: 'cash-gb-2',
      code: '440000001000',
      msisdn: '+447700900123',
    });
    expect(redeemed.json).toMatchObject({
      status: 'REDEEMED',
      amount: 1000,
      currency: 'GBP',
      balanceAfter: 1500,
    });
  });

  it('takes fresh 10.00 GBP codes starting with 21 for +44 numbers', async () => {
    const redeemed = await redeem({
      clientReference: 'cash-fresh-gbp',
      code: '211234567890',
      msisdn: '+447400123456',
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json).toMatchObject({ amount: 1000, currency: 'GBP' });
  });

  it('takes fresh 10.00 EUR codes starting with 20, each once', async () => {
    const first = await redeem({
      clientReference: 'cash-fresh-1',
      code: '201234567890',
      msisdn: '+4917033334444',
    });
    expect(first.json).toMatchObject({ status: 'REDEEMED', amount: 1000, currency: 'EUR' });
    const again = await redeem({
      clientReference: 'cash-fresh-2',
      code: '201234567890',
      msisdn: '+4917033334444',
    });
    expect(again.json.code).toBe('CASH_CODE_USED');
  });

  it('answers 409 REFERENCE_REUSED for a used reference with another body', async () => {
    await redeem({ clientReference: 'cash-reused', code: '200000000002', msisdn: '+4917055556666' });
    const response = await redeem({
      clientReference: 'cash-reused',
      code: '200000000001',
      msisdn: '+4917055556666',
    });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('REFERENCE_REUSED');
  });

  it.each([
    ['clientReference', { code: '100000000500', msisdn: '+4917012345678' }],
    ['code', { clientReference: 'c', code: ' - ', msisdn: '+4917012345678' }],
    ['code', { clientReference: 'c', code: '1'.repeat(65), msisdn: '+4917012345678' }],
    ['code', { clientReference: 'c', code: 100000000500, msisdn: '+4917012345678' }],
    ['msisdn', { clientReference: 'c', code: '100000000500', msisdn: 'not-a-number' }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, body) => {
    const response = await redeem(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('GET /operator/cash-codes/{code}', () => {
  it('answers a valid demo code', async () => {
    const response = await code('100000000500');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ code: '100000000500', amount: 500, currency: 'EUR', status: 'VALID' });
  });

  it('answers the always-used code as USED', async () => {
    expect((await code('999999999999')).json).toMatchObject({ status: 'USED' });
  });

  it('answers 404 UNKNOWN_CASH_CODE for any other code', async () => {
    for (const other of ['123456789012', '12345', 'hello']) {
      const response = await code(other);
      expect(response.status, other).toBe(404);
      expect(response.json).toEqual({ code: 'UNKNOWN_CASH_CODE', message: expect.any(String) });
    }
  });

  it('takes the code with spaces or dashes', async () => {
    expect((await code('1000%200000%200500')).json).toMatchObject({ code: '100000000500', status: 'VALID' });
    expect((await code('1000-0000-0500')).json).toMatchObject({ code: '100000000500' });
  });
});
