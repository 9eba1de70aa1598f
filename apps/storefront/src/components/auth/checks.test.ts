import { describe, expect, it } from 'vitest';
import { accountCodeProblem, failureReference, fieldOf, newPasswordProblem, userNameProblem } from './checks';

describe('userNameProblem', () => {
  it('asks for an e-mail where accounts are e-mails', () => {
    expect(userNameProblem('', false)).toBe('userNameRequired');
    expect(userNameProblem('  ', false)).toBe('userNameRequired');
    expect(userNameProblem('demo@funkfix.example', false)).toBeUndefined();
    expect(userNameProblem(' Demo@Funkfix.example ', false)).toBeUndefined();
    expect(userNameProblem('+31612340108', false)).toBe('emailInvalid');
    expect(userNameProblem('demo@funkfix', false)).toBe('emailInvalid');
  });

  it('takes an e-mail or a mobile number where phone registration is allowed', () => {
    expect(userNameProblem('', true)).toBe('userNameOrPhoneRequired');
    expect(userNameProblem('+31612340108', true)).toBeUndefined();
    expect(userNameProblem('06 1234 0108', true)).toBeUndefined();
    expect(userNameProblem('demo@belwaarde.example', true)).toBeUndefined();
    expect(userNameProblem('demo@belwaarde', true)).toBe('invalidUserName');
    expect(userNameProblem('demo', true)).toBe('invalidUserName');
  });
});

describe('newPasswordProblem', () => {
  it('asks for 10 to 128 characters, counted as the shopper sees them', () => {
    expect(newPasswordProblem('123456789')).toBe('passwordTooShort');
    expect(newPasswordProblem('1234567890')).toBeUndefined();
    expect(newPasswordProblem('🔑'.repeat(9))).toBe('passwordTooShort');
    expect(newPasswordProblem('x'.repeat(129))).toBe('passwordTooLong');
  });
});

describe('accountCodeProblem', () => {
  it('takes six digits', () => {
    expect(accountCodeProblem('123456')).toBeUndefined();
    expect(accountCodeProblem('12345')).toBe('otpFormat');
    expect(accountCodeProblem('12345a')).toBe('otpFormat');
  });
});

describe('fieldOf', () => {
  it('puts each refusal next to the field it is about', () => {
    expect(fieldOf('CUSTOMER_DUPLICATION_ERROR')).toBe('userName');
    expect(fieldOf('INVALID_USER_NAME')).toBe('userName');
    expect(fieldOf('NotAuthorizedException')).toBe('password');
    expect(fieldOf('PASSWORD_TOO_COMMON')).toBe('password');
    expect(fieldOf('INVALID_VERIFICATION_CODE')).toBe('code');
    expect(fieldOf('TOO_MANY_REQUESTS')).toBeUndefined();
    expect(fieldOf(undefined)).toBeUndefined();
  });
});

describe('failureReference', () => {
  it('names the error code, else the status, else the lost connection', () => {
    expect(failureReference({ status: 429, code: 'TOO_MANY_REQUESTS' })).toBe('TOO_MANY_REQUESTS');
    expect(failureReference({ status: 502, code: undefined })).toBe('HTTP 502');
    expect(failureReference({ status: 0, code: undefined })).toBe('NETWORK');
  });
});
