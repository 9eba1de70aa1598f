import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust, registerTrustedProxies } from './client-address';

describe('the client address', () => {
  it('is the X-CLIENT-IP of a trusted proxy, else the connection’s', async () => {
    const trust = proxyTrust(['loopback', '10.1.0.0/16']);
    const app = Fastify({ trustProxy: trust });
    registerTrustedProxies(app, trust);
    app.get('/who', async (request) => clientAddress(request));
    const who = async (from: string, headers: Record<string, string> = {}) =>
      (await app.inject({ url: '/who', remoteAddress: from, headers })).body;
    expect(await who('127.0.0.1', { 'x-client-ip': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await who('10.1.2.3', { 'x-client-ip': '2001:db8:1:2:3:4:5:6' })).toBe('2001:db8:1:2::');
    expect(await who('127.0.0.1', { 'x-client-ip': 'not an address' })).toBe('127.0.0.1');
    expect(await who('127.0.0.1')).toBe('127.0.0.1');
    // A caller that is no trusted proxy cannot choose its address, by either header.
    expect(await who('198.51.100.9', { 'x-client-ip': '203.0.113.7' })).toBe('198.51.100.9');
    expect(await who('198.51.100.9', { 'x-forwarded-for': '203.0.113.7' })).toBe('198.51.100.9');
    // A trusted proxy's X-Forwarded-For names the client when no X-CLIENT-IP does.
    expect(await who('10.1.2.3', { 'x-forwarded-for': '203.0.113.8' })).toBe('203.0.113.8');
    await app.close();
  });
});
