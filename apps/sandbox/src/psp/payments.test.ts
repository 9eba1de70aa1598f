import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BASE_URL, type Sandbox, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const create = (body: unknown, key?: string) =>
  sandbox.call('POST', '/psp/payments', body, key === undefined ? {} : { 'idempotency-key': key });

describe('POST /psp/payments', () => {
  it('creates a pending payment with a payer URL on the public base URL', async () => {
    const response = await create(sandbox.paymentBody(), 'create-1');
    expect(response.status).toBe(201);
    const { paymentId } = response.json;
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9_-]{16}$/);
    expect(response.json).toEqual({
      paymentId,
      status: 'PENDING',
      payerUrl: `${PUBLIC_BASE_URL}/psp/pay/${paymentId}`,
    });
    expect(await sandbox.status(paymentId)).toEqual({
      paymentId,
      status: 'PENDING',
      amount: 1234,
      currency: 'EUR',
      method: 'creditcard',
      captureMethod: 'automatic',
      merchantReference: 'order-1001',
      capturedAmount: 0,
      refundedAmount: 0,
      deviceId: null,
      fraudnetSessionId: null,
    });
  });

  it('answers the same payment for the same key and body, with 200', async () => {
    const first = await create(sandbox.paymentBody({ merchantReference: 'order-2' }), 'create-2');
    const { method, ...rest } = sandbox.paymentBody({ merchantReference: 'order-2' });
    const again = await create({ method, ...rest }, 'create-2');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    await create(sandbox.paymentBody({ amount: 500 }), 'create-3');
    const response = await create(sandbox.paymentBody({ amount: 501 }), 'create-3');
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
  });

  it('gives different keys different payments', async () => {
    const a = await create(sandbox.paymentBody(), 'create-4a');
    const b = await create(sandbox.paymentBody(), 'create-4b');
    expect(a.json.paymentId).not.toBe(b.json.paymentId);
  });

  it('needs an Idempotency-Key', async () => {
    const response = await create(sandbox.paymentBody());
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('Idempotency-Key'),
    });
  });

  it.each([
    ['merchantReference', { merchantReference: '' }],
    ['amount', { amount: 0 }],
    ['amount', { amount: 12.5 }],
    ['amount', { amount: '1234' }],
    ['currency', { currency: 'eur' }],
    ['currency', { currency: 'XYZ' }],
    ['method', { method: 'cash' }],
    ['returnUrl', { returnUrl: '/checkout/return' }],
    ['returnUrl', { returnUrl: 'javascript:alert(1)' }],
    ['webhookUrl', { webhookUrl: 'not a url' }],
    ['tenantName', { tenantName: undefined }],
    ['savePaymentMethod', { savePaymentMethod: 'yes' }],
    ['additionalData', { additionalData: [1, 2] }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, overrides) => {
    const response = await create(sandbox.paymentBody(overrides), randomUUID());
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });

  it('answers 400 VALIDATION_FAILED for a body that is not JSON', async () => {
    const response = await sandbox.call('POST', '/psp/payments', undefined, {
      'content-type': 'application/json',
      'idempotency-key': 'broken',
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('VALIDATION_FAILED');
    const broken = await fetch(`${sandbox.base}/psp/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'broken-2' },
      body: '{"amount":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('GET /psp/payments/{id}', () => {
  it('answers 404 UNKNOWN_PAYMENT for an unknown id', async () => {
    const response = await sandbox.call('GET', '/psp/payments/pay_nope');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: 'UNKNOWN_PAYMENT', message: expect.any(String) });
  });
});
