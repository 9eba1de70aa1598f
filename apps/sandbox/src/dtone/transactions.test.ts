import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_TOPUP_DELAY_MS } from '../operator/test-support';
import { type DtoneSandbox, FUNKFIX_15_EUR, FUNKFIX_RANGED, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox();
});
afterAll(() => sandbox.close());

const party = (mobile_number: string) => ({ credit_party_identifier: { mobile_number } });
const errorCode = (response: { json: { errors: Array<{ code: number }> } }) => response.json.errors[0]?.code;

describe('POST /dtone/v1/async/transactions', () => {
  it('confirms at once, completes a moment later and credits the operator balance once', async () => {
    const msisdn = '+4917011110001';
    const first = await sandbox.topUp({ external_id: 'order-1', ...party(msisdn) });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      id: expect.any(Number),
      external_id: 'order-1',
      status: { id: 20000, message: 'CONFIRMED', class: { id: 2, message: 'CONFIRMED' } },
      product: { id: FUNKFIX_15_EUR, type: 'FIXED_VALUE_RECHARGE', operator: { id: 4101 } },
      credit_party_identifier: { mobile_number: msisdn },
      operator_reference: null,
    });

    const again = await sandbox.topUp({ external_id: 'order-1', ...party(msisdn) });
    expect(again.status).toBe(400);
    expect(errorCode(again)).toBe(1007001);

    const completed = await sandbox.waitForStatus(first.json.id, 'COMPLETED');
    expect(completed).toMatchObject({
      status: { id: 70000, class: { id: 7, message: 'COMPLETED' } },
      operator_reference: expect.stringMatching(/^OP\d{10}$/),
      benefits: [{ type: 'CREDITS', unit: 'EUR', amount: { total_including_tax: 15 } }],
    });
    expect(await sandbox.balance(msisdn)).toBe(500 + 1500);

    const late = await sandbox.topUp({ external_id: 'order-1', ...party(msisdn) });
    expect(errorCode(late)).toBe(1007001);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sandbox.balance(msisdn)).toBe(2000);
    const found = await sandbox.byExternalId('order-1');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: first.json.id, status: { message: 'COMPLETED' } });
  });

  it('keeps a number ending in 8888 SUBMITTED for the pending delay, then completes and credits', async () => {
    const msisdn = '+4917011118888';
    const created = await sandbox.topUp({ external_id: 'order-pending', ...party(msisdn) });
    const submitted = await sandbox.waitForStatus(created.json.id, 'SUBMITTED');
    expect(submitted.status.class).toEqual({ id: 5, message: 'SUBMITTED' });
    expect(await sandbox.balance(msisdn)).toBe(500);
    await sandbox.waitForStatus(created.json.id, 'COMPLETED', PENDING_TOPUP_DELAY_MS + 2_000);
    expect(await sandbox.balance(msisdn)).toBe(2000);
  });

  it('declines a number ending in 9999 as barred and credits nothing', async () => {
    const msisdn = '+4917011119999';
    const created = await sandbox.topUp({ external_id: 'order-barred', ...party(msisdn) });
    const declined = await sandbox.waitForStatus(created.json.id, 'DECLINED-BARRED-CREDIT-PARTY');
    expect(declined.status.class).toEqual({ id: 9, message: 'DECLINED' });
    expect(declined.operator_reference).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sandbox.balance(msisdn)).toBe(500);
  });

  it('declines a number the product’s operator does not own as an invalid credit party', async () => {
    const msisdn = '+436601110001';
    const created = await sandbox.topUp({ external_id: 'order-other-operator', ...party(msisdn) });
    await sandbox.waitForStatus(created.json.id, 'DECLINED-INVALID-CREDIT-PARTY');
    expect(await sandbox.balance(msisdn)).toBe(500);
  });

  it('tops up the destination amount asked for on a ranged product, in minor units exactly', async () => {
    const msisdn = '+4917011110002';
    const created = await sandbox.topUp({
      external_id: 'order-ranged',
      product_id: FUNKFIX_RANGED,
      calculation_mode: 'DESTINATION_AMOUNT',
      destination: { unit_type: 'CURRENCY', unit: 'EUR', amount: 12.34 },
      ...party(msisdn),
    });
    expect(created.status).toBe(201);
    expect(created.json.requested_values.destination).toEqual({
      unit_type: 'CURRENCY',
      unit: 'EUR',
      amount: 12.34,
    });
    await sandbox.waitForStatus(created.json.id, 'COMPLETED');
    expect(await sandbox.balance(msisdn)).toBe(500 + 1234);
  });

  it('refuses a ranged amount out of range, in another unit or without a calculation mode', async () => {
    const ranged = (extra: Record<string, unknown>, externalId: string) =>
      sandbox.topUp({
        external_id: externalId,
        product_id: FUNKFIX_RANGED,
        ...party('+4917011110003'),
        ...extra,
      });
    const destination = (unit: string, amount: number) => ({
      calculation_mode: 'DESTINATION_AMOUNT',
      destination: { unit_type: 'CURRENCY', unit, amount },
    });
    expect(errorCode(await ranged(destination('EUR', 100.01), 'r-1'))).toBe(1003002);
    expect(errorCode(await ranged(destination('EUR', 4.99), 'r-2'))).toBe(1003002);
    expect(errorCode(await ranged(destination('EUR', 10.001), 'r-3'))).toBe(1003002);
    expect(errorCode(await ranged(destination('GBP', 10), 'r-4'))).toBe(1003003);
    expect(errorCode(await ranged({}, 'r-5'))).toBe(1000400);
    expect(await sandbox.byExternalId('r-1')).toEqual([]);
    expect(await sandbox.balance('+4917011110003')).toBe(500);
  });

  it('refuses an unknown product (1003001) and a number that is not E.164 (1005003)', async () => {
    const unknown = await sandbox.topUp({
      external_id: 'bad-1',
      product_id: 999,
      ...party('+4917011110004'),
    });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown)).toBe(1003001);
    const badNumber = await sandbox.topUp({ external_id: 'bad-2', ...party('4917011110004') });
    expect(badNumber.status).toBe(400);
    expect(errorCode(badNumber)).toBe(1005003);
    const noExternalId = await sandbox.topUp(party('+4917011110004'));
    expect(errorCode(noExternalId)).toBe(1000400);
  });
});

