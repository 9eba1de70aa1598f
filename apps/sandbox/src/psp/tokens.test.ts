import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BASE_URL, RETURN_URL, type Sandbox, startReceiver, startSandbox } from './test-support';

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

const tokenBody = (overrides: Record<string, unknown> = {}) => ({
  merchantReference: 'customer-77',
  method: 'creditcard',
  returnUrl: RETURN_URL,
  tenantName: 'FunkFix Shop',
  ...overrides,
});

const card = (cardNumber: string) => ({ cardNumber, expiry: '07 / 31', cvc: '123' });

/** The shop's return URL with the token's id and status. */
function backToShop(tokenId: string, status: string): string {
  const url = new URL(RETURN_URL);
  url.searchParams.set('tokenId', tokenId);
  url.searchParams.set('status', status);
  return url.toString();
}

describe('POST /psp/tokens', () => {
  it('asks the shopper to save a payment method on a page of its own', async () => {
    const response = await sandbox.call('POST', '/psp/tokens', tokenBody(), { 'idempotency-key': 'save-1' });
    expect(response.status).toBe(201);
    const { tokenId } = response.json;
    expect(tokenId).toMatch(/^tok_[A-Za-z0-9_-]{16}$/);
    expect(response.json).toEqual({
      tokenId,
      status: 'PENDING',
      payerUrl: `${PUBLIC_BASE_URL}/psp/save/${tokenId}`,
    });
    expect(await sandbox.token(tokenId)).toEqual({
      tokenId,
      status: 'PENDING',
      method: 'creditcard',
      merchantReference: 'customer-77',
    });
  });

  it('is idempotent by key', async () => {
    const first = await sandbox.call('POST', '/psp/tokens', tokenBody(), { 'idempotency-key': 'save-2' });
    const again = await sandbox.call('POST', '/psp/tokens', tokenBody(), { 'idempotency-key': 'save-2' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const other = await sandbox.call('POST', '/psp/tokens', tokenBody({ method: 'paypal' }), {
      'idempotency-key': 'save-2',
    });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it.each([
    ['merchantReference', { merchantReference: '' }],
    ['method', { method: 'ideal' }],
    ['returnUrl', { returnUrl: 'shop.test/return' }],
    ['webhookUrl', { webhookUrl: 'nope' }],
    ['tenantName', { tenantName: undefined }],
    ['customerReference', { customerReference: 42 }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, overrides) => {
    const response = await sandbox.call('POST', '/psp/tokens', tokenBody(overrides), {
      'idempotency-key': `bad-${field}`,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('the save page', () => {
  it('shows the card form without an amount, with Approve, Decline and Cancel', async () => {
    const tokenId = await sandbox.createToken();
    const { status, text } = await sandbox.call('GET', `/psp/save/${tokenId}`);
    expect(status).toBe(200);
    expect(text).toContain('<h1>Save your card</h1>');
    expect(text).toContain('Nothing is charged now.');
    expect(text).not.toContain('class="amount"');
    expect(text).toContain('<label for="cardNumber">Card number</label>');
    expect(text).toContain(`<form class="step" method="post" action="/psp/save/${tokenId}/approve"`);
    expect(text).toContain('>Approve</button>');
    expect(text).toContain(`action="/psp/save/${tokenId}/decline"><button type="submit">Decline</button>`);
    expect(text).toContain(`action="/psp/save/${tokenId}/cancel"><button type="submit">Cancel</button>`);
  });

  it('shows a PayPal login for paypal', async () => {
    const tokenId = await sandbox.createToken({ method: 'paypal' });
    const { text } = await sandbox.call('GET', `/psp/save/${tokenId}`);
    expect(text).toContain('<h1>Save your PayPal account</h1>');
    expect(text).toContain('Log in to let FunkFix Shop charge your PayPal account later.');
    expect(text).toContain('type="password"');
  });

  it('answers 404 with a page for an unknown token', async () => {
    const response = await sandbox.call('GET', '/psp/save/tok_unknown');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<h1>Unknown request</h1>');
  });
});

describe('saving a payment method (HTTP twins)', () => {
  it('activates a card with its last digits, brand and expiry, and sends the shopper back', async () => {
    const tokenId = await sandbox.createToken();
    const response = await sandbox.actOnToken(tokenId, 'approve', card('5555 5555 5555 4444'));
    expect(response.json).toEqual({ redirectUrl: backToShop(tokenId, 'ACTIVE') });
    expect(await sandbox.token(tokenId)).toEqual({
      tokenId,
      status: 'ACTIVE',
      method: 'creditcard',
      merchantReference: 'customer-77',
      cardLast4: '4444',
      cardBrand: 'mastercard',
      expiry: '07/31',
    });
  });

  it('activates the approving test card for an empty approve', async () => {
    const tokenId = await sandbox.createToken();
    await sandbox.actOnToken(tokenId, 'approve');
    expect(await sandbox.token(tokenId)).toMatchObject({
      status: 'ACTIVE',
      cardLast4: '1111',
      cardBrand: 'visa',
      expiry: expect.stringMatching(/^12\/\d{2}$/),
    });
  });

  it('activates a PayPal account without card details, naming its payer', async () => {
    const tokenId = await sandbox.createToken({ method: 'paypal', customerReference: 'cust-9' });
    await sandbox.actOnToken(tokenId, 'approve', { paypalEmail: 'kim@example.test', paypalPassword: 'x' });
    expect(await sandbox.token(tokenId)).toEqual({
      tokenId,
      status: 'ACTIVE',
      method: 'paypal',
      merchantReference: 'customer-77',
      customerReference: 'cust-9',
      payerEmail: 'kim@example.test',
    });
    const unnamed = await sandbox.createToken({ method: 'paypal' });
    await sandbox.actOnToken(unnamed, 'approve');
    expect(await sandbox.token(unnamed)).toMatchObject({ payerEmail: 'buyer@example.com' });
  });

  it('declines the declining test card', async () => {
    const tokenId = await sandbox.createToken();
    const response = await sandbox.actOnToken(tokenId, 'approve', card('4000 0000 0000 0002'));
    expect(response.json).toEqual({ redirectUrl: backToShop(tokenId, 'DECLINED') });
    expect((await sandbox.token(tokenId)).status).toBe('DECLINED');
  });

  it('goes through 3-D Secure for the 3-D Secure test card', async () => {
    const passed = await sandbox.createToken();
    const asked = await sandbox.actOnToken(passed, 'approve', card('4000 0000 0000 3220'));
    expect(asked.json).toEqual({ redirectUrl: `${PUBLIC_BASE_URL}/psp/save/${passed}/3ds` });
    const page = await sandbox.call('GET', `/psp/save/${passed}/3ds`);
    expect(page.text).toContain('>Complete authentication</button>');
    expect(page.text).toMatch(/ending in\s+3220/);
    expect((await sandbox.actOnToken(passed, '3ds/complete')).json).toEqual({
      redirectUrl: backToShop(passed, 'ACTIVE'),
    });
    expect(await sandbox.token(passed)).toMatchObject({ status: 'ACTIVE', cardLast4: '3220' });

    const failed = await sandbox.createToken();
    await sandbox.actOnToken(failed, 'approve', card('4000 0000 0000 3220'));
    await sandbox.actOnToken(failed, '3ds/fail');
    expect((await sandbox.token(failed)).status).toBe('DECLINED');
  });

  it('declines and cancels on request, once', async () => {
    const declined = await sandbox.createToken();
    expect((await sandbox.actOnToken(declined, 'decline')).json).toEqual({
      redirectUrl: backToShop(declined, 'DECLINED'),
    });
    const cancelled = await sandbox.createToken();
    expect((await sandbox.actOnToken(cancelled, 'cancel')).json).toEqual({
      redirectUrl: backToShop(cancelled, 'CANCELLED'),
    });
    const again = await sandbox.actOnToken(cancelled, 'approve');
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('TOKEN_NOT_PENDING');
  });

  it('answers 409 AUTHENTICATION_NOT_REQUESTED and 404 UNKNOWN_TOKEN', async () => {
    const tokenId = await sandbox.createToken();
    expect((await sandbox.actOnToken(tokenId, '3ds/complete')).json.code).toBe(
      'AUTHENTICATION_NOT_REQUESTED',
    );
    const unknown = await sandbox.actOnToken('tok_unknown', 'approve');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('UNKNOWN_TOKEN');
  });

  it('redirects a form post with 303', async () => {
    const tokenId = await sandbox.createToken();
    const response = await sandbox.form(`/psp/save/${tokenId}/approve`, card('4111 1111 1111 1111'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(backToShop(tokenId, 'ACTIVE'));
  });
});

describe('GET and DELETE /psp/tokens/{id}', () => {
  it('deletes a token', async () => {
    const tokenId = await sandbox.createToken();
    await sandbox.actOnToken(tokenId, 'approve');
    const deleted = await sandbox.call('DELETE', `/psp/tokens/${tokenId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ tokenId, status: 'DELETED' });
    expect((await sandbox.token(tokenId)).status).toBe('DELETED');
    expect((await sandbox.call('DELETE', `/psp/tokens/${tokenId}`)).json.status).toBe('DELETED');
  });

  it('answers 404 UNKNOWN_TOKEN for an unknown token', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await sandbox.call(method, '/psp/tokens/tok_unknown');
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ code: 'UNKNOWN_TOKEN', message: expect.any(String) });
    }
  });
});

describe('tokens saved by a payment', () => {
  it('are real tokens with the card the shopper entered', async () => {
    const paymentId = await sandbox.createPayment({ savePaymentMethod: true, merchantReference: 'order-9' });
    await sandbox.act(paymentId, 'approve', card('4242 4242 4242 4242'));
    const { token } = await sandbox.status(paymentId);
    expect(await sandbox.token(token)).toEqual({
      tokenId: token,
      status: 'ACTIVE',
      method: 'creditcard',
      merchantReference: 'order-9',
      cardLast4: '4242',
      cardBrand: 'visa',
      expiry: '07/31',
    });
  });

  it('are saved on authorization with manual capture, and only once', async () => {
    const paymentId = await sandbox.createPayment({
      method: 'paypal',
      savePaymentMethod: true,
      captureMethod: 'manual',
    });
    await sandbox.act(paymentId, 'approve');
    const { token } = await sandbox.status(paymentId);
    expect(await sandbox.token(token)).toMatchObject({ status: 'ACTIVE', method: 'paypal' });
    await sandbox.operate(paymentId, 'capture');
    expect((await sandbox.status(paymentId)).token).toBe(token);
  });

  it('appear in the payment events', async () => {
    receiver = await startReceiver();
    const paymentId = await sandbox.createPayment({ savePaymentMethod: true, webhookUrl: receiver.url });
    await sandbox.act(paymentId, 'approve');
    const [webhook] = await receiver.waitFor(1);
    const event = JSON.parse(webhook?.body ?? '{}');
    expect(event).toMatchObject({ type: 'payment.captured', token: expect.stringMatching(/^tok_/) });
    expect(event.token).toBe((await sandbox.status(paymentId)).token);
  });
});

describe('token webhooks', () => {
  it('announce activation with the card, then declines and cancellations', async () => {
    receiver = await startReceiver();
    const activated = await sandbox.createToken({ webhookUrl: receiver.url, customerReference: 'cust-1' });
    await sandbox.actOnToken(activated, 'approve', card('4111 1111 1111 1111'));
    const [webhook] = await receiver.waitFor(1);
    expect(JSON.parse(webhook?.body ?? '{}')).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'token.activated',
      tokenId: activated,
      merchantReference: 'customer-77',
      customerReference: 'cust-1',
      status: 'ACTIVE',
      method: 'creditcard',
      cardLast4: '1111',
      cardBrand: 'visa',
      expiry: '07/31',
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const declined = await sandbox.createToken({ webhookUrl: receiver.url });
    await sandbox.actOnToken(declined, 'decline');
    const cancelled = await sandbox.createToken({ webhookUrl: receiver.url });
    await sandbox.actOnToken(cancelled, 'cancel');
    const events = (await receiver.waitFor(3)).slice(1).map((received) => JSON.parse(received.body));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'token.declined', tokenId: declined, status: 'DECLINED' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'token.cancelled', tokenId: cancelled, status: 'CANCELLED' }),
    );
  });
});
