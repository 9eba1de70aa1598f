import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { apiHeaders, type ShopperSession } from './api-headers';

const blitzmobil = tenants().byId('blitzmobil');

function session(
  cookies: Record<string, string> = {},
  overrides: Partial<ShopperSession> = {},
): ShopperSession {
  return {
    tenant: blitzmobil,
    cookies: { get: (name) => (name in cookies ? { value: cookies[name] ?? '' } : undefined) },
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

const browserRequest = (headers: Record<string, string>) =>
  new Headers({ host: 'blitzmobil.localhost:3000', ...headers });

describe('the headers of a call to the API', () => {
  it('carry the common headers of spec §7 for a call of the storefront’s server', () => {
    const headers = apiHeaders(session());
    expect(Object.fromEntries(headers)).toEqual({
      'x-tenant-id': 'blitzmobil',
      'x-country': 'DE',
      'x-channel': 'web',
      'x-client-ip': '203.0.113.7',
    });
  });

  it('take the channel and country from the session’s cookies, never the client address', () => {
    const headers = apiHeaders(session({ channel: 'app', LOCALE: 'en-GB', CLIENT_IP: '198.51.100.2' }));
    expect(headers.get('x-channel')).toBe('app');
    expect(headers.get('x-country')).toBe('GB');
    expect(headers.get('x-client-ip')).toBe('203.0.113.7');
  });

  it('carry the signed-in shopper’s session as a Bearer token, unless the caller names its own', () => {
    const token = 'k3x9Q_session-token-of-the-shopper';
    expect(apiHeaders(session({ accessToken: token })).get('authorization')).toBe(`Bearer ${token}`);
    const own = apiHeaders(
      session({ accessToken: token }),
      browserRequest({ authorization: 'Bearer app-token-1234567890' }),
    );
    expect(own.get('authorization')).toBe('Bearer app-token-1234567890');
    expect(apiHeaders(session()).has('authorization')).toBe(false);
  });

  it('set the same channel whether the server calls or the proxy forwards the browser’s call', () => {
    const cookieJars: Record<string, string>[] = [{}, { channel: 'whatsapp' }];
    for (const cookies of cookieJars) {
      const own = apiHeaders(session(cookies));
      const forwarded = apiHeaders(session(cookies), browserRequest({ 'x-channel': 'ivr' }));
      expect(forwarded.get('x-channel')).toBe(own.get('x-channel'));
    }
  });

  it('pass on what the contract lets through from a forwarded call, and nothing the shop sets itself', () => {
    const headers = apiHeaders(
      session(),
      browserRequest({
        'content-type': 'application/json',
        'idempotency-key': 'add-4b1d5e7a',
        'x-tenant-id': 'ladeplatz',
        'x-country': 'FR',
        'x-client-ip': '192.0.2.1',
        cookie: 'cartName=abc',
        'x-forwarded-proto': 'https',
      }),
    );
    expect(Object.fromEntries(headers)).toEqual({
      'content-type': 'application/json',
      'idempotency-key': 'add-4b1d5e7a',
      'x-tenant-id': 'blitzmobil',
      'x-country': 'DE',
      'x-channel': 'web',
      'x-client-ip': '203.0.113.7',
      'x-forwarded-host': 'blitzmobil.localhost:3000',
      'x-forwarded-proto': 'https',
    });
  });

  it('name the tenant and country the caller names on the index host', () => {
    const headers = apiHeaders(
      session({}, { tenant: undefined, clientIp: undefined }),
      browserRequest({ host: 'localhost:3000', 'x-tenant-id': 'ladeplatz', 'x-country': 'de' }),
    );
    expect(headers.get('x-tenant-id')).toBe('ladeplatz');
    expect(headers.get('x-country')).toBe('DE');
    expect(headers.has('x-client-ip')).toBe(false);
  });
});
