import { describe, expect, it } from 'vitest';
import { accountProblemOf, openCodeSentAt, paymentStart } from './checkout-flow';

describe('a refusal of the account asked for while paying', () => {
  it('stands beside the e-mail or the password', () => {
    expect(accountProblemOf('CUSTOMER_DUPLICATION_ERROR')).toEqual({
      field: 'email',
      messageKey: 'usernameExists',
    });
    expect(accountProblemOf('PASSWORD_TOO_SHORT')).toEqual({
      field: 'password',
      messageKey: 'passwordTooShort',
    });
  });

  it('is no account problem where it is about something else', () => {
    expect(accountProblemOf('UNKNOWN_CART')).toBeUndefined();
    expect(accountProblemOf(undefined)).toBeUndefined();
  });
});

describe('the code still open after a new one was refused', () => {
  const now = 1_000_000;

  it('counts the wait the server names, so that the dialog offers a new code when it allows', () => {
    expect(openCodeSentAt(20, undefined, now)).toBe(now - 40_000);
  });

  it('is the last code sent here where the server names no wait', () => {
    expect(openCodeSentAt(undefined, now - 5_000, now)).toBe(now - 5_000);
    expect(openCodeSentAt(undefined, undefined, now)).toBe(now);
  });

  it('is none after a longer wait: the limits of codes refused', () => {
    expect(openCodeSentAt(600, now - 5_000, now)).toBeUndefined();
  });
});

describe('starting a payment', () => {
  const card = { email: 'kim@example.com', paymentMethod: 'creditcard', savePayment: true };

  it('sends the method, whether to keep it and the device id', () => {
    expect(paymentStart('cart-1', card, 'device-1', undefined)).toEqual({
      cartName: 'cart-1',
      paymentMethod: 'creditcard',
      savePayment: true,
      deviceId: 'device-1',
    });
  });

  it('sends PayPal’s FraudNet session and a saved method’s token', () => {
    const saved = { ...card, paymentMethod: 'paypal', savePayment: false, paymentTokenId: 'tok-1' };
    expect(paymentStart('cart-1', saved, undefined, 'fraudnet-1')).toEqual({
      cartName: 'cart-1',
      paymentMethod: 'paypal',
      savePayment: false,
      paymentTokenId: 'tok-1',
      fraudnetSessionId: 'fraudnet-1',
    });
  });
});
