import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OperatorSandbox,
  PENDING_TOPUP_DELAY_MS,
  SLOW_ANSWER_DELAY_MS,
  sleep,
  startOperatorSandbox,
} from './test-support';

let sandbox: OperatorSandbox;
beforeAll(async () => {
  sandbox = await startOperatorSandbox();
});
afterAll(() => sandbox.close());

const succeeded = (fields: Record<string, unknown>) => ({
  topupId: expect.stringMatching(/^top_/),
  status: 'SUCCEEDED',
  operatorReference: expect.stringMatching(/^OP\d{10}$/),
  ...fields,
});

describe('POST /operator/topups', () => {
  it('tops up an ordinary number at once and raises its balance', async () => {
    const response = await sandbox.topup({
      clientReference: 'order-1',
      msisdn: '+4917012345678',
      amount: 1500,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(
      succeeded({
        clientReference: 'order-1',
        msisdn: '+4917012345678',
        amount: 1500,
        currency: 'EUR',
        balanceAfter: 2000,
      }),
    );
    expect(await sandbox.balance('+4917012345678')).toBe(2000);
  });

  it('fails a number ending in 9999 as barred and credits nothing', async () => {
    const response = await sandbox.topup({ clientReference: 'order-barred', msisdn: '+4917012349999' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      topupId: expect.stringMatching(/^top_/),
      clientReference: 'order-barred',
      msisdn: '+4917012349999',
      amount: 1500,
      currency: 'EUR',
      status: 'FAILED',
      reason: 'NUMBER_BARRED',
    });
    expect(await sandbox.balance('+4917012349999')).toBe(500);
  });

  it('keeps a number ending in 8888 pending, then succeeds and credits after the delay', async () => {
    const msisdn = '+4915112348888';
    const response = await sandbox.topup({ clientReference: 'order-pending', msisdn });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({
      topupId: expect.stringMatching(/^top_/),
      clientReference: 'order-pending',
      msisdn,
      amount: 1500,
      currency: 'EUR',
      status: 'PENDING',
    });
    expect(await sandbox.balance(msisdn)).toBe(500);
    const repeat = await sandbox.topup({ clientReference: 'order-pending', msisdn });
    expect(repeat.status).toBe(202);
    expect(repeat.json.topupId).toBe(response.json.topupId);

    await sleep(PENDING_TOPUP_DELAY_MS + 100);
    const later = await sandbox.call('GET', '/operator/topups/order-pending');
    expect(later.status).toBe(200);
    expect(later.json).toEqual(succeeded({ ...response.json, status: 'SUCCEEDED', balanceAfter: 2000 }));
    expect(await sandbox.balance(msisdn)).toBe(2000);
    const afterwards = await sandbox.topup({ clientReference: 'order-pending', msisdn });
    expect(afterwards.status).toBe(200);
    expect(afterwards.json).toEqual(later.json);
  });

  it('holds the first answer for a number ending in 7777; the retry answers at once and credits once', async () => {
    const msisdn = '+4917012347777';
    const body = { clientReference: 'order-slow', msisdn, amount: 1000 };
    await expect(sandbox.topup(body, 100)).rejects.toThrow();
    const started = Date.now();
    const retry = await sandbox.topup(body);
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_DELAY_MS);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(
      succeeded({ clientReference: 'order-slow', msisdn, amount: 1000, currency: 'EUR', balanceAfter: 1500 }),
    );
    await sleep(SLOW_ANSWER_DELAY_MS);
    expect(await sandbox.balance(msisdn)).toBe(1500);
  });

  it('answers the held first call of a 7777 number late, with the top-up done', async () => {
    const started = Date.now();
    const response = await sandbox.topup({ clientReference: 'order-slow-2', msisdn: '+4916012347777' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_ANSWER_DELAY_MS - 20);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ status: 'SUCCEEDED', balanceAfter: 2000 });
  });

  it('answers a repeated reference with the same top-up and credits once', async () => {
    const body = { clientReference: 'order-twice', msisdn: '+4915212345678', amount: 700 };
    const first = await sandbox.topup(body);
    const second = await sandbox.topup({ ...body, ignoredField: true });
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await sandbox.balance('+4915212345678')).toBe(1200);
  });

  it('answers 409 REFERENCE_REUSED for a used reference with another body', async () => {
    await sandbox.topup({ clientReference: 'order-reused', msisdn: '+4917011112222', amount: 1000 });
    for (const other of [{ amount: 2000 }, { msisdn: '+4917011113333' }]) {
      const response = await sandbox.topup({
        clientReference: 'order-reused',
        msisdn: '+4917011112222',
        amount: 1000,
        ...other,
      });
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ code: 'REFERENCE_REUSED', message: expect.any(String) });
    }
    expect(await sandbox.balance('+4917011112222')).toBe(1500);
  });

  it('tops up a +44 number in GBP', async () => {
    const response = await sandbox.topup({
      clientReference: 'order-gb',
      msisdn: '+447700900123',
      currency: 'GBP',
    });
    expect(response.json).toMatchObject({ status: 'SUCCEEDED', currency: 'GBP', balanceAfter: 2000 });
  });

  it.each([
    ['clientReference', { msisdn: '+4917012345678' }],
    ['clientReference', { clientReference: 'has space', msisdn: '+4917012345678' }],
    ['msisdn', { clientReference: 'v1' }],
    ['msisdn', { clientReference: 'v1', msisdn: '4917012345678' }],
    ['msisdn', { clientReference: 'v1', msisdn: '+49 170 1234' }],
    ['amount', { clientReference: 'v1', msisdn: '+4917012345678', amount: 0 }],
    ['amount', { clientReference: 'v1', msisdn: '+4917012345678', amount: 12.5 }],
    ['amount', { clientReference: 'v1', msisdn: '+4917012345678', amount: '1500' }],
    ['currency', { clientReference: 'v1', msisdn: '+4917012345678', currency: 'eur' }],
    ['currency', { clientReference: 'v1', msisdn: '+4917012345678', currency: 'GBP' }],
    ['currency', { clientReference: 'v1', msisdn: '+447700900123', currency: 'EUR' }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, body) => {
    const response = await sandbox.call('POST', '/operator/topups', {
      amount: 1500,
      currency: 'EUR',
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });

  it('answers 400 VALIDATION_FAILED for a body that is not JSON', async () => {
    const response = await fetch(`${sandbox.base}/operator/topups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"clientReference":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('GET /operator/topups/{clientReference}', () => {
  it('answers the top-up as POST did', async () => {
    const created = await sandbox.topup({ clientReference: 'order-get', msisdn: '+4917099998888' });
    const response = await sandbox.call('GET', '/operator/topups/order-get');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(created.json);
  });

  it('answers 404 UNKNOWN_TOPUP for a reference never used', async () => {
    const response = await sandbox.call('GET', '/operator/topups/never-used');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: 'UNKNOWN_TOPUP', message: expect.any(String) });
  });
});

describe('closing the sandbox', () => {
  it('answers held calls at once and does not wait for pending top-ups', async () => {
    const closing = await startOperatorSandbox({ slowAnswerDelayMs: 10_000, pendingTopupDelayMs: 10_000 });
    const pending = await closing.topup({ clientReference: 'p', msisdn: '+4917012348888' });
    expect(pending.status).toBe(202);
    const held = closing.topup({ clientReference: 's', msisdn: '+4917012347777' });
    await sleep(50);
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await held).json).toMatchObject({ status: 'SUCCEEDED' });
  });
});
