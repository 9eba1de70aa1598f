import type { FastifyRequest } from 'fastify';
import { type AccountContext, type AccountServices, assertAccountsOffered } from '../accounts/context';
import { clientAddress } from './client-address';
import type { AbuseLimits } from './rate-limits';
import { type SignedIn, signedIn } from './session';

/** The context of an account call: codes sent count against the limits per client and per recipient. */
export const accountContextOf = (
  services: AccountServices,
  limits: AbuseLimits,
  request: FastifyRequest,
): AccountContext => ({
  ...services,
  tenant: request.tenant,
  now: new Date(),
  log: request.log,
  allowCode: (recipient) =>
    limits.take(request, [
      { limit: 'accountCodePerClient', subject: clientAddress(request) },
      { limit: 'accountCodePerRecipient', subject: recipient },
    ]),
});

/**
 * The context of a call of the signed-in shopper and their session; AUTHORIZATION_REQUIRED
 * without a live session of this tenant, and on a tenant without accounts unless the call is
 * open to the sessions a tenant's phone app opens (`appSessions`, decision 0050).
 */
export async function signedInAccount(
  services: AccountServices,
  limits: AbuseLimits,
  request: FastifyRequest,
  { appSessions = false }: { appSessions?: boolean } = {},
): Promise<{ context: AccountContext; session: SignedIn }> {
  if (!(appSessions && request.tenant.flags.hasMobileAppFlow)) assertAccountsOffered(request.tenant);
  const context = accountContextOf(services, limits, request);
  return { context, session: await signedIn(services.db, request, context.now) };
}
