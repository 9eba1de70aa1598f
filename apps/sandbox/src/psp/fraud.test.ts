import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const start = (overrides: Record<string, unknown>) =>
  sandbox.call('POST', '/psp/payments', sandbox.paymentBody(overrides), {
    'idempotency-key': sandbox.nextKey(),
  });

const decline = (body: unknown) => sandbox.call('POST', '/psp/fraud/declined-devices', body);

/** A card the shopper saved on the save page. */
async function activeToken(): Promise<string> {
  const tokenId = await sandbox.createToken();
  await sandbox.actOnToken(tokenId, 'approve');
  return tokenId;
}

describe('device id and FraudNet session id', () => {
  it('are kept as the merchant sent them and shown with the payment', async () => {
    const created = await start({
      method: 'paypal',
      deviceId: 'dev_0123456789abcdef0123456789abcdef',
      fraudnetSessionId: '0123456789abcdef0123456789abcdef',
    });
    expect(created.status).toBe(201);
    expect(await sandbox.status(created.json.paymentId)).toMatchObject({
      method: 'paypal',
      deviceId: 'dev_0123456789abcdef0123456789abcdef',
      fraudnetSessionId: '0123456789abcdef0123456789abcdef',
    });
  });

  it('are null when the merchant sent none', async () => {
    const created = await start({});
    expect(await sandbox.status(created.json.paymentId)).toMatchObject({
      deviceId: null,
      fraudnetSessionId: null,
    });
  });

  it('go with a charge of a saved method too', async () => {
    const token = await activeToken();
    const charged = await sandbox.charge(token, { deviceId: 'app-device-7' });
    expect(charged.status).toBe(201);
    expect(await sandbox.status(charged.json.paymentId)).toMatchObject({
      status: 'CAPTURED',
      deviceId: 'app-device-7',
      fraudnetSessionId: null,
    });
  });

  it.each([
    ['deviceId', { deviceId: '' }],
    ['deviceId', { deviceId: 'has space' }],
    ['deviceId', { deviceId: 'x'.repeat(256) }],
    ['deviceId', { deviceId: 42 }],
    ['fraudnetSessionId', { fraudnetSessionId: 'x'.repeat(65) }],
    ['fraudnetSessionId', { fraudnetSessionId: 'ä' }],
  ])('refuse a bad %s with 400 VALIDATION_FAILED', async (field, overrides) => {
    const response = await start(overrides);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('POST /psp/fraud/declined-devices', () => {
  it('makes every later payment with that device id refused at creation, and lets others pass', async () => {
    const before = await start({ deviceId: 'dev_suspect' });
    expect(before.status).toBe(201);

    const declined = await decline({ deviceId: 'dev_suspect' });
    expect(declined.status).toBe(201);
    expect(declined.json).toEqual({ deviceId: 'dev_suspect', declined: true });
    expect((await decline({ deviceId: 'dev_suspect' })).status).toBe(200);

    for (const method of ['creditcard', 'paypal', 'ideal']) {
      const refused = await start({ method, deviceId: 'dev_suspect' });
      expect(refused.status).toBe(402);
      expect(refused.json).toEqual({ code: 'RISK_DECLINED', message: expect.any(String) });
    }
    const token = await activeToken();
    const charge = await sandbox.charge(token, { deviceId: 'dev_suspect' });
    expect(charge.status).toBe(402);
    expect(charge.json.code).toBe('RISK_DECLINED');

    // A payment made before the device was declined stays as it was.
    expect((await sandbox.status(before.json.paymentId)).status).toBe('PENDING');
    expect((await start({ deviceId: 'dev_trusted' })).status).toBe(201);
    expect((await start({})).status).toBe(201);
  });

  it('remembers no refusal: the same key with another device id makes the payment', async () => {
    await decline({ deviceId: 'dev_blocked_once' });
    const body = (deviceId: string) => sandbox.paymentBody({ merchantReference: 'order-77', deviceId });
    const refused = await sandbox.call('POST', '/psp/payments', body('dev_blocked_once'), {
      'idempotency-key': 'fraud-key-1',
    });
    expect(refused.status).toBe(402);
    const made = await sandbox.call('POST', '/psp/payments', body('dev_fine'), {
      'idempotency-key': 'fraud-key-1',
    });
    expect(made.status).toBe(201);
  });

  it.each([[{}], [{ deviceId: '' }], [{ deviceId: 'a b' }], [[]]])(
    'refuses %j with 400 VALIDATION_FAILED',
    async (body) => {
      const response = await decline(body);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('VALIDATION_FAILED');
    },
  );
});
