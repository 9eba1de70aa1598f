import { type Country, DomainError, invalidField } from '@shop/domain';
import { addressLookupAnswerSchema, addressLookupQuerySchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AddressLookup, AddressLookupUnavailableError } from '../adapters/address-lookup';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** The countries whose addresses a shop takes: its own and those of its phone numbers. */
export const addressCountriesOf = (
  tenant: Pick<TenantConfig, 'country' | 'phoneCountryCodes'>,
): Country[] => [...new Set([tenant.country, ...tenant.phoneCountryCodes])];

/**
 * Spec §7 address look-up: the streets and city of a postcode, for the address forms of the
 * checkout and the profile. No sign-in needed.
 */
export const addressRoutes: FastifyPluginAsyncZod<{
  addressLookup: AddressLookup;
  limits: AbuseLimits;
}> = async (app, { addressLookup, limits }) => {
  app.get(
    '/api/shop/rest/address/lookup',
    {
      onRequest: limits.guard('addressLookup'),
      schema: {
        tags: ['account'],
        summary: 'The streets and city of a postcode',
        description:
          '`countryCode` is the shop’s own country or one of its phone countries (either case); ' +
          '`postcode` is written as its country writes it ("1012ab" → "1012 AB"). ' +
          'A postcode nobody knows answers an empty list.',
        headers: tenantHeadersSchema,
        querystring: addressLookupQuerySchema,
        response: {
          200: addressLookupAnswerSchema,
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { postcode, countryCode } = request.query;
      if (!addressCountriesOf(request.tenant).includes(countryCode)) {
        throw invalidField('countryCode', `this shop takes no addresses in ${countryCode.toUpperCase()}`);
      }
      try {
        return { postcode, countryCode, addresses: await addressLookup.lookup({ postcode, countryCode }) };
      } catch (error) {
        if (!(error instanceof AddressLookupUnavailableError)) throw error;
        request.log.warn({ err: error }, 'address look-up unavailable');
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          'The address look-up is unavailable at the moment. Please enter the address by hand.',
        );
      }
    },
  );
};
