import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BASE_URL, RETURN_URL, type Sandbox, startSandbox } from './test-support';
import { PAYMENT_METHODS } from './types';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** The return URL the shopper is sent back to, with the payment's id and status. */
function backToShop(paymentId: string, status: string): string {
  const url = new URL(RETURN_URL);
  url.searchParams.set('paymentId', paymentId);
  url.searchParams.set('status', status);
  return url.toString();
}

const FUTURE = '12/99';
const card = (cardNumber: string, expiry = FUTURE, cvc = '123') => ({ cardNumber, expiry, cvc });

describe('approve, decline and cancel (HTTP twins)', () => {
  const immediate = PAYMENT_METHODS.filter((method) => method !== 'pending');

  it.each(immediate)('approving a %s payment captures it and sends the shopper back', async (method) => {
    const paymentId = await sandbox.createPayment({ method });
    const response = await sandbox.act(paymentId, 'approve');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'CAPTURED') });
    expect(new URL(response.json.redirectUrl).searchParams.get('cart')).toBe('42');
    expect((await sandbox.status(paymentId)).status).toBe('CAPTURED');
  });

  it.each(PAYMENT_METHODS)('declining a %s payment declines it', async (method) => {
    const paymentId = await sandbox.createPayment({ method });
    const response = await sandbox.act(paymentId, 'decline');
    expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'DECLINED') });
    expect((await sandbox.status(paymentId)).status).toBe('DECLINED');
  });

  it.each(PAYMENT_METHODS)('cancelling a %s payment cancels it', async (method) => {
    const paymentId = await sandbox.createPayment({ method });
    const response = await sandbox.act(paymentId, 'cancel', {});
    expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'CANCELLED') });
    expect((await sandbox.status(paymentId)).status).toBe('CANCELLED');
  });

  it('keeps a payment of method pending PENDING for a while, then captures it', async () => {
    const paymentId = await sandbox.createPayment({ method: 'pending' });
    const response = await sandbox.act(paymentId, 'approve');
    expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'PENDING') });
    expect((await sandbox.status(paymentId)).status).toBe('PENDING');
    expect((await sandbox.act(paymentId, 'cancel')).status).toBe(409);
    await expect
      .poll(async () => (await sandbox.status(paymentId)).status, { timeout: 3_000 })
      .toBe('CAPTURED');
  });

  it('accepts a bank and a crypto currency from the fixed lists only', async () => {
    const ideal = await sandbox.createPayment({ method: 'ideal' });
    const badBank = await sandbox.act(ideal, 'approve', { bank: 'Bank of Nowhere' });
    expect(badBank.status).toBe(400);
    expect(badBank.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('bank') });
    expect((await sandbox.act(ideal, 'approve', { bank: 'SNS Regio Bank' })).status).toBe(200);

    const crypto = await sandbox.createPayment({ method: 'crypto' });
    expect((await sandbox.act(crypto, 'approve', { cryptoCurrency: 'DOGE' })).status).toBe(400);
    expect((await sandbox.act(crypto, 'approve', { cryptoCurrency: 'USDC' })).status).toBe(200);
  });

  it('answers 409 PAYMENT_NOT_PENDING to acting on a payment twice', async () => {
    const paymentId = await sandbox.createPayment({ method: 'paypal' });
    await sandbox.act(paymentId, 'approve');
    for (const action of ['approve', 'decline', 'cancel']) {
      const response = await sandbox.act(paymentId, action);
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ code: 'PAYMENT_NOT_PENDING', message: expect.any(String) });
    }
    expect((await sandbox.status(paymentId)).status).toBe('CAPTURED');
  });

  it('answers 404 UNKNOWN_PAYMENT to acting on an unknown payment', async () => {
    const response = await sandbox.act('pay_unknown', 'approve');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: 'UNKNOWN_PAYMENT', message: expect.any(String) });
  });

  it('answers 400 to a body that is not an object', async () => {
    const paymentId = await sandbox.createPayment();
    expect((await sandbox.act(paymentId, 'approve', ['4111111111111111'])).status).toBe(400);
  });
});

