import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startReceiver, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** A manual-capture payment of €10.00 the shopper approved. */
async function authorizedPayment(overrides: Record<string, unknown> = {}): Promise<string> {
  const paymentId = await sandbox.createPayment({ amount: 1000, captureMethod: 'manual', ...overrides });
  await sandbox.act(paymentId, 'approve');
  return paymentId;
}

describe('manual capture', () => {
  it('leaves an approved payment AUTHORIZED and sends the shopper back with that status', async () => {
    const paymentId = await sandbox.createPayment({ captureMethod: 'manual' });
    const approved = await sandbox.act(paymentId, 'approve');
    expect(new URL(approved.json.redirectUrl).searchParams.get('status')).toBe('AUTHORIZED');
    expect(await sandbox.status(paymentId)).toMatchObject({
      status: 'AUTHORIZED',
      captureMethod: 'manual',
      capturedAmount: 0,
    });
  });

  it('authorizes after a passed 3-D Secure', async () => {
    const paymentId = await sandbox.createPayment({ captureMethod: 'manual' });
    await sandbox.act(paymentId, 'approve', { cardNumber: '4000000000003220', expiry: '12/99', cvc: '123' });
    await sandbox.act(paymentId, '3ds/complete');
    expect((await sandbox.status(paymentId)).status).toBe('AUTHORIZED');
  });

  it('authorizes a payment of method pending once the bank confirms it', async () => {
    const paymentId = await sandbox.createPayment({ method: 'pending', captureMethod: 'manual' });
    await sandbox.act(paymentId, 'approve');
    expect((await sandbox.status(paymentId)).status).toBe('PENDING');
    await expect
      .poll(async () => (await sandbox.status(paymentId)).status, { timeout: 3_000 })
      .toBe('AUTHORIZED');
  });

  it('captures all of the authorized amount without an amount', async () => {
    const paymentId = await authorizedPayment();
    const response = await sandbox.operate(paymentId, 'capture');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      paymentId,
      status: 'CAPTURED',
      amount: 1000,
      capturedAmount: 1000,
    });
    expect(await sandbox.status(paymentId)).toMatchObject({ status: 'CAPTURED', capturedAmount: 1000 });
  });

  it('captures part, and refunds work against what was captured', async () => {
    const paymentId = await authorizedPayment();
    const captured = await sandbox.operate(paymentId, 'capture', { amount: 600 });
    expect(captured.json).toMatchObject({ status: 'CAPTURED', amount: 1000, capturedAmount: 600 });
    const tooMuch = await sandbox.operate(paymentId, 'refunds', { amount: 601 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.code).toBe('REFUND_TOO_LARGE');
    const all = await sandbox.operate(paymentId, 'refunds');
    expect(all.json).toMatchObject({ amount: 600, status: 'REFUNDED', refundedAmount: 600 });
  });

  it.each([{ amount: 0 }, { amount: 1.5 }, ['x']])(
    'answers 400 VALIDATION_FAILED to a body of %j',
    async (body) => {
      const paymentId = await authorizedPayment();
      const response = await sandbox.operate(paymentId, 'capture', body);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('VALIDATION_FAILED');
    },
  );

  it('answers 400 CAPTURE_TOO_LARGE above the authorized amount and captures nothing', async () => {
    const paymentId = await authorizedPayment();
    const response = await sandbox.operate(paymentId, 'capture', { amount: 1001 });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'CAPTURE_TOO_LARGE', message: expect.stringContaining('1000') });
    expect((await sandbox.status(paymentId)).status).toBe('AUTHORIZED');
  });

  it('answers 409 PAYMENT_NOT_CAPTURABLE unless the payment is AUTHORIZED', async () => {
    const pending = await sandbox.createPayment({ captureMethod: 'manual' });
    const automatic = await sandbox.createPayment();
    await sandbox.act(automatic, 'approve');
    const captured = await authorizedPayment();
    await sandbox.operate(captured, 'capture');
    for (const paymentId of [pending, automatic, captured]) {
      const response = await sandbox.operate(paymentId, 'capture');
      expect(response.status).toBe(409);
      expect(response.json.code).toBe('PAYMENT_NOT_CAPTURABLE');
    }
  });

  it('captures once per idempotency key', async () => {
    const paymentId = await authorizedPayment();
    const capture = (key: string, body: unknown) =>
      sandbox.call('POST', `/psp/payments/${paymentId}/capture`, body, { 'idempotency-key': key });
    const first = await capture('cap-1', { amount: 400 });
    const again = await capture('cap-1', { amount: 400 });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await capture('cap-1', { amount: 500 })).json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await sandbox.status(paymentId)).capturedAmount).toBe(400);
    const keyless = await sandbox.call('POST', `/psp/payments/${paymentId}/capture`, {});
    expect(keyless.status).toBe(400);
    expect(keyless.json.message).toContain('Idempotency-Key');
  });

  it('answers 404 UNKNOWN_PAYMENT for an unknown payment', async () => {
    for (const operation of ['capture', 'void']) {
      const response = await sandbox.operate('pay_unknown', operation);
      expect(response.status).toBe(404);
      expect(response.json.code).toBe('UNKNOWN_PAYMENT');
    }
  });
});

