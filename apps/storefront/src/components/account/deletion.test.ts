import { describe, expect, it } from 'vitest';
import { deletionProblem, deletionRefusal } from './deletion';

describe('deletionProblem', () => {
  it('asks for a password, and for the six digits of a code', () => {
    expect(deletionProblem('password', '')).toBe('privacyPasswordRequired');
    expect(deletionProblem('password', ' ')).toBeUndefined();
    expect(deletionProblem('code', '')).toBe('otpFormat');
    expect(deletionProblem('code', '12345')).toBe('otpFormat');
    expect(deletionProblem('code', '123456')).toBeUndefined();
  });
});

describe('deletionRefusal', () => {
  it('puts a wrong password or code beside its field', () => {
    expect(deletionRefusal(401, 'AUTHENTICATION_FAILED')).toEqual({
      kind: 'field',
      proof: 'password',
      messageKey: 'incorrectCurrentPassword',
    });
    expect(deletionRefusal(400, 'INVALID_VERIFICATION_CODE')).toEqual({
      kind: 'field',
      proof: 'code',
      messageKey: 'invalidVerificationCode',
    });
  });

  it('sends a shopper whose session is gone to sign in again', () => {
    expect(deletionRefusal(401, 'AUTHORIZATION_REQUIRED')).toEqual({ kind: 'signedOut' });
    expect(deletionRefusal(401, undefined)).toEqual({ kind: 'signedOut' });
  });

  it('explains an order still being delivered, and says anything else under the form', () => {
    expect(deletionRefusal(409, 'ACCOUNT_HAS_OPEN_ORDERS')).toEqual({
      kind: 'form',
      messageKeys: ['accountHasOpenOrders', 'privacyOpenOrdersExplained'],
    });
    expect(deletionRefusal(429, 'TOO_MANY_REQUESTS')).toEqual({
      kind: 'form',
      messageKeys: ['tooManyRequests'],
    });
    expect(deletionRefusal(0, undefined)).toEqual({ kind: 'form', messageKeys: ['generalErrorMessage'] });
  });
});
