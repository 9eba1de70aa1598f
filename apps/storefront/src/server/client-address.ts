import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { trustedProxyList } from '@shop/domain';
import { CLIENT_ADDRESS_HEADER } from '../lib/client-address-header';

/**
 * The shopper's address as the connection shows it: the socket's, or, where the socket is a
 * trusted proxy's (`TRUSTED_PROXIES`), the nearest address in `X-Forwarded-For` that is not.
 */
export function clientAddressOf(env: {
  TRUSTED_PROXIES?: string;
  NODE_ENV?: string;
}): (request: IncomingMessage) => string {
  const trust = proxyAddr.compile(trustedProxyList(env.TRUSTED_PROXIES, env.NODE_ENV));
  return (request) => proxyAddr(request, trust);
}

/** Writes the shopper's address into the request before anything in the storefront reads it. */
export function stampClientAddress(request: IncomingMessage, address: string): void {
  request.headers[CLIENT_ADDRESS_HEADER] = address;
}
