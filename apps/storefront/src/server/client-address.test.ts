import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

const request = (from: string, headers: Record<string, string> = {}) =>
  ({
    socket: { remoteAddress: from },
    connection: { remoteAddress: from },
    headers,
  }) as unknown as IncomingMessage;

describe('the shopper’s address', () => {
  it('is the connection’s, whatever the browser says, where no proxy is trusted', () => {
    const addressOf = clientAddressOf({ NODE_ENV: 'production' });
    const forged = {
      'x-client-ip': '203.0.113.7',
      'x-forwarded-for': '203.0.113.8',
      cookie: 'CLIENT_IP=203.0.113.9',
    };
    expect(addressOf(request('198.51.100.4', forged))).toBe('198.51.100.4');
    expect(addressOf(request('127.0.0.1', forged))).toBe('127.0.0.1');
  });

  it('comes from X-Forwarded-For through trusted proxies only', () => {
    const addressOf = clientAddressOf({ TRUSTED_PROXIES: '10.0.0.0/8', NODE_ENV: 'production' });
    // The ingress at 10.0.0.2 saw 198.51.100.4, which claims to forward for 203.0.113.7.
    const chain = { 'x-forwarded-for': '203.0.113.7, 198.51.100.4' };
    expect(addressOf(request('10.0.0.2', chain))).toBe('198.51.100.4');
    expect(addressOf(request('10.0.0.2', { 'x-forwarded-for': '10.0.0.9, 10.0.0.3' }))).toBe('10.0.0.9');
    expect(addressOf(request('198.51.100.5', chain))).toBe('198.51.100.5');
  });

  it('trusts loopback by default in development', () => {
    const addressOf = clientAddressOf({});
    expect(addressOf(request('127.0.0.1', { 'x-forwarded-for': '198.18.0.7' }))).toBe('198.18.0.7');
    expect(addressOf(request('::1', { 'x-forwarded-for': '198.18.0.8' }))).toBe('198.18.0.8');
  });
});
