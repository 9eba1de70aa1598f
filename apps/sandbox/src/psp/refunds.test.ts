import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const refund = (paymentId: string, key: string, body?: unknown) =>
  sandbox.call('POST', `/psp/payments/${paymentId}/refunds`, body, { 'idempotency-key': key });

async function capturedPayment(amount = 1000): Promise<string> {
  const paymentId = await sandbox.createPayment({ amount });
  await sandbox.act(paymentId, 'approve');
  return paymentId;
}

describe('POST /psp/payments/{id}/refunds', () => {
  it('refunds all of a payment without an amount', async () => {
    const paymentId = await capturedPayment();
    const response = await refund(paymentId, 'full');
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      refundId: expect.stringMatching(/^ref_/),
      paymentId,
      amount: 1000,
      status: 'REFUNDED',
      refundedAmount: 1000,
    });
    expect(await sandbox.status(paymentId)).toMatchObject({ status: 'REFUNDED', refundedAmount: 1000 });
  });

  it('refunds part of a payment, then the rest', async () => {
    const paymentId = await capturedPayment();
    const first = await refund(paymentId, 'part-1', { amount: 300 });
    expect(first.json).toMatchObject({ amount: 300, status: 'PARTIALLY_REFUNDED', refundedAmount: 300 });
    const second = await refund(paymentId, 'part-2', { amount: 200 });
    expect(second.json).toMatchObject({ amount: 200, status: 'PARTIALLY_REFUNDED', refundedAmount: 500 });
    const rest = await refund(paymentId, 'part-3', {});
    expect(rest.json).toMatchObject({ amount: 500, status: 'REFUNDED', refundedAmount: 1000 });
  });

  it('answers 400 REFUND_TOO_LARGE above what is left, and refunds nothing', async () => {
    const paymentId = await capturedPayment();
    await refund(paymentId, 'some', { amount: 600 });
    const response = await refund(paymentId, 'too-much', { amount: 401 });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'REFUND_TOO_LARGE', message: expect.stringContaining('400') });
    expect(await sandbox.status(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedAmount: 600,
    });
  });

  it('refunds once per idempotency key', async () => {
    const paymentId = await capturedPayment();
    const first = await refund(paymentId, 'once', { amount: 100 });
    const again = await refund(paymentId, 'once', { amount: 100 });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await sandbox.status(paymentId)).refundedAmount).toBe(100);
    const reused = await refund(paymentId, 'once', { amount: 200 });
    expect(reused.status).toBe(409);
    expect(reused.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 409 PAYMENT_NOT_REFUNDABLE unless the payment is captured', async () => {
    const pending = await sandbox.createPayment();
    expect((await refund(pending, 'pending')).json.code).toBe('PAYMENT_NOT_REFUNDABLE');
    const refunded = await capturedPayment();
    await refund(refunded, 'all');
    const response = await refund(refunded, 'all-again');
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('PAYMENT_NOT_REFUNDABLE');
  });

  it('answers 400 for a bad amount or a missing key, and 404 for an unknown payment', async () => {
    const paymentId = await capturedPayment();
    expect((await refund(paymentId, 'bad', { amount: -5 })).json.code).toBe('VALIDATION_FAILED');
    expect((await refund(paymentId, 'bad-2', { amount: 1.5 })).json.code).toBe('VALIDATION_FAILED');
    const keyless = await sandbox.call('POST', `/psp/payments/${paymentId}/refunds`, {});
    expect(keyless.status).toBe(400);
    expect(keyless.json.message).toContain('Idempotency-Key');
    expect((await refund('pay_unknown', 'x')).status).toBe(404);
  });
});
