import { describe, expect, it } from 'vitest';
import { ownPath, returnPath, withReturn } from './return-path';

describe('ownPath', () => {
  it('keeps a path of the shop with its query and fragment', () => {
    expect(ownPath('/shop/checkout/payment')).toBe('/shop/checkout/payment');
    expect(ownPath('/shop/checkout/result?cartName=c1&orderNumber=A-1')).toBe(
      '/shop/checkout/result?cartName=c1&orderNumber=A-1',
    );
    expect(ownPath('/shop#top')).toBe('/shop#top');
  });

  it('refuses everything that leaves the shop or that a browser could read as another host', () => {
    for (const value of [
      undefined,
      null,
      '',
      'shop',
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /shop',
    ]) {
      expect(ownPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('keeps an encoded slash encoded: it stays a path of the shop', () => {
    expect(ownPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('answers dot segments resolved, so `/..//host` cannot come back as `//host`', () => {
    expect(ownPath('/shop/../account')).toBe('/account');
    expect(ownPath('/..//evil.example')).toBeUndefined();
  });
});

describe('returnPath', () => {
  it('goes back to the page named, or to the fallback', () => {
    expect(returnPath('/shop/checkout/cart', '/shop')).toBe('/shop/checkout/cart');
    expect(returnPath(undefined, '/shop')).toBe('/shop');
    expect(returnPath('https://evil.example', '/shop')).toBe('/shop');
  });

  it('never goes back to a sign-in page', () => {
    expect(returnPath('/login', '/')).toBe('/');
    expect(returnPath('/login?redirect=/shop', '/')).toBe('/');
    expect(returnPath('/reset-password?userName=a', '/')).toBe('/');
    expect(returnPath('/loginhelp', '/')).toBe('/loginhelp');
  });
});

describe('withReturn', () => {
  it('adds the page to return to and the other query parameters', () => {
    expect(withReturn('/login', '/shop/checkout/payment')).toBe(
      '/login?redirect=%2Fshop%2Fcheckout%2Fpayment',
    );
    expect(withReturn('/reset-password', '/shop', { userName: 'a@b.example' })).toBe(
      '/reset-password?userName=a%40b.example&redirect=%2Fshop',
    );
    expect(withReturn('/login', undefined)).toBe('/login');
    expect(withReturn('/login', '/login')).toBe('/login');
    expect(withReturn('/login', '//evil.example')).toBe('/login');
  });
});
