import { describe, expect, it } from 'vitest';
import { alertDuration, MAX_VISIBLE_ALERTS, TOAST_DURATION_MS } from './alerts';
import { contrastRatio } from './contrast';
import { ERROR_MESSAGE_KEYS, messageKeyFor } from './errors';

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
