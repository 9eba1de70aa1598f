import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, guestAddress } from './checkout-support';

const api = apiForFile();
const client = checkoutClient(api);

let numbers = 0;
/** A fresh funkfix number per test, so outbox look-ups see only that test's messages. */
function freshNumber(): string {
  numbers += 1;
  return `+4917012${String(300000 + numbers).padStart(6, '0')}`;
}

const address = (tenant: string, cartName: string, deliveryAddress: object, extra: object = {}) =>
  client.call('POST', '/api/shop/rest/checkout-address', tenant, {
    cartName,
    deliveryAddress,
    language: 'de',
    ...extra,
  });

const smsTo = (msisdn: string) => api.sandbox.client.outbox(msisdn);

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

const onceOffCart = (phoneNumber: string) =>
  client.newCart('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber }]);

/** A guest who keeps the payment method for later confirms the number by a one-time code. */
const savingAddress = (cartName: string, phone: string) =>
  address('funkfix', cartName, guestAddress({ phoneNumber: phone }), { savePayment: true });

describe('checkout-address', () => {
  it('a once-off top-up goes straight to payment; "N/A" fields are not kept as values', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    const { status, body } = await address('funkfix', cartName, guestAddress());
    expect(status).toBe(200);
    expect(body).toEqual({ nextStep: 'PAYMENT' });
  });

  it('a guest keeping the card confirms the number: OTP by SMS, in the page language', async () => {
    const phone = freshNumber();
    const cartName = await onceOffCart(phone);
    const { status, body } = await savingAddress(cartName, phone);
    expect(status).toBe(200);
    expect(body.nextStep).toBe('OTP');
    expect(body.otpSentTo).toMatch(/^\+49•+\d{4}$/);
    expect(body.otpSentTo.endsWith(phone.slice(-4))).toBe(true);
    const [sms] = await smsTo(phone);
    expect(sms?.text).toContain('FunkFix');
    expect(sms?.text).toContain('Bestätigungscode');
    expect(codeIn(sms?.text ?? '')).toBeDefined();
  });

  it('saving the payment method asks for the code too, using the top-up number when no contact number is given', async () => {
    const phone = freshNumber();
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: phone },
    ]);
    const { body } = await address('funkfix', cartName, guestAddress(), { savePayment: true });
    // The once-off item is no automatic or SMS top-up: no number to confirm but the contact's.
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const withPhone = await address('funkfix', cartName, guestAddress({ phoneNumber: phone }), {
      savePayment: true,
    });
    expect(withPhone.body.nextStep).toBe('OTP');
  });

  it('refuses bad input with field-named VALIDATION_FAILED, an unknown cart with UNKNOWN_CART', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    const cases: [object, string][] = [
      [{ cartName, deliveryAddress: guestAddress({ email: 'not-an-email' }) }, 'VALIDATION_FAILED'],
      [{ cartName, deliveryAddress: guestAddress({ phoneNumber: '12' }) }, 'VALIDATION_FAILED'],
      [{ cartName }, 'VALIDATION_FAILED'],
      [{ cartName, deliveryAddress: guestAddress(), language: 'xx' }, 'VALIDATION_FAILED'],
      [{ cartName, deliveryAddress: guestAddress(), extra: 1 }, 'VALIDATION_FAILED'],
      [{ cartName: 'x'.repeat(24), deliveryAddress: guestAddress() }, 'UNKNOWN_CART'],
    ];
    for (const [body, code] of cases) {
      const answer = await client.call('POST', '/api/shop/rest/checkout-address', 'funkfix', body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
    }
    const otherTenant = await address('blitzmobil', cartName, guestAddress());
    expect(otherTenant.body.code).toBe('UNKNOWN_CART');
  });
});

