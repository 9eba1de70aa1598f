import { describe, expect, it } from 'vitest';
import { unconsentedCookieRemovals } from './unconsented-cookies';

describe('cookies kept without consent', () => {
  it('are removed, on the host and on the tenant domain; necessary ones stay', () => {
    expect(
      unconsentedCookieRemovals(['cartName', 'analyticsClientId', '_ga', 'cookieConsent'], 'funkfix.de'),
    ).toEqual([
      'analyticsClientId=; Max-Age=0; Path=/',
      'analyticsClientId=; Max-Age=0; Path=/; Domain=funkfix.de',
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=funkfix.de',
    ]);
  });

  it('are removed on the host alone where there is no domain to name (development)', () => {
    expect(unconsentedCookieRemovals(['analyticsSessionId', 'LOCALE'], undefined)).toEqual([
      'analyticsSessionId=; Max-Age=0; Path=/',
    ]);
  });
});
