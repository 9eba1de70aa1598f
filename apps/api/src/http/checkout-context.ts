import type { FastifyRequest } from 'fastify';
import type { CheckoutContext, CheckoutServices } from '../checkout/context';
import { shopOrigin } from '../checkout/shop-origin';
import { clientAddress } from './client-address';
import type { AbuseLimits } from './rate-limits';

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The origin the shopper reached the shop at (return URLs start with it). */
export const requestShopOrigin = (request: FastifyRequest) =>
  shopOrigin(
    request.tenant,
    firstHeader(request.headers['x-forwarded-host']),
    firstHeader(request.headers['x-forwarded-proto']),
  );

/** The context of a checkout call; codes sent count against the one-time-code limits. */
export const checkoutContextOf = (
  services: CheckoutServices,
  limits: AbuseLimits,
  request: FastifyRequest,
  customerId?: string,
): CheckoutContext => ({
  ...services,
  tenant: request.tenant,
  shopOrigin: requestShopOrigin(request),
  now: new Date(),
  log: request.log,
  allowCode: (phoneNumber) =>
    limits.take(request, [
      { limit: 'otpPerClient', subject: clientAddress(request) },
      { limit: 'otpPerNumber', subject: phoneNumber },
      { limit: 'otpPerNumberDaily', subject: phoneNumber },
      { limit: 'otpPerShop', subject: 'all' },
    ]),
  customerId,
});