describe('the one-time code', () => {
  it('wrong code → INVALID_OTP; payment refused until the right code; then payment starts', async () => {
    const phone = freshNumber();
    const cartName = await onceOffCart(phone);
    await savingAddress(cartName, phone);
    const code = codeIn((await smsTo(phone))[0]?.text ?? '') as string;

    const early = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    expect(early).toMatchObject({ status: 403, body: { code: 'OTP_REQUIRED' } });

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', {
      cartName,
      otp: wrong,
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_OTP' } });

    const ok = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', { cartName, otp: code });
    expect(ok).toMatchObject({ status: 200, body: { verified: true } });
    const again = await address('funkfix', cartName, guestAddress({ phoneNumber: phone }));
    expect(again.body.nextStep).toBe('PAYMENT');

    const payment = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  });

  it('a new code within 60 s → OTP_RESEND_TIME_LIMIT_RESTRICTION, and no second SMS', async () => {
    const phone = freshNumber();
    const cartName = await onceOffCart(phone);
    await savingAddress(cartName, phone);
    const again = await savingAddress(cartName, phone);
    expect(again).toMatchObject({ status: 429, body: { code: 'OTP_RESEND_TIME_LIMIT_RESTRICTION' } });
    const resend = await client.call('POST', '/api/shop/rest/resend-otp', 'funkfix', { cartName });
    expect(resend).toMatchObject({ status: 429, body: { code: 'OTP_RESEND_TIME_LIMIT_RESTRICTION' } });
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it('after five wrong codes the code is dead: even the right one → OTP_EXPIRED', async () => {
    const phone = freshNumber();
    const cartName = await onceOffCart(phone);
    await savingAddress(cartName, phone);
    const code = codeIn((await smsTo(phone))[0]?.text ?? '') as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let tries = 0; tries < 5; tries += 1) {
      const answer = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', {
        cartName,
        otp: wrong,
      });
      expect(answer.body.code).toBe('INVALID_OTP');
    }
    const late = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', { cartName, otp: code });
    expect(late).toMatchObject({ status: 410, body: { code: 'OTP_EXPIRED' } });
  });

  it('validate-otp without a code sent → OTP_NOT_REQUESTED; malformed → VALIDATION_FAILED', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    const none = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', {
      cartName,
      otp: '123456',
    });
    expect(none).toMatchObject({ status: 409, body: { code: 'OTP_NOT_REQUESTED' } });
    const malformed = await client.call('POST', '/api/shop/rest/validate-otp', 'funkfix', { cartName });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('start-payment input', () => {
  it('answers each bad input with its code', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    const belwaarde = await client.newCart('belwaarde', [
      { productId: 'belwaarde-topup-1500', phoneNumber: '+31612345678' },
    ]);
    const cases: [string, object, number, string][] = [
      ['funkfix', { cartName, paymentMethod: 'ideal' }, 400, 'PAYMENT_METHOD_IS_NOT_AVAILABLE'],
      ['funkfix', { cartName, paymentMethod: 'bitcoin-cash' }, 400, 'PAYMENT_METHOD_IS_NOT_AVAILABLE'],
      ['funkfix', { cartName }, 400, 'VALIDATION_FAILED'],
      ['funkfix', { cartName, paymentMethod: 'creditcard', savePayment: 'yes' }, 400, 'VALIDATION_FAILED'],
      ['funkfix', { cartName, paymentMethod: 'creditcard', amount: 1 }, 400, 'VALIDATION_FAILED'],
      [
        'belwaarde',
        { cartName: belwaarde, paymentMethod: 'ideal', additionalData: { ideal: { issuerId: 'NOPE' } } },
        400,
        'VALIDATION_FAILED',
      ],
      ['funkfix', { cartName: 'y'.repeat(24), paymentMethod: 'creditcard' }, 404, 'UNKNOWN_CART'],
      ['blitzmobil', { cartName, paymentMethod: 'creditcard' }, 404, 'UNKNOWN_CART'],
    ];
    for (const [tenant, body, status, code] of cases) {
      const answer = await client.startPayment(tenant, body as Record<string, unknown>);
      expect({ status: answer.status, code: answer.body.code }, JSON.stringify(body)).toEqual({
        status,
        code,
      });
    }
    const apple = await client.call('POST', '/api/shop/rest/checkout-start-apple-payment', 'funkfix', {
      cartName,
      paymentMethod: 'applepay',
    });
    expect(apple).toMatchObject({ status: 400, body: { code: 'PAYMENT_METHOD_IS_NOT_AVAILABLE' } });
  });

  it('an unreachable provider → 502 START_PAYMENT_ERROR; the order waits for a retry, nothing taken', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    await api.sandbox.app.close();
    const down = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    expect(down).toMatchObject({ status: 502, body: { code: 'START_PAYMENT_ERROR' } });
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.cartName, cartName));
    expect(order?.status).toBe('paymentInit');
    const [payment] = await api.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, order?.id ?? ''));
    expect(payment).toMatchObject({ state: 'INITIATED', attempt: 1, providerPaymentId: null });
  });
});

describe('orders without a payment', () => {
  it('a cash-code cart needs no payment: 201 with an order number, the same one twice', async () => {
    const cartName = await client.newCart('callhome', [
      { productId: 'callhome-cash-code', amount: 1000, phoneNumber: '+445600123456', cashCode: '1234567890' },
    ]);
    const first = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.orderNumber).toMatch(/^CAL-/);
    const second = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName });
    expect(second).toMatchObject({ status: 201, body: { orderNumber: first.body.orderNumber } });
    const pay = await client.startPayment('callhome', { cartName, paymentMethod: 'creditcard' });
    expect(pay).toMatchObject({ status: 409, body: { code: 'PAYMENT_NOT_REQUIRED' } });
  });

  it('a paid cart cannot skip payment: PAYMENT_REQUIRED; an unknown order → UNKNOWN_ORDER', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: freshNumber() },
    ]);
    const order = await client.call('POST', '/api/shop/rest/orders', 'funkfix', { cartName });
    expect(order).toMatchObject({ status: 409, body: { code: 'PAYMENT_REQUIRED' } });
    const unknown = await client.order('funkfix', 'FUN-00000000', cartName);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_ORDER' } });
    const malformed = await client.call('GET', '/api/shop/rest/orders/nope?cartName=short', 'funkfix');
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});