describe('void', () => {
  it('cancels an AUTHORIZED payment', async () => {
    const paymentId = await authorizedPayment();
    const response = await sandbox.operate(paymentId, 'void');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ paymentId, status: 'CANCELLED', capturedAmount: 0 });
    expect((await sandbox.status(paymentId)).status).toBe('CANCELLED');
    expect((await sandbox.operate(paymentId, 'capture')).json.code).toBe('PAYMENT_NOT_CAPTURABLE');
  });

  it('answers 409 PAYMENT_NOT_VOIDABLE unless the payment is AUTHORIZED', async () => {
    const pending = await sandbox.createPayment({ captureMethod: 'manual' });
    const captured = await sandbox.createPayment();
    await sandbox.act(captured, 'approve');
    for (const paymentId of [pending, captured]) {
      const response = await sandbox.operate(paymentId, 'void', {});
      expect(response.status).toBe(409);
      expect(response.json.code).toBe('PAYMENT_NOT_VOIDABLE');
    }
  });

  it('voids once per idempotency key', async () => {
    const paymentId = await authorizedPayment();
    const voidWith = (key: string) =>
      sandbox.call('POST', `/psp/payments/${paymentId}/void`, undefined, { 'idempotency-key': key });
    const first = await voidWith('void-1');
    const again = await voidWith('void-1');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await voidWith('void-2')).json.code).toBe('PAYMENT_NOT_VOIDABLE');
  });
});

describe('webhooks of manual capture', () => {
  it('announces authorization, then the capture with the captured amount', async () => {
    receiver = await startReceiver();
    const paymentId = await authorizedPayment({ webhookUrl: receiver.url });
    await sandbox.operate(paymentId, 'capture', { amount: 250 });
    const events = (await receiver.waitFor(2)).map((webhook) => JSON.parse(webhook.body));
    expect(events).toMatchObject([
      { type: 'payment.authorized', paymentId, status: 'AUTHORIZED', amount: 1000, capturedAmount: 0 },
      { type: 'payment.captured', paymentId, status: 'CAPTURED', amount: 1000, capturedAmount: 250 },
    ]);
  });

  it('announces a void as payment.cancelled', async () => {
    receiver = await startReceiver();
    const paymentId = await authorizedPayment({ webhookUrl: receiver.url });
    await sandbox.operate(paymentId, 'void');
    const events = (await receiver.waitFor(2)).map((webhook) => JSON.parse(webhook.body));
    expect(events.map((event) => event.type)).toEqual(['payment.authorized', 'payment.cancelled']);
  });
});
