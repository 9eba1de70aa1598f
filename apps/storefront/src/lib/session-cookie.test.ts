import { describe, expect, it } from 'vitest';
import { endedSessionCookies, noticeCookie, sessionCall, sessionCookie } from './session-cookie';

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
  it('are sign-in, single sign-on, the contact step of the checkout and sign-out, each by POST', () => {
    expect(sessionCall('POST', '/api/auth/authenticate')?.effect).toBe('opens');
    expect(sessionCall('POST', '/api/auth/ssoAuthenticate')?.effect).toBe('opens');
    expect(sessionCall('POST', '/api/shop/rest/checkout-address')?.effect).toBe('opens');
    expect(sessionCall('POST', '/api/auth/signOut')).toEqual({ effect: 'ends' });
    expect(sessionCall('POST', '/api/shop/rest/account/delete')).toEqual({
      effect: 'ends',
      onlyOnSuccess: true,
    });
    expect(sessionCall('GET', '/api/auth/authenticate')).toBeUndefined();
    expect(sessionCall('POST', '/api/auth/register')).toBeUndefined();
  });
});

describe('the token a call opens a session with', () => {
  it('is the access token of a sign-in, by password, code or single sign-on', () => {
    expect(opening('/api/auth/authenticate').token(signedIn)).toBe(signedIn.accessToken);
    expect(opening('/api/auth/ssoAuthenticate').token(signedIn)).toBe(signedIn.accessToken);
  });

  it('is none for a sign-in that needs a new password: it opens no session', () => {
    const answer = {
      passwordNeedsRehash: true,
      passwordRecoveryToken: 'r'.repeat(40),
      message: 'passwordNeedsRehash',
    };
    expect(opening('/api/auth/authenticate').token(answer)).toBeUndefined();
  });

  it('is the session of an account created at checkout, from the contact step’s authData', () => {
    const call = opening('/api/shop/rest/checkout-address');
    const authData = { accessToken: 'tok_0123456789abcdefghij', expiresAt: '2027-11-24T00:00:00.000Z' };
    expect(call.token({ nextStep: 'PAYMENT', authData })).toBe(authData.accessToken);
    expect(call.token({ nextStep: 'OTP', otpSentTo: '+49170***01' })).toBeUndefined();
  });

  it('is none for an answer that breaks the contract', () => {
    expect(opening('/api/auth/authenticate').token({ accessToken: 'x' })).toBeUndefined();
    expect(opening('/api/auth/authenticate').token(undefined)).toBeUndefined();
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
