import { describe, expect, it } from 'vitest';
import { alertDuration, MAX_VISIBLE_ALERTS, TOAST_DURATION_MS } from './alerts';
import { contrastRatio } from './contrast';
import {
  DomainError,
  ERROR_CATALOGUE,
  ERROR_MESSAGE_KEYS,
  ErrorCode,
  messageKeyFor,
  startPaymentMessageKey,
} from './errors';

describe('messageKeyFor (spec §8)', () => {
  it('maps source codes to their message keys', () => {
    expect(messageKeyFor('CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED')).toBe('cartAmountLimit');
    expect(messageKeyFor('NotAuthorizedException')).toBe('incorrectUsernameOrPassword');
    expect(messageKeyFor('UNKNOWN_CART')).toBe('UNKNOWN_CART');
  });
  it('maps the abuse limits beside spec §8 to their own message', () => {
    expect(messageKeyFor('TOO_MANY_REQUESTS')).toBe('tooManyRequests');
    expect(messageKeyFor('OTP_RESEND_TIME_LIMIT_RESTRICTION')).toBe('otpResendTimeLimit');
  });
  it('shows the general error for any other code, including inherited property names', () => {
    expect(messageKeyFor('SOMETHING_NEW')).toBe('generalErrorMessage');
    expect(messageKeyFor(undefined)).toBe('generalErrorMessage');
    expect(messageKeyFor('constructor')).toBe('generalErrorMessage');
  });
  it('lists every key once, the general error among them', () => {
    expect(new Set(ERROR_MESSAGE_KEYS).size).toBe(ERROR_MESSAGE_KEYS.length);
    expect(ERROR_MESSAGE_KEYS).toContain('generalErrorMessage');
  });
});

/** Spec §8 as written: each source code and the message key it shows. */
const SPEC_MESSAGE_KEYS = {
  DISALLOWED_PAYMENT_TOKEN_ID: 'usedPaymentTokenError',
  PAYMENT_TOKEN_ALREADY_EXISTS: 'paymentTokenAlreadyExistsError',
  PAYMENT_TOKEN_NOT_FOUND: 'paymentTokenNotFoundError',
  PAYMENT_TOKEN_STATUS_ERROR: 'paymentTokenStatusError',
  TOKEN_STATUS_CANCELED: 'tokenStatusCanceledError',
  UNKNOWN_PAYMENT_TOKEN_ID: 'unknownPaymentTokenError',
  AUTHORIZATION_REQUIRED: 'authorizationRequired',
  NotAuthorizedException: 'incorrectUsernameOrPassword',
  CUSTOMER_DUPLICATION_ERROR: 'usernameExists',
  AUTHENTICATION_FAILED: 'incorrectCurrentPassword',
  EXISTING_LOW_BALANCE_TOPUP: 'existingLowBalanceTopup',
  ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER: 'smsTopupAlreadyExists',
  CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED: 'productAmountLimit',
  CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED: 'productQuantityLimit',
  CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED: 'cartAmountLimit',
  CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED: 'cartQuantityLimit',
  UNAVAILABLE_COUNTRY: 'unavailableCountry',
  LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING: 'lowBalanceAmountOrTariffEnabledMissing',
  UNKNOWN_CART: 'UNKNOWN_CART',
  VOUCHER_TOKEN_INVALID: 'invalidVoucherCode',
  PAYMENT_METHOD_IS_NOT_AVAILABLE: 'paymentMethodIsNotAvailable',
  START_PAYMENT_ERROR: 'startPaymentError',
  PAYMENT_TOKEN_LIMIT_IS_REACHED: 'paymentTokenLimitIsReached',
  OTP_RESEND_TIME_LIMIT_RESTRICTION: 'otpResendTimeLimit',
  UNABLE_QUERY_AUTO_TOPUP_LIGHT: 'unableQueryAutoTopupLight',
  // Named by spec §8 without a message of their own.
  CUSTOMER_NOT_FOUND: 'generalErrorMessage',
  VALIDATION_FAILED: 'generalErrorMessage',
};

describe('the error catalogue', () => {
  const entries = Object.entries(ERROR_CATALOGUE);

  it('holds every code of spec §8 with the message key the spec gives it', () => {
    for (const [code, key] of Object.entries(SPEC_MESSAGE_KEYS)) {
      expect(ERROR_CATALOGUE, code).toHaveProperty(code);
      expect(messageKeyFor(code), code).toBe(key);
    }
  });

  it('answers every code with a 4xx or 5xx status, and any second status too', () => {
    for (const [code, entry] of entries) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      if ('otherStatus' in entry) {
        expect(entry.otherStatus, code).toBeGreaterThanOrEqual(400);
        expect(entry.otherStatus, code).not.toBe(entry.status);
      }
    }
  });

  it('lists the message key of every code among the error message keys', () => {
    for (const [code, entry] of entries) {
      expect(ERROR_MESSAGE_KEYS, code).toContain(entry.messageKey);
      expect(messageKeyFor(code), code).toBe(entry.messageKey);
    }
  });

  it('names every code by itself', () => {
    for (const [code] of entries) expect(ErrorCode[code as ErrorCode]).toBe(code);
  });
});

describe('startPaymentMessageKey (spec §8 rules)', () => {
  it('shows the longer start-payment text for a failed start, the table for any other code', () => {
    expect(startPaymentMessageKey('START_PAYMENT_ERROR')).toBe('startPaymentErrorMessage');
    expect(ERROR_MESSAGE_KEYS).toContain('startPaymentErrorMessage');
    expect(startPaymentMessageKey('PAYMENT_METHOD_IS_NOT_AVAILABLE')).toBe('paymentMethodIsNotAvailable');
    expect(startPaymentMessageKey('PAYMENT_REFUSED')).toBe('paymentRefused');
    expect(startPaymentMessageKey(undefined)).toBe('generalErrorMessage');
  });
});

describe('DomainError', () => {
  it('carries its code, message and what the HTTP layer needs beyond them', () => {
    const error = new DomainError('TOO_MANY_REQUESTS', 'Too many requests', { retryAfterSeconds: 30 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
    expect(error.options.retryAfterSeconds).toBe(30);
  });
});

describe('alertDuration (spec §4, §9)', () => {
  it('keeps errors until closed, also when no severity is given', () => {
    expect(alertDuration({ messageKey: 'cartAmountLimit', severity: 'error' })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(alertDuration({ messageKey: 'cartAmountLimit' })).toBe(Number.POSITIVE_INFINITY);
  });
  it('hides the general error and every other alert after 5000 ms', () => {
    expect(alertDuration({ messageKey: 'generalErrorMessage' })).toBe(5000);
    expect(alertDuration({ messageKey: 'successfulDelete', severity: 'success' })).toBe(TOAST_DURATION_MS);
    expect(MAX_VISIBLE_ALERTS).toBe(3);
  });
});

describe('contrastRatio', () => {
  it('answers 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
  it('matches the WCAG reference value for #767676 on white', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
