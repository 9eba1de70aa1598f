import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, type DtoneSandbox, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox({ dtoneApiKey: 'key-42', dtoneApiSecret: 'secret-42' });
});
afterAll(() => sandbox.close());

const refused = { errors: [{ code: 1000401, message: expect.any(String) }] };

describe('DT One auth (HTTP Basic, API key and secret)', () => {
  it('refuses a call without credentials with 401 in DT One’s envelope', async () => {
    const response = await sandbox.api('GET', '/products/410103', undefined, { auth: null });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(refused);
  });

  it('refuses a wrong secret, a wrong key and a bearer token', async () => {
    for (const auth of [basicAuth('key-42', 'nope'), basicAuth('nope', 'secret-42'), 'Bearer key-42']) {
      const response = await sandbox.api(
        'POST',
        '/lookup/mobile-number',
        { mobile_number: '+4917012345678' },
        { auth },
      );
      expect(response.status).toBe(401);
      expect(response.json).toEqual(refused);
    }
  });

  it('refuses the default credentials when others are configured', async () => {
    const response = await sandbox.api('GET', '/products/410103', undefined, {
      auth: basicAuth('dtone-sandbox-key', 'dtone-sandbox-secret'),
    });
    expect(response.status).toBe(401);
  });

  it('does nothing for a refused call: no transaction is made', async () => {
    const auth = basicAuth('key-42', 'wrong');
    const refusedTopUp = await sandbox.topUp(
      { external_id: 'auth-1', credit_party_identifier: { mobile_number: '+4917099000001' } },
      { auth },
    );
    expect(refusedTopUp.status).toBe(401);
    const found = await sandbox.api('GET', '/transactions?external_id=auth-1', undefined, {
      auth: basicAuth('key-42', 'secret-42'),
    });
    expect(found.json).toEqual([]);
  });

  it('answers the configured key and secret', async () => {
    const response = await sandbox.api('GET', '/products/410103', undefined, {
      auth: basicAuth('key-42', 'secret-42'),
    });
    expect(response.status).toBe(200);
    expect(response.json.id).toBe(410103);
  });

  it('answers an unknown path with DT One’s 404', async () => {
    const response = await sandbox.api('GET', '/balances-of-nothing', undefined, {
      auth: basicAuth('key-42', 'secret-42'),
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ code: 1000404, message: expect.any(String) }] });
  });
});
