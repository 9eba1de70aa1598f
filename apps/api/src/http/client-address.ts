import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a connection from this address is one of the trusted proxies (the storefront among them). */
    trustsProxy(address: string): boolean;
  }
}

/** Whether an address is a trusted proxy's, as Fastify's `trustProxy` asks it (`hop` counts back from the connection). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The proxies whose word on the client's address the API takes (decision 0062), from `trustedProxyList`. */
export const proxyTrust = (trustedProxies: readonly string[]): ProxyTrust =>
  proxyAddr.compile([...trustedProxies]);

/** Lets {@link clientAddress} ask whether the connection is a trusted proxy's; `trust` is also Fastify's `trustProxy`. */
export function registerTrustedProxies(app: FastifyInstance, trust: ProxyTrust): void {
  app.decorate('trustsProxy', (address: string) => trust(address, 0));
}

/**
 * The shopper's address: the `X-CLIENT-IP` of a trusted proxy (the storefront) when it is an IP
 * address, else the connection's (through trusted proxies' `X-Forwarded-For`). A caller who is
 * not a trusted proxy cannot choose its own.
 */
export function clientAddress(request: FastifyRequest): string {
  const header = request.headers['x-client-ip'];
  const given = (Array.isArray(header) ? header[0] : header)?.trim();
  const peer = request.socket.remoteAddress ?? '';
  const fromProxy = given && isIP(given) && request.server.trustsProxy(peer) ? given : undefined;
  return normalizeIP(fromProxy ?? request.ip);
}
