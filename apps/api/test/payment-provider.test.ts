import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningSandbox, startSandbox } from '@shop/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxPaymentProvider,
  type PaymentInitiation,
  type PaymentProvider,
  PaymentProviderUnavailableError,
} from '../src/adapters/payment-provider';

const SECRET = 'test-webhook-secret';
let sandbox: RunningSandbox;
let sandboxUrl: string;
let provider: PaymentProvider;
const received: { body: string; signature: string | undefined }[] = [];
let receiver: http.Server;
let webhookUrl: string;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ body, signature: request.headers['x-sandbox-signature'] as string | undefined });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/psp`;
  sandbox = await startSandbox({ webhookSecret: SECRET, webhookRetryDelaysMs: [10, 10, 10] });
  sandboxUrl = sandbox.baseUrl;
  provider = createSandboxPaymentProvider({ baseUrl: sandboxUrl, webhookSecret: SECRET });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

let references = 0;
async function start(
  method = 'creditcard',
  key = `key-${Math.random().toString(36).slice(2)}`,
  extra: Partial<PaymentInitiation> = {},
) {
  references += 1;
  const request: PaymentInitiation = {
    idempotencyKey: key,
    merchantReference: `ORD-${references}`,
    amount: 1549,
    currency: 'EUR',
    method,
    returnUrl: 'http://funkfix.localhost:3000/shop/checkout/result',
    webhookUrl,
    tenantName: 'FunkFix',
    ...extra,
  };
  const started = await provider.initiate(request);
  if (!started.ok) throw new Error(`the payment start was refused: ${started.code}`);
  return { request, payment: started };
}

const signed = (signature: string | undefined) => ({ 'x-sandbox-signature': signature });

/** Acts on the hosted page through its HTTP twin (the payer URL names the public host). */
async function act(payerUrl: string, action: 'approve' | 'decline' | 'cancel', body: object = {}) {
  const response = await fetch(`${sandboxUrl}${new URL(payerUrl).pathname}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { redirectUrl: string };
}

