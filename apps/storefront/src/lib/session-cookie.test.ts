import { describe, expect, it } from 'vitest';
import {
  endedSessionCookies,
  noticeCookie,
  sessionCall,
  sessionCookie,
  takeAccessToken,
} from './session-cookie';

const signedIn = {
  passwordNeedsRehash: false,
  accessToken: 'tok_0123456789abcdefghij',
  tokenType: 'Bearer',
  expiresAt: '2027-01-01T00:00:00.000Z',
  user: {
    userId: 'u1',
    userName: 'demo@funkfix.example',
    email: 'demo@funkfix.example',
    phoneNumber: null,
    firstname: null,
    lastname: null,
  },
  message: 'successfulAuthentication',
};

function opening(path: string) {
  const call = sessionCall('POST', path);
  if (call?.effect !== 'opens') throw new Error(`${path} opens no session`);
  return call;
}

describe('the calls that open or end the session', () => {
  it('are sign-in, the contact step of the checkout and sign-out, each by POST', () => {
    expect(sessionCall('POST', '/api/auth/authenticate')?.effect).toBe('opens');
    expect(sessionCall('POST', '/api/shop/rest/checkout-address')?.effect).toBe('opens');
    expect(sessionCall('POST', '/api/auth/signOut')?.effect).toBe('ends');
    expect(sessionCall('GET', '/api/auth/authenticate')).toBeUndefined();
    expect(sessionCall('POST', '/api/auth/register')).toBeUndefined();
  });
});

describe('takeAccessToken', () => {
  it('takes the token of a sign-in out of the answer the page gets, and keeps the rest as it came', () => {
    const { accessToken, forPage } = takeAccessToken(opening('/api/auth/authenticate'), {
      ...signedIn,
      extra: 1,
    });
    expect(accessToken).toBe(signedIn.accessToken);
    const { accessToken: _taken, ...rest } = signedIn;
    expect(forPage).toEqual({ ...rest, extra: 1 });
  });

  it('hands back a sign-in that needs a new password untouched: it opens no session', () => {
    const answer = {
      passwordNeedsRehash: true,
      passwordRecoveryToken: 'r'.repeat(40),
      message: 'passwordNeedsRehash',
    };
    expect(takeAccessToken(opening('/api/auth/authenticate'), answer)).toEqual({
      accessToken: undefined,
      forPage: answer,
    });
  });

  it('takes the session of an account created at checkout out of the contact step’s answer', () => {
    const call = opening('/api/shop/rest/checkout-address');
    expect(
      takeAccessToken(call, { nextStep: 'PAYMENT', authData: { accessToken: 'tok_0123456789abcdefghij' } }),
    ).toEqual({ accessToken: 'tok_0123456789abcdefghij', forPage: { nextStep: 'PAYMENT' } });
    expect(takeAccessToken(call, { nextStep: 'OTP', otpSentTo: '+49170***01' })).toEqual({
      accessToken: undefined,
      forPage: { nextStep: 'OTP', otpSentTo: '+49170***01' },
    });
  });

  it('leaves an answer that breaks the contract as it is', () => {
    expect(takeAccessToken(opening('/api/auth/authenticate'), { accessToken: 'x' })).toEqual({
      accessToken: undefined,
      forPage: { accessToken: 'x' },
    });
    expect(takeAccessToken(opening('/api/auth/authenticate'), undefined).accessToken).toBeUndefined();
  });
});

describe('the cookies', () => {
  it('keep the session for a year, out of reach of scripts, secure outside development', () => {
    expect(sessionCookie('tok', true)).toBe(
      'accessToken=tok; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
    expect(sessionCookie('tok', false)).toBe(
      'accessToken=tok; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('forget the session and the stored phone number at sign-out', () => {
    expect(endedSessionCookies(true)).toEqual([
      'accessToken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
      'phoneNumber=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
  });

  it('leave success messages for the next page, readable by its script for a minute', () => {
    expect(noticeCookie(['successfulLogout'], false)).toBe(
      'notice=successfulLogout; Max-Age=60; Path=/; SameSite=Strict',
    );
  });
});
