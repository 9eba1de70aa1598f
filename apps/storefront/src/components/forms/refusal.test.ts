import { describe, expect, it } from 'vitest';
import { isSignedOut, refusalOf } from './refusal';

describe('a refusal of the API', () => {
  const fieldOf = (code: string | undefined) => (code === 'AUTHENTICATION_FAILED' ? 'password' : undefined);

  it('stands beside the field it is about, in the shop’s words', () => {
    expect(refusalOf('AUTHENTICATION_FAILED', fieldOf)).toEqual({
      kind: 'field',
      field: 'password',
      messageKey: 'incorrectCurrentPassword',
    });
  });

  it('is said for the whole form where it is about no field, a lost connection too', () => {
    expect(refusalOf('TOO_MANY_REQUESTS', fieldOf)).toEqual({ kind: 'form', messageKey: 'tooManyRequests' });
    expect(refusalOf(undefined, fieldOf)).toEqual({ kind: 'form', messageKey: 'generalErrorMessage' });
  });

  it('tells a session that ran out from a wrong current password', () => {
    expect(isSignedOut(401, 'AUTHORIZATION_REQUIRED')).toBe(true);
    expect(isSignedOut(401, 'AUTHENTICATION_FAILED')).toBe(false);
    expect(isSignedOut(409, 'CUSTOMER_DUPLICATION_ERROR')).toBe(false);
  });
});