async function webhookFor(merchantReference: string) {
  for (let waited = 0; waited < 2000; waited += 20) {
    const hit = received.find((webhook) => webhook.body.includes(`"${merchantReference}"`));
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no webhook for ${merchantReference}`);
}

describe('the sandbox payment provider adapter', () => {
  it('starts a payment once per idempotency key and reads its status', async () => {
    const { request, payment } = await start('creditcard', 'same-key-1234');
    expect(payment.payerUrl).toMatch(/\/psp\/pay\/[\w-]+$/);
    const again = await provider.initiate(request);
    expect(again).toMatchObject({ ok: true, paymentId: payment.paymentId });
    expect(await provider.status(payment.paymentId)).toMatchObject({
      status: 'PENDING',
      amount: 1549,
      currency: 'EUR',
    });
    expect(await provider.status('pay_unknown')).toBeUndefined();
  });

  it('maps a signed capture webhook to CAPTURE and refuses a tampered or unsigned one', async () => {
    const { request, payment } = await start();
    await act(payment.payerUrl, 'approve', {
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/39',
      cvc: '123',
    });
    expect((await provider.status(payment.paymentId))?.status).toBe('CAPTURED');
    const webhook = await webhookFor(request.merchantReference);
    expect(provider.verifyWebhook(webhook.body, signed(webhook.signature))).toMatchObject({
      kind: 'payment',
      paymentId: payment.paymentId,
      merchantReference: request.merchantReference,
      event: 'CAPTURE',
      amount: 1549,
    });
    const invalid = { kind: 'invalid-signature' };
    expect(provider.verifyWebhook(webhook.body.replace('1549', '1'), signed(webhook.signature))).toEqual(
      invalid,
    );
    expect(provider.verifyWebhook(webhook.body, {})).toEqual(invalid);
    expect(provider.verifyWebhook(webhook.body, signed(`sha256=${'0'.repeat(64)}`))).toEqual(invalid);
  });

  it('maps a declined card and a cancelled payment', async () => {
    const declined = await start();
    await act(declined.payment.payerUrl, 'approve', {
      cardNumber: '4000000000000002',
      expiry: '12/39',
      cvc: '123',
    });
    const declineHook = await webhookFor(declined.request.merchantReference);
    expect(provider.verifyWebhook(declineHook.body, signed(declineHook.signature))).toMatchObject({
      event: 'DECLINE',
    });

    const cancelled = await start('paypal');
    await act(cancelled.payment.payerUrl, 'cancel');
    const cancelHook = await webhookFor(cancelled.request.merchantReference);
    expect(provider.verifyWebhook(cancelHook.body, signed(cancelHook.signature))).toMatchObject({
      event: 'CANCEL',
    });
  });

  it('refunds in part, then in full, and refuses more than was paid', async () => {
    const { payment } = await start('ideal');
    await act(payment.payerUrl, 'approve');
    expect(await provider.refund(payment.paymentId, 500, 'refund-1-abcdef')).toEqual({
      ok: true,
      refundedAmount: 500,
    });
    expect(await provider.refund(payment.paymentId, 500, 'refund-1-abcdef')).toEqual({
      ok: true,
      refundedAmount: 500,
    });
    expect(await provider.refund(payment.paymentId, 5000, 'refund-2-abcdef')).toMatchObject({ ok: false });
    expect(await provider.refund(payment.paymentId, undefined, 'refund-3-abcdef')).toEqual({
      ok: true,
      refundedAmount: 1549,
    });
    expect((await provider.status(payment.paymentId))?.status).toBe('REFUNDED');
  });

  it('manual capture: authorized first, then captured in part; a void cancels an authorization', async () => {
    const { request, payment } = await start('creditcard', undefined, { captureMethod: 'manual' });
    await act(payment.payerUrl, 'approve', { cardNumber: '4111111111111111', expiry: '12/39', cvc: '123' });
    expect((await provider.status(payment.paymentId))?.status).toBe('AUTHORIZED');
    const authorized = await webhookFor(request.merchantReference);
    expect(provider.verifyWebhook(authorized.body, signed(authorized.signature))).toMatchObject({
      event: 'AUTHORIZE',
    });
    expect(await provider.capture(payment.paymentId, 1000, 'capture-1-abcdef')).toMatchObject({ ok: true });
    expect(await provider.status(payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
    expect(await provider.capture(payment.paymentId, undefined, 'capture-2-abcdef')).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_CAPTURABLE',
    });

    const voided = await start('paypal', undefined, { captureMethod: 'manual' });
    await act(voided.payment.payerUrl, 'approve');
    expect(await provider.cancel(voided.payment.paymentId, 'void-1-abcdef')).toMatchObject({ ok: true });
    expect((await provider.status(voided.payment.paymentId))?.status).toBe('CANCELLED');
    expect(await provider.cancel(voided.payment.paymentId, 'void-2-abcdef')).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_VOIDABLE',
    });
  });

  it('saves a method on its own, then charges it without the shopper', async () => {
    const saved = await provider.saveMethod({
      idempotencyKey: 'token-1-abcdef',
      merchantReference: 'TOKEN-1',
      method: 'creditcard',
      returnUrl: 'http://funkfix.localhost:3000/account/settings/payment-methods',
      tenantName: 'FunkFix',
    });
    if (!saved.ok) throw new Error(saved.code);
    expect(await provider.token(saved.tokenId)).toMatchObject({ status: 'PENDING', method: 'creditcard' });
    await act(saved.payerUrl, 'approve', { cardNumber: '5555 5555 5555 4444', expiry: '11/38', cvc: '123' });
    expect(await provider.token(saved.tokenId)).toMatchObject({
      status: 'ACTIVE',
      cardLast4: '4444',
      cardBrand: 'mastercard',
      expiry: '11/38',
    });

    const charge = {
      merchantReference: 'MIT-1',
      token: saved.tokenId,
      currency: 'EUR',
      method: 'creditcard',
      returnUrl: 'http://funkfix.localhost:3000/',
      tenantName: 'FunkFix',
    };
    expect(await provider.charge({ ...charge, idempotencyKey: 'mit-1-abcdef', amount: 1500 })).toMatchObject({
      ok: true,
      status: 'CAPTURED',
    });
    expect(await provider.charge({ ...charge, idempotencyKey: 'mit-2-abcdef', amount: 1551 })).toMatchObject({
      ok: true,
      status: 'DECLINED',
    });
    expect(
      await provider.charge({ ...charge, idempotencyKey: 'mit-3-abcdef', amount: 1500, token: 'tok_nobody' }),
    ).toEqual({ ok: false, code: 'UNKNOWN_TOKEN' });
    expect(await provider.token('tok_nobody')).toBeUndefined();
  });

  it('reports an unreachable provider after its retries', async () => {
    const down = createSandboxPaymentProvider({
      baseUrl: 'http://127.0.0.1:9',
      webhookSecret: SECRET,
      retries: 1,
      backoffMs: [10],
      timeoutMs: 500,
    });
    await expect(down.status('pay_x')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});
