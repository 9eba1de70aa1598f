import { statisticsParamsSchema } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics/params',
    {
      schema: {
        tags: ['statistics'],
        summary: "The tenant's analytics measurement id",
        description:
          "Read by the shop's server for pages of a shopper who allowed statistics (decision 0047); " +
          'an empty id means the tenant measures nothing with analytics.',
        headers: tenantHeadersSchema,
        response: { 200: statisticsParamsSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=300');
      return { measurementId: request.tenant.measurementId ?? '' };
    },
  );
};
