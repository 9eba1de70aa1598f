import type { Database } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import { type Customer, customerOfSession } from '../accounts/sessions';

/** The token of `Authorization: Bearer {token}`, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([\w-]{20,128})\s*$/i);
  return match?.[1];
}

export interface SignedIn {
  customer: Customer;
  /** The hash of the session's token: the session to keep when others end. */
  sessionHash: string;
  token: string;
}

/**
 * The signed-in account of the request on its tenant, or undefined for a guest (or a dead session).
 * A tenant without accounts knows only the sessions its phone app opens (decision 0050).
 */
export async function signedInOrGuest(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<SignedIn | undefined> {
  const token = bearerToken(request);
  const { tenant } = request;
  if (!token || (tenant.flags.isAuthDisabled && !tenant.flags.hasMobileAppFlow)) return undefined;
  const session = await customerOfSession(db, tenant.shopId, token, now);
  if (!session || (tenant.flags.isAuthDisabled && session.method !== 'app')) return undefined;
  return { customer: session.customer, sessionHash: session.tokenHash, token };
}

/** The signed-in account of the request, or AUTHORIZATION_REQUIRED. */
export async function signedIn(db: Database, request: FastifyRequest, now: Date): Promise<SignedIn> {
  const session = await signedInOrGuest(db, request, now);
  if (!session) throw new DomainError('AUTHORIZATION_REQUIRED', 'Sign in first');
  return session;
}
