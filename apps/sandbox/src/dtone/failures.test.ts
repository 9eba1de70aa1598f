import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DtoneSandbox, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox();
});
afterAll(() => sandbox.close());

describe('POST /dtone/testing/failures', () => {
  it('makes the next calls answer 503 and do nothing, then lets calls through again', async () => {
    const msisdn = '+4917044440001';
    const armed = await sandbox.testing('/failures', { count: 2 });
    expect(armed.json).toEqual({ count: 2, status: 503 });

    const refused = await sandbox.topUp({
      external_id: 'fail-1',
      credit_party_identifier: { mobile_number: msisdn },
    });
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({ errors: [{ code: 1009503, message: expect.any(String) }] });
    expect((await sandbox.api('GET', '/products/410103')).status).toBe(503);

    expect(await sandbox.byExternalId('fail-1')).toEqual([]);
    const retried = await sandbox.topUp({
      external_id: 'fail-1',
      credit_party_identifier: { mobile_number: msisdn },
    });
    expect(retried.status).toBe(201);
    await sandbox.waitForStatus(retried.json.id, 'COMPLETED');
    expect(await sandbox.balance(msisdn)).toBe(2000);
  });

  it('answers the status asked for: 500 is DT One’s unexpected error', async () => {
    await sandbox.testing('/failures', { count: 1, status: 500 });
    const response = await sandbox.api('GET', '/products/410103');
    expect(response.status).toBe(500);
    expect(response.json.errors[0].code).toBe(1009001);
    expect((await sandbox.api('GET', '/products/410103')).status).toBe(200);
  });

  it('ends early with count 0 and refuses bad input', async () => {
    await sandbox.testing('/failures', { count: 5 });
    await sandbox.testing('/failures', { count: 0 });
    expect((await sandbox.api('GET', '/products/410103')).status).toBe(200);
    for (const body of [{}, { count: -1 }, { count: 1, status: 404 }, { count: 'two' }]) {
      const response = await sandbox.testing('/failures', body);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('VALIDATION_FAILED');
    }
  });
});
