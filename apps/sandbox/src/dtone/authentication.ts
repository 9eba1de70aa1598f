import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

/** DT One's auth: HTTP Basic with the API key as user and the API secret as password. */
export interface Credentials {
  key: string;
  secret: string;
}

/** Throws DT One's 401 (1000401) unless the request carries exactly these credentials. */
export function authenticate(request: FastifyRequest, credentials: Credentials): void {
  const [scheme = '', encoded = ''] = (request.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme.toLowerCase() !== 'basic') throw unauthorized();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized();
  if (decoded.slice(0, colon) !== credentials.key || decoded.slice(colon + 1) !== credentials.secret) {
    throw unauthorized();
  }
}
