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

/** A card the shopper saved on the save page. */
async function activeToken(overrides: Record<string, unknown> = {}): Promise<string> {
  const tokenId = await sandbox.createToken(overrides);
  await sandbox.actOnToken(tokenId, 'approve');
  return tokenId;
}

describe('charging a saved token (merchant-initiated)', () => {
  it('captures at once, without a payer URL', async () => {
    const token = await activeToken();
    const response = await sandbox.charge(token, { amount: 1500 });
    expect(response.status).toBe(201);
    const { paymentId } = response.json;
    expect(response.json).toEqual({ paymentId, status: 'CAPTURED' });
    expect(await sandbox.status(paymentId)).toMatchObject({
      status: 'CAPTURED',
      amount: 1500,
      method: 'creditcard',
      capturedAmount: 1500,
      token,
    });
  });

  it('only authorizes with manual capture', async () => {
    const token = await activeToken();
    const response = await sandbox.charge(token, { captureMethod: 'manual' });
    expect(response.json.status).toBe('AUTHORIZED');
    expect((await sandbox.operate(response.json.paymentId, 'capture')).json.status).toBe('CAPTURED');
  });

  it('declines an amount whose minor units end in 51', async () => {
    const token = await activeToken();
    for (const amount of [51, 1051, 99951]) {
      const response = await sandbox.charge(token, { amount });
      expect(response.status).toBe(201);
      expect(response.json.status).toBe('DECLINED');
    }
    expect((await sandbox.charge(token, { amount: 1052 })).json.status).toBe('CAPTURED');
  });

  it('charges a token saved by a payment, with its method', async () => {
    const paymentId = await sandbox.createPayment({ method: 'paypal', savePaymentMethod: true });
    await sandbox.act(paymentId, 'approve');
    const { token } = await sandbox.status(paymentId);
    const response = await sandbox.charge(token, { method: 'paypal' });
    expect(response.json.status).toBe('CAPTURED');
    expect((await sandbox.status(response.json.paymentId)).method).toBe('paypal');
    const mismatch = await sandbox.charge(token, { method: 'creditcard' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('method') });
  });

  it('answers 400 UNKNOWN_TOKEN for a token that is unknown, not yet active, declined or deleted', async () => {
    const pending = await sandbox.createToken();
    const declined = await sandbox.createToken();
    await sandbox.actOnToken(declined, 'decline');
    const deleted = await activeToken();
    await sandbox.call('DELETE', `/psp/tokens/${deleted}`);
    for (const token of ['tok_unknown', pending, declined, deleted]) {
      const response = await sandbox.charge(token);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ code: 'UNKNOWN_TOKEN', message: expect.any(String) });
    }
  });

  it('answers the same payment for the same key and body', async () => {
    const token = await activeToken();
    const body = { merchantReference: 'renewal-7', amount: 990, currency: 'EUR', token };
    const first = await sandbox.call('POST', '/psp/payments', body, { 'idempotency-key': 'renew-7' });
    const again = await sandbox.call('POST', '/psp/payments', body, { 'idempotency-key': 'renew-7' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it('announces the outcome with the token', async () => {
    receiver = await startReceiver();
    const token = await activeToken();
    const captured = await sandbox.charge(token, { webhookUrl: receiver.url });
    const declined = await sandbox.charge(token, { webhookUrl: receiver.url, amount: 2051 });
    const events = (await receiver.waitFor(2)).map((webhook) => JSON.parse(webhook.body));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'payment.captured', paymentId: captured.json.paymentId, token }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'payment.declined', paymentId: declined.json.paymentId, token }),
    );
  });

  it('needs the same fields as any payment, but not method, returnUrl or tenantName', async () => {
    const token = await activeToken();
    const noAmount = await sandbox.charge(token, { amount: undefined });
    expect(noAmount.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('amount') });
    const badToken = await sandbox.charge('', {});
    expect(badToken.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('token') });
  });
});
