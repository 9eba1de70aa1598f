import { DomainError } from '@shop/domain';
import { numberLookupQuerySchema, numberLookupSchema } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type LookupResult, OperatorUnavailableError } from '../adapters/operator';
import type { TenantNumberOwners } from '../catalogue/number-owners';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** Spec §7 number look-up: which brand a shopper's number belongs to, before the sale. */
export const numberLookupRoutes: FastifyPluginAsyncZod<{
  numberOwners: TenantNumberOwners;
  limits: AbuseLimits;
}> = async (app, { numberOwners, limits }) => {
  app.get(
    '/api/shop/rest/number-lookup',
    {
      onRequest: limits.guard('numberLookup'),
      schema: {
        tags: ['catalogue'],
        summary: 'The operator brand and country of a mobile number',
        description:
          '`msisdn` in international form, with or without a leading `+` (6 to 15 digits). ' +
          '`sellsBrand` says whether the tenant sells top-ups of the brand that owns the number.',
        headers: tenantHeadersSchema,
        querystring: numberLookupQuerySchema,
        response: {
          200: numberLookupSchema,
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { tenant } = request;
      const raw = request.query.msisdn;
      const msisdn = raw.startsWith('+') ? raw : `+${raw}`;
      let result: LookupResult;
      try {
        // Always asked afresh; the answer is remembered for the cart's check that usually follows.
        result = await numberOwners.of(tenant.shopId).lookUp(msisdn);
      } catch (error) {
        if (!(error instanceof OperatorUnavailableError)) throw error;
        request.log.warn({ err: error }, 'operator look-up unavailable');
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          'The number look-up is unavailable at the moment. Please try again later.',
        );
      }
      if (!result.found) return { msisdn, found: false as const };
      return {
        msisdn: result.msisdn,
        found: true as const,
        country: result.country,
        brandId: result.brandId,
        brandName: result.brandName,
        sellsBrand: Object.hasOwn(tenant.brandRoutes, result.brandId),
      };
    },
  );
};