describe('test cards', () => {
  it('approves 4111 1111 1111 1111 (spaces optional)', async () => {
    for (const number of ['4111 1111 1111 1111', '4111111111111111']) {
      const paymentId = await sandbox.createPayment();
      const response = await sandbox.act(paymentId, 'approve', card(number));
      expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'CAPTURED') });
    }
  });

  it('declines 4000 0000 0000 0002', async () => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.act(paymentId, 'approve', card('4000 0000 0000 0002'));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ redirectUrl: backToShop(paymentId, 'DECLINED') });
    expect((await sandbox.status(paymentId)).status).toBe('DECLINED');
  });

  it('asks for 3-D Secure with 4000 0000 0000 3220; completing captures', async () => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.act(paymentId, 'approve', card('4000 0000 0000 3220'));
    expect(response.json).toEqual({ redirectUrl: `${PUBLIC_BASE_URL}/psp/pay/${paymentId}/3ds` });
    expect((await sandbox.status(paymentId)).status).toBe('PENDING');

    const page = await sandbox.call('GET', `/psp/pay/${paymentId}/3ds`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<button type="submit" class="primary">Complete authentication</button>');
    expect(page.text).toContain('<button type="submit">Fail authentication</button>');
    expect(page.text).toContain('ending in 3220');

    const completed = await sandbox.act(paymentId, '3ds/complete');
    expect(completed.json).toEqual({ redirectUrl: backToShop(paymentId, 'CAPTURED') });
    expect((await sandbox.status(paymentId)).status).toBe('CAPTURED');
    expect((await sandbox.act(paymentId, '3ds/complete')).status).toBe(409);
  });

  it('declines when 3-D Secure fails', async () => {
    const paymentId = await sandbox.createPayment();
    await sandbox.act(paymentId, 'approve', card('4000000000003220'));
    const failed = await sandbox.act(paymentId, '3ds/fail');
    expect(failed.json).toEqual({ redirectUrl: backToShop(paymentId, 'DECLINED') });
    expect((await sandbox.status(paymentId)).status).toBe('DECLINED');
  });

  it('answers 409 AUTHENTICATION_NOT_REQUESTED to 3-D Secure a payment did not ask for', async () => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.act(paymentId, '3ds/complete');
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('AUTHENTICATION_NOT_REQUESTED');
    expect((await sandbox.status(paymentId)).status).toBe('PENDING');
  });

  it.each([
    ['cardNumber', card('4111 1111 1111 1112')],
    ['cardNumber', { expiry: FUTURE, cvc: '123' }],
    ['expiry', card('4111111111111111', '01/20')],
    ['expiry', card('4111111111111111', '13/99')],
    ['expiry', { cardNumber: '4111111111111111', cvc: '123' }],
    ['cvc', card('4111111111111111', FUTURE, '12')],
    ['cvc', card('4111111111111111', FUTURE, 'abc')],
  ])('answers 400 VALIDATION_FAILED naming %s and leaves the payment pending', async (field, body) => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.act(paymentId, 'approve', body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
    expect((await sandbox.status(paymentId)).status).toBe('PENDING');
  });

  it('accepts the current month as expiry', async () => {
    const now = new Date();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    const paymentId = await sandbox.createPayment();
    expect((await sandbox.act(paymentId, 'approve', card('4111111111111111', expiry))).status).toBe(200);
  });

  it('saves the payment method as a token when asked to', async () => {
    const saving = await sandbox.createPayment({ savePaymentMethod: true });
    await sandbox.act(saving, 'approve', card('4111 1111 1111 1111'));
    expect((await sandbox.status(saving)).token).toMatch(/^tok_[A-Za-z0-9_-]+$/);

    const notSaving = await sandbox.createPayment();
    await sandbox.act(notSaving, 'approve');
    expect(await sandbox.status(notSaving)).not.toHaveProperty('token');

    const declined = await sandbox.createPayment({ savePaymentMethod: true });
    await sandbox.act(declined, 'approve', card('4000 0000 0000 0002'));
    expect(await sandbox.status(declined)).not.toHaveProperty('token');
  });
});

describe('form posts from the hosted page', () => {
  it('redirect with 303 to the return URL', async () => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.form(`/psp/pay/${paymentId}/approve`, card('4111 1111 1111 1111'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(backToShop(paymentId, 'CAPTURED'));
  });

  it('redirect with 303 through 3-D Secure', async () => {
    const paymentId = await sandbox.createPayment();
    const approve = await sandbox.form(`/psp/pay/${paymentId}/approve`, card('4000 0000 0000 3220'));
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(`${PUBLIC_BASE_URL}/psp/pay/${paymentId}/3ds`);
    const complete = await sandbox.form(`/psp/pay/${paymentId}/3ds/complete`);
    expect(complete.status).toBe(303);
    expect(complete.headers.get('location')).toBe(backToShop(paymentId, 'CAPTURED'));
  });

  it('redirect with 303 for an empty form (Cancel)', async () => {
    const paymentId = await sandbox.createPayment({ method: 'ideal' });
    const response = await sandbox.form(`/psp/pay/${paymentId}/cancel`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(backToShop(paymentId, 'CANCELLED'));
  });

  it('show the page again with the error next to the field', async () => {
    const paymentId = await sandbox.createPayment();
    const response = await sandbox.form(
      `/psp/pay/${paymentId}/approve`,
      card('4111 1111 1111 1111', '01/20'),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true" aria-describedby="expiry-error"');
    expect(html).toContain('value="4111 1111 1111 1111"');
    expect(html).not.toContain('value="123"');
  });

  it('show the payment as finished when it is no longer pending', async () => {
    const paymentId = await sandbox.createPayment();
    await sandbox.act(paymentId, 'cancel');
    const response = await sandbox.form(`/psp/pay/${paymentId}/approve`, card('4111111111111111'));
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain('This payment is cancelled.');
    expect(html).not.toContain('>Approve</button>');
  });
});
