import { translationParamsSchema, translationQuerySchema, translationsSchema } from '@shop/domain/contract';
import { tenantTranslations } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offeredLanguage } from '../http/language';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** Spec §9: browsers keep a translation bundle for 7 days. */
const BROWSER_CACHE_SECONDS = 7 * 24 * 60 * 60;

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/translations/:lng/:ns',
    {
      schema: {
        tags: ['translations'],
        summary: "The tenant's texts of one language and namespace",
        description:
          'Base texts of the language overlaid by the tenant overrides. `lng` is a language code, ' +
          '`xx-YY` (the language part is used) or `default` (the tenant default).',
        headers: tenantHeadersSchema,
        params: translationParamsSchema,
        querystring: translationQuerySchema,
        response: {
          200: translationsSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { lng, ns } = request.params;
      const language = offeredLanguage(tenant, lng);
      reply.header('Cache-Control', `public, max-age=${BROWSER_CACHE_SECONDS}`);
      reply.header('Vary', 'X-Tenant-Id');
      return tenantTranslations(tenant, language, ns);
    },
  );
};
