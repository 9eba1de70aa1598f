import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentInitiation,
  PaymentProviderUnavailableError,
  type VerifiedWebhook,
} from '../src/adapters/payment-provider';
import {
  type ContractWorld,
  type ProviderSubject,
  startContractWorld,
  TIMEOUT_MS,
} from './payment-provider-subjects';

/**
 * The payment-provider port's contract: the same scenarios, the same expectations, on every
 * adapter. What differs between providers (test cards, the hosted page's steps) is in the
 * subjects; a scenario that needs an `if` per provider does not belong here.
 */

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const subjects = ['the sandbox provider', 'Stripe'];
const subjectNamed = (name: string): ProviderSubject => {
  const subject = world.subjects.find((candidate) => candidate.name === name);
  if (!subject) throw new Error(`no subject ${name}`);
  return subject;
};

const key = (what: string) => `${what}-${randomUUID()}`;

async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let waited = 0; waited < 3000; waited += 20) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited in vain for ${what}`);
}

describe.each(subjects)('the payment provider port on %s', (name) => {
  let subject: ProviderSubject;
  beforeAll(() => {
    subject = subjectNamed(name);
  });

  function request(overrides: Partial<PaymentInitiation> = {}): PaymentInitiation {
    const reference = key('ORD');
    return {
      idempotencyKey: reference,
      merchantReference: reference,
      amount: 1549,
      currency: 'EUR',
      method: 'creditcard',
      returnUrl: 'http://alpenfunk.localhost:3000/shop/checkout/result',
      webhookUrl: subject.webhookUrl,
      tenantName: 'AlpenFunk',
      captureMethod: 'manual',
      ...overrides,
    };
  }

  async function started(overrides: Partial<PaymentInitiation> = {}) {
    const start = request(overrides);
    const answer = await subject.provider.initiate(start);
    if (!answer.ok) throw new Error(`the start was refused: ${answer.code}`);
    return { ...answer, reference: start.merchantReference };
  }

  /** A payment the shopper approved with a good card. */
  async function approved(overrides: Partial<PaymentInitiation> = {}) {
    const payment = await started(overrides);
    await subject.payWithCard(payment.payerUrl, subject.cards.approved);
    return payment;
  }

  const statusOf = async (paymentId: string) => (await subject.provider.status(paymentId))?.status;

  /** The webhooks for one of our payments, verified and read through the adapter. */
  function eventsFor(reference: string): Extract<VerifiedWebhook, { kind: 'payment' }>[] {
    return subject
      .webhooks()
      .filter((webhook) => webhook.body.includes(`"${reference}"`))
      .map((webhook) => subject.provider.verifyWebhook(webhook.body, webhook.headers))
      .filter((webhook) => webhook.kind === 'payment');
  }
  const eventOf = (reference: string, event: string) =>
    waitFor(
      () => eventsFor(reference).find((webhook) => webhook.event === event),
      `${event} of ${reference}`,
    );

  async function savedCard(card: string) {
    const reference = key('token');
    const saved = await subject.provider.saveMethod({
      idempotencyKey: reference,
      merchantReference: reference,
      method: 'creditcard',
      returnUrl: 'http://alpenfunk.localhost:3000/account/payment-methods',
      webhookUrl: subject.webhookUrl,
      tenantName: 'AlpenFunk',
      customerReference: key('customer'),
    });
    if (!saved.ok) throw new Error(`saving was refused: ${saved.code}`);
    const next = await subject.payWithCard(saved.payerUrl, card);
    if (next.includes('authenticate') || next.includes('/3ds')) await subject.authenticate(next, true);
    return saved.tokenId;
  }

  const charge = (token: string, idempotencyKey = key('MIT')) => ({
    idempotencyKey,
    merchantReference: idempotencyKey,
    token,
    amount: 1500,
    currency: 'EUR',
    method: 'creditcard',
    returnUrl: 'http://alpenfunk.localhost:3000/',
    webhookUrl: subject.webhookUrl,
    tenantName: 'AlpenFunk',
    captureMethod: 'manual' as const,
  });

  it('starts one payment per idempotency key, open until the shopper acts', async () => {
    const start = request();
    const first = await subject.provider.initiate(start);
    const again = await subject.provider.initiate(start);
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    if (!first.ok) return;
    expect(await subject.provider.status(first.paymentId)).toMatchObject({
      status: 'PENDING',
      amount: 1549,
      currency: 'EUR',
      refundedAmount: 0,
    });
  });

  it('holds an approved card, says so by a signed webhook, and captures part of it', async () => {
    const payment = await approved();
    expect(await statusOf(payment.paymentId)).toBe('AUTHORIZED');
    expect(await eventOf(payment.reference, 'AUTHORIZE')).toMatchObject({
      merchantReference: payment.reference,
      amount: 1549,
    });
    expect(await subject.provider.capture(payment.paymentId, 1000, key('capture'))).toEqual({ ok: true });
    expect(await subject.provider.status(payment.paymentId)).toMatchObject({
      status: 'CAPTURED',
      capturedAmount: 1000,
      refundedAmount: 0,
    });
    expect(await eventOf(payment.reference, 'CAPTURE')).toMatchObject({
      merchantReference: payment.reference,
    });
    expect(await subject.provider.capture(payment.paymentId, undefined, key('capture'))).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_CAPTURABLE',
    });
  });

  it('holds nothing for a declined card', async () => {
    const payment = await started();
    await subject.payWithCard(payment.payerUrl, subject.cards.declined);
    expect(['DECLINED', 'PENDING']).toContain(await statusOf(payment.paymentId));
    expect(await subject.provider.capture(payment.paymentId, undefined, key('capture'))).toMatchObject({
      ok: false,
    });
    expect(eventsFor(payment.reference).filter((webhook) => webhook.event !== 'DECLINE')).toEqual([]);
  });

  it('holds the money once 3-D Secure is passed, and nothing when it fails', async () => {
    const passed = await started();
    const challenge = await subject.payWithCard(passed.payerUrl, subject.cards.threeDSecure);
    expect(await statusOf(passed.paymentId)).toBe('PENDING');
    await subject.authenticate(challenge, true);
    expect(await statusOf(passed.paymentId)).toBe('AUTHORIZED');

    const failed = await started();
    await subject.authenticate(await subject.payWithCard(failed.payerUrl, subject.cards.threeDSecure), false);
    expect(['DECLINED', 'PENDING']).toContain(await statusOf(failed.paymentId));
    expect(await subject.provider.capture(failed.paymentId, undefined, key('capture'))).toMatchObject({
      ok: false,
    });
  });

  it('voids a held payment once', async () => {
    const payment = await approved();
    expect(await subject.provider.cancel(payment.paymentId, key('void'))).toEqual({ ok: true });
    expect(await statusOf(payment.paymentId)).toBe('CANCELLED');
    expect(await eventOf(payment.reference, 'CANCEL')).toMatchObject({
      merchantReference: payment.reference,
    });
    expect(await subject.provider.cancel(payment.paymentId, key('void'))).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_VOIDABLE',
    });
  });

  it('refunds in part, then the rest, once per key and never more than was taken', async () => {
    const payment = await approved({ captureMethod: 'automatic' });
    expect(await statusOf(payment.paymentId)).toBe('CAPTURED');
    const partKey = key('refund');
    expect(await subject.provider.refund(payment.paymentId, 500, partKey)).toEqual({
      ok: true,
      refundedAmount: 500,
    });
    expect(await subject.provider.refund(payment.paymentId, 500, partKey)).toEqual({
      ok: true,
      refundedAmount: 500,
    });
    expect(await statusOf(payment.paymentId)).toBe('PARTIALLY_REFUNDED');
    expect(await eventOf(payment.reference, 'REFUND_PARTIAL')).toBeDefined();
    expect(await subject.provider.refund(payment.paymentId, 5000, key('refund'))).toEqual({
      ok: false,
      code: 'REFUND_TOO_LARGE',
    });
    expect(await subject.provider.refund(payment.paymentId, undefined, key('refund'))).toEqual({
      ok: true,
      refundedAmount: 1549,
    });
    expect(await subject.provider.status(payment.paymentId)).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: 1549,
    });
    expect(await eventOf(payment.reference, 'REFUND_FULL')).toBeDefined();
  });

  it('saves a card on its own and charges it without the shopper, once per key', async () => {
    const token = await savedCard(subject.cards.approved);
    expect(await subject.provider.token(token)).toMatchObject({
      tokenId: token,
      status: 'ACTIVE',
      method: 'creditcard',
      cardLast4: subject.cards.approved.slice(-4),
      cardBrand: 'visa',
      expiry: '12/39',
    });
    const request = charge(token);
    const first = await subject.provider.charge(request);
    expect(first).toMatchObject({ ok: true, status: 'AUTHORIZED' });
    expect(await subject.provider.charge(request)).toEqual(first);
    expect(await subject.provider.charge({ ...charge('pm_nobody'), token: 'tok_nobody' })).toEqual({
      ok: false,
      code: 'UNKNOWN_TOKEN',
    });
  });

  it('saves the card a shopper paid with, for later charges', async () => {
    const payment = await approved({ savePaymentMethod: true });
    const token = await waitFor(
      async () => (await subject.provider.status(payment.paymentId))?.token,
      'the saved card',
    );
    expect(await subject.provider.token(await token)).toMatchObject({
      status: 'ACTIVE',
      cardLast4: subject.cards.approved.slice(-4),
    });
    expect(await subject.provider.charge(charge(await token))).toMatchObject({
      ok: true,
      status: 'AUTHORIZED',
    });
  });

  it('refuses an off-session charge the bank wants authenticated, taking nothing', async () => {
    const token = await savedCard(subject.cards.alwaysAuthenticate);
    expect(await subject.provider.charge(charge(token))).toEqual({
      ok: false,
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('forgets a saved card for good', async () => {
    const token = await savedCard(subject.cards.approved);
    await subject.provider.deleteToken(token);
    await subject.provider.deleteToken(token);
    expect(await subject.provider.charge(charge(token))).toEqual({ ok: false, code: 'UNKNOWN_TOKEN' });
  });

  it('reads a webhook delivered twice as the same event, and refuses a forged one', async () => {
    const payment = await approved();
    await eventOf(payment.reference, 'AUTHORIZE');
    const sent = subject.webhooks().find((webhook) => webhook.body.includes(`"${payment.reference}"`));
    if (!sent) throw new Error('no webhook');
    const once = subject.provider.verifyWebhook(sent.body, sent.headers);
    expect(subject.provider.verifyWebhook(sent.body, sent.headers)).toEqual(once);
    const forged = sent.body.replace(payment.reference, key('ORD'));
    expect(subject.provider.verifyWebhook(forged, sent.headers)).toEqual({ kind: 'invalid-signature' });
    expect(subject.provider.verifyWebhook(sent.body, {})).toEqual({ kind: 'invalid-signature' });
  });

  it('tries again after a 5xx with the same key, and gives up after its retries', async () => {
    const start = request();
    subject.proxy.failNext(500);
    const first = await subject.provider.initiate(start);
    expect(first).toMatchObject({ ok: true });
    expect(await subject.provider.initiate(start)).toEqual(first);

    subject.proxy.failNext(503, 3);
    await expect(subject.provider.initiate(request())).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
  });

  it('after a time-out, its retry meets the payment the first try made', async () => {
    const start = request();
    subject.proxy.answerLate(TIMEOUT_MS * 3);
    const answer = await subject.provider.initiate(start);
    expect(answer).toMatchObject({ ok: true });
    expect(await subject.provider.initiate(start)).toEqual(answer);
  });
});
