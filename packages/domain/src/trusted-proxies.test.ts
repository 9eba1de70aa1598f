import { describe, expect, it } from 'vitest';
import { trustedProxyList } from './trusted-proxies';

describe('the trusted proxies', () => {
  it('are loopback by default outside production and none in it', () => {
    expect(trustedProxyList(undefined, undefined)).toEqual(['loopback']);
    expect(trustedProxyList(' ', 'development')).toEqual(['loopback']);
    expect(trustedProxyList(undefined, 'production')).toEqual([]);
  });

  it('are the listed ones when set, or none', () => {
    expect(trustedProxyList('10.0.0.0/8, 192.168.1.7 loopback', 'production')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
    expect(trustedProxyList('none', 'development')).toEqual([]);
  });
});
