import type { FastifyRequest } from 'fastify';
import type { AccountContext, AccountServices } from '../accounts/context';
import { type AbuseLimits, clientAddress } from './rate-limits';

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
