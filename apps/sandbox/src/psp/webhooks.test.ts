import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './signature';
import { NO_FURTHER_TRY_WINDOW_MS, type Sandbox, startReceiver, startSandbox } from './test-support';

const SECRET = 'test-secret';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ webhookSecret: SECRET });
});
afterAll(() => sandbox.close());

let receiver: Awaited<ReturnType<typeof startReceiver>>;
afterEach(() => receiver?.close());

describe('signWebhook / verifyWebhookSignature', () => {
  it('signs with sha256=<hex HMAC-SHA256> and verifies in either case', () => {
    const signature = signWebhook('{"a":1}', 'secret');
    expect(signature).toBe(`sha256=${createHmac('sha256', 'secret').update('{"a":1}').digest('hex')}`);
    expect(verifyWebhookSignature('{"a":1}', signature, 'secret')).toBe(true);
    expect(
      verifyWebhookSignature(
        Buffer.from('{"a":1}'),
        signature.toUpperCase().replace('SHA256', 'sha256'),
        'secret',
      ),
    ).toBe(true);
  });

  it('rejects another body, another secret and malformed headers', () => {
    const signature = signWebhook('{"a":1}', 'secret');
    expect(verifyWebhookSignature('{"a":2}', signature, 'secret')).toBe(false);
    expect(verifyWebhookSignature('{"a":1}', signature, 'other')).toBe(false);
    for (const header of [undefined, null, '', 'sha256=', signature.slice(7), `${signature}0`, [signature]]) {
      expect(verifyWebhookSignature('{"a":1}', header, 'secret')).toBe(false);
    }
  });
});

describe('webhooks', () => {
  it('announces a capture with a signed, verifiable event', async () => {
    receiver = await startReceiver();
    const paymentId = await sandbox.createPayment({ webhookUrl: receiver.url, merchantReference: 'order-7' });
    await sandbox.act(paymentId, 'approve');
    const [webhook] = await receiver.waitFor(1);
    if (!webhook) throw new Error('no webhook');
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(webhook.body, webhook.headers[SIGNATURE_HEADER], SECRET)).toBe(true);
    expect(
      verifyWebhookSignature(webhook.body, webhook.headers[SIGNATURE_HEADER], 'sandbox-webhook-secret'),
    ).toBe(false);
    expect(JSON.parse(webhook.body)).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'payment.captured',
      paymentId,
      merchantReference: 'order-7',
      status: 'CAPTURED',
      amount: 1234,
      currency: 'EUR',
      capturedAmount: 1234,
      refundedAmount: 0,
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('tries again after the receiver answers 500, with the same event', async () => {
    receiver = await startReceiver([500]);
    const paymentId = await sandbox.createPayment({ webhookUrl: receiver.url });
    await sandbox.act(paymentId, 'decline');
    const [first, second] = await receiver.waitFor(2);
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(second?.body ?? '{}')).toMatchObject({ type: 'payment.declined', status: 'DECLINED' });
    expect(await receiver.countAfter(NO_FURTHER_TRY_WINDOW_MS)).toBe(2);
  });

  it('gives up after 8 tries', async () => {
    const logged: { msg: string }[] = [];
    const stream = { write: (line: string) => logged.push(JSON.parse(line)) };
    const giving = await startSandbox({ logger: { level: 'error', stream } });
    try {
      receiver = await startReceiver(Array(20).fill(503));
      const paymentId = await giving.createPayment({ webhookUrl: receiver.url });
      await giving.act(paymentId, 'cancel');
      await vi.waitFor(() => expect(logged.map((entry) => entry.msg)).toContain('webhook given up'), {
        timeout: 3_000,
      });
      expect(receiver.received).toHaveLength(8);
    } finally {
      await giving.close();
    }
  });

  it('announces each event of a payment in order: capture, partial refund, refund', async () => {
    receiver = await startReceiver([500]);
    const paymentId = await sandbox.createPayment({ webhookUrl: receiver.url, amount: 1000 });
    await sandbox.act(paymentId, 'approve');
    const refund = (key: string, body: unknown) =>
      sandbox.call('POST', `/psp/payments/${paymentId}/refunds`, body, { 'idempotency-key': key });
    await refund('r1', { amount: 400 });
    await refund('r2', {});
    const delivered = (await receiver.waitFor(4)).slice(1).map((webhook) => JSON.parse(webhook.body));
    expect(delivered.map((event) => [event.type, event.status])).toEqual([
      ['payment.captured', 'CAPTURED'],
      ['payment.partially_refunded', 'PARTIALLY_REFUNDED'],
      ['payment.refunded', 'REFUNDED'],
    ]);
  });

  it('announces the delayed capture of method pending when it happens', async () => {
    receiver = await startReceiver();
    const paymentId = await sandbox.createPayment({ webhookUrl: receiver.url, method: 'pending' });
    await sandbox.act(paymentId, 'approve');
    expect(receiver.received).toHaveLength(0);
    // A payment's events go out in order: one sent on approval would come before the capture's.
    const [webhook] = await receiver.waitFor(1);
    expect(JSON.parse(webhook?.body ?? '{}')).toMatchObject({
      paymentId,
      type: 'payment.captured',
      status: 'CAPTURED',
      capturedAmount: 1234,
    });
  });

  it('stops retrying when the sandbox closes', async () => {
    const retryDelaysMs = [50, 50, 50];
    const closing = await startSandbox({ webhookRetryDelaysMs: retryDelaysMs });
    receiver = await startReceiver([500, 500, 500, 500]);
    const paymentId = await closing.createPayment({ webhookUrl: receiver.url });
    await closing.act(paymentId, 'approve');
    await receiver.waitFor(1);
    await closing.close();
    // Every retry the queue still had would have gone out within the sum of their delays.
    const everyRetryMs = retryDelaysMs.reduce((sum, delay) => sum + delay, 0) + NO_FURTHER_TRY_WINDOW_MS;
    expect(await receiver.countAfter(everyRetryMs)).toBe(1);
  });

  it('with chaos, delivers every event a second time and lets a later event overtake an earlier one', async () => {
    const unruly = await startSandbox({ webhookChaos: { duplicateShare: 1, reorderWithinMs: 200 } });
    try {
      receiver = await startReceiver();
      const paymentIds = await Promise.all(
        Array.from({ length: 10 }, () => unruly.createPayment({ webhookUrl: receiver.url })),
      );
      await Promise.all(paymentIds.map((paymentId) => unruly.act(paymentId, 'approve')));
      const webhooks = await receiver.waitFor(20);
      const eventIds = webhooks.map((webhook) => JSON.parse(webhook.body).eventId as string);
      expect(new Set(eventIds).size).toBe(10);
      expect(eventIds.filter((eventId) => eventId === eventIds[0])).toHaveLength(2);
      // Sent in the order of the approvals, received in another.
      const received = webhooks.map((webhook) => JSON.parse(webhook.body).paymentId as string);
      expect([...new Set(received)]).not.toEqual(paymentIds);
    } finally {
      await unruly.close();
    }
  });
});

describe('the merchant statement', () => {
  it('lists every payment with what was taken and given back', async () => {
    const paymentId = await sandbox.createPayment({ merchantReference: 'statement-1' });
    await sandbox.act(paymentId, 'approve');
    const { status, json } = await sandbox.call('GET', '/psp/payments');
    expect(status).toBe(200);
    expect(json.payments).toContainEqual(
      expect.objectContaining({
        paymentId,
        merchantReference: 'statement-1',
        status: 'CAPTURED',
        capturedAmount: 1234,
      }),
    );
  });
});
