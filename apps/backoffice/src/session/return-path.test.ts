import { describe, expect, it } from 'vitest';
import { returnPath, signInPath } from './return-path';

describe('returnPath', () => {
  it('returns to the page asked for, with its query', () => {
    expect(returnPath('/orders/FUN-1234ABCD')).toBe('/orders/FUN-1234ABCD');
    expect(returnPath('/orders?q=0170&offset=20')).toBe('/orders?q=0170&offset=20');
  });

  it('has none for anything but a page of the back office', () => {
    for (const asked of [
      null,
      undefined,
      '',
      '/',
      'orders',
      'https://evil.example/',
      '//evil.example',
      '/\\evil',
    ])
      expect(returnPath(asked)).toBeUndefined();
  });

  it('never returns to the sign-in page', () => {
    expect(returnPath('/sign-in')).toBeUndefined();
    expect(returnPath('/sign-in?returnTo=/audit')).toBeUndefined();
    expect(returnPath('/sign-in-help')).toBe('/sign-in-help');
  });
});

describe('signInPath', () => {
  it('names the page to come back to, which returnPath reads back', () => {
    expect(signInPath('/orders?q=0170 1234')).toBe('/sign-in?returnTo=%2Forders%3Fq%3D0170+1234');
    const query = new URLSearchParams(signInPath('/audit?offset=20').split('?')[1]);
    expect(returnPath(query.get('returnTo'))).toBe('/audit?offset=20');
  });

  it('needs none for the start page', () => {
    expect(signInPath('/')).toBe('/sign-in');
  });
});