describe('confirming and cancelling a transaction made without auto_confirm', () => {
  it('waits CREATED, then confirms, completes and credits', async () => {
    const msisdn = '+4917011110005';
    const created = await sandbox.topUp({ external_id: 'manual-1', auto_confirm: false, ...party(msisdn) });
    expect(created.json.status).toEqual({
      id: 10000,
      message: 'CREATED',
      class: { id: 1, message: 'CREATED' },
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await sandbox.api('GET', `/transactions/${created.json.id}`)).json.status.message).toBe(
      'CREATED',
    );
    expect(await sandbox.balance(msisdn)).toBe(500);

    const confirmed = await sandbox.api('POST', `/async/transactions/${created.json.id}/confirm`);
    expect(confirmed.status).toBe(202);
    expect(confirmed.json.status.message).toBe('CONFIRMED');
    expect(confirmed.json.confirmation_date).toEqual(expect.any(String));
    await sandbox.waitForStatus(created.json.id, 'COMPLETED');
    expect(await sandbox.balance(msisdn)).toBe(2000);

    const twice = await sandbox.api('POST', `/async/transactions/${created.json.id}/confirm`);
    expect(errorCode(twice)).toBe(1007002);
    const cancelLate = await sandbox.api('POST', `/transactions/${created.json.id}/cancel`);
    expect(errorCode(cancelLate)).toBe(1007007);
  });

  it('cancels a CREATED one, which then can be neither confirmed nor cancelled again', async () => {
    const msisdn = '+4917011110006';
    const created = await sandbox.topUp({ external_id: 'manual-2', auto_confirm: false, ...party(msisdn) });
    const cancelled = await sandbox.api('POST', `/transactions/${created.json.id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(cancelled.json.status).toEqual({
      id: 40000,
      message: 'CANCELLED',
      class: { id: 4, message: 'CANCELLED' },
    });
    expect(errorCode(await sandbox.api('POST', `/async/transactions/${created.json.id}/confirm`))).toBe(
      1007005,
    );
    expect(errorCode(await sandbox.api('POST', `/transactions/${created.json.id}/cancel`))).toBe(1007005);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await sandbox.balance(msisdn)).toBe(500);
  });

  it('answers 404 (1008004) for an unknown transaction', async () => {
    for (const path of ['/transactions/42', '/transactions/abc']) {
      const response = await sandbox.api('GET', path);
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe(1008004);
    }
    expect(errorCode(await sandbox.api('POST', '/async/transactions/42/confirm'))).toBe(1008004);
  });
});

describe('POST /dtone/v1/sync/transactions', () => {
  it('answers once the transaction is final', async () => {
    const msisdn = '+4917011110007';
    const response = await sandbox.api('POST', '/sync/transactions', {
      external_id: 'sync-1',
      product_id: FUNKFIX_15_EUR,
      auto_confirm: true,
      ...party(msisdn),
    });
    expect(response.status).toBe(201);
    expect(response.json.status.message).toBe('COMPLETED');
    expect(await sandbox.balance(msisdn)).toBe(2000);
  });

  it('confirms synchronously too', async () => {
    const created = await sandbox.topUp({
      external_id: 'sync-2',
      auto_confirm: false,
      ...party('+4917011119999'),
    });
    const response = await sandbox.api('POST', `/sync/transactions/${created.json.id}/confirm`);
    expect(response.status).toBe(202);
    expect(response.json.status.message).toBe('DECLINED-BARRED-CREDIT-PARTY');
  });
});

describe('GET /dtone/v1/transactions', () => {
  it('finds transactions by external_id and by number, newest first', async () => {
    const msisdn = '+4917011110008';
    const a = await sandbox.topUp({ external_id: 'list-a', ...party(msisdn) });
    const b = await sandbox.topUp({ external_id: 'list-b', ...party(msisdn) });
    expect((await sandbox.byExternalId('list-b')).map((t: { id: number }) => t.id)).toEqual([b.json.id]);
    expect(await sandbox.byExternalId('list-none')).toEqual([]);
    const byNumber = await sandbox.api(
      'GET',
      `/transactions?credit_party_mobile_number=${encodeURIComponent(msisdn)}`,
    );
    expect(byNumber.json.map((t: { id: number }) => t.id)).toEqual([b.json.id, a.json.id]);
    expect(byNumber.headers.get('x-total')).toBe('2');
  });
});
