import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type HeldAnswers,
  heldAnswers,
  type OperatorSandbox,
  PENDING_TOPUP_DELAY_MS,
  SLOW_ANSWER_DELAY_MS,
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
  msisdnAsSent: fields.msisdn,
  ...fields,
});

describe('POST /operator/topups', () => {
  it('takes a number without its + and says how it came (spec §5: some shops send it so)', async () => {
    const response = await sandbox.topup({
      clientReference: 'order-no-plus',
      msisdn: '4917012340011',
      amount: 500,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(
      succeeded({
        clientReference: 'order-no-plus',
        msisdn: '+4917012340011',
        msisdnAsSent: '4917012340011',
        amount: 500,
        currency: 'EUR',
        balanceAfter: 1000,
      }),
    );
  });

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
      msisdnAsSent: '+4917012349999',
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
      msisdnAsSent: msisdn,
      amount: 1500,
      currency: 'EUR',
      status: 'PENDING',
    });
    expect(await sandbox.balance(msisdn)).toBe(500);
    const repeat = await sandbox.topup({ clientReference: 'order-pending', msisdn });
    expect(repeat.status).toBe(202);
    expect(repeat.json.topupId).toBe(response.json.topupId);

    const read = () => sandbox.call('GET', '/operator/topups/order-pending');
    await expect
      .poll(async () => (await read()).json.status, { timeout: PENDING_TOPUP_DELAY_MS + 3_000 })
      .toBe('SUCCEEDED');
    const later = await read();
    expect(later.status).toBe(200);
    expect(later.json).toEqual(succeeded({ ...response.json, status: 'SUCCEEDED', balanceAfter: 2000 }));
    expect(await sandbox.balance(msisdn)).toBe(2000);
    const afterwards = await sandbox.topup({ clientReference: 'order-pending', msisdn });
    expect(afterwards.status).toBe(200);
    expect(afterwards.json).toEqual(later.json);
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
    ['msisdn', { clientReference: 'v1', msisdn: 'not-a-number' }],
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

describe('GET /operator/topups', () => {
  it('lists every top-up, failed ones too, as the operator’s statement', async () => {
    const credited = await sandbox.topup({ clientReference: 'statement-ok', msisdn: '+4917012341234' });
    const barred = await sandbox.topup({ clientReference: 'statement-barred', msisdn: '+4917012349999' });
    const response = await sandbox.call('GET', '/operator/topups');
    expect(response.status).toBe(200);
    expect(response.json.topups).toEqual(expect.arrayContaining([credited.json, barred.json]));
    expect(barred.json.status).toBe('FAILED');
  });
});

describe('a top-up of a number ending in 7777', () => {
  let holds: HeldAnswers;
  let slow: OperatorSandbox;
  beforeEach(async () => {
    holds = heldAnswers();
    slow = await startOperatorSandbox({ holdSlowAnswer: holds.hold });
  });
  afterEach(() => slow.close());

  it('holds the first answer; the retry answers at once and credits once', async () => {
    const msisdn = '+4917012347777';
    const body = { clientReference: 'order-slow', msisdn, amount: 1000 };
    const callerTimesOut = expect(slow.topup(body, 100)).rejects.toThrow();
    await vi.waitFor(() => expect(holds.delays).toEqual([SLOW_ANSWER_DELAY_MS]));
    await callerTimesOut;
    const retry = await slow.topup(body);
    expect(holds.delays).toEqual([SLOW_ANSWER_DELAY_MS]);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(
      succeeded({ clientReference: 'order-slow', msisdn, amount: 1000, currency: 'EUR', balanceAfter: 1500 }),
    );
    holds.release();
    expect(await slow.balance(msisdn)).toBe(1500);
  });

  it('answers the held first call once the hold is over, with the top-up done', async () => {
    const events: string[] = [];
    const answer = slow
      .topup({ clientReference: 'order-slow-2', msisdn: '+4916012347777' })
      .then((response) => {
        events.push('answered');
        return response;
      });
    await vi.waitFor(() => expect(holds.delays).toEqual([SLOW_ANSWER_DELAY_MS]));
    events.push('hold over');
    holds.release();
    const response = await answer;
    expect(events).toEqual(['hold over', 'answered']);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ status: 'SUCCEEDED', balanceAfter: 2000 });
  });

  it('answers held calls when the sandbox closes, without waiting for pending top-ups', async () => {
    // The pending top-up would finish only after the test's time limit: a close that waited
    // for it could not pass.
    const closing = await startOperatorSandbox({ holdSlowAnswer: holds.hold, pendingTopupDelayMs: 60_000 });
    const pending = await closing.topup({ clientReference: 'p', msisdn: '+4917012348888' });
    expect(pending.status).toBe(202);
    const events: string[] = [];
    const held = closing.topup({ clientReference: 's', msisdn: '+4917012347777' }).then((response) => {
      events.push('answered');
      return response;
    });
    await vi.waitFor(() => expect(holds.delays).toEqual([SLOW_ANSWER_DELAY_MS]));
    events.push('closing');
    await closing.close();
    expect((await held).json).toMatchObject({ status: 'SUCCEEDED' });
    expect(events).toEqual(['closing', 'answered']);
  });
});
