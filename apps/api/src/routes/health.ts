import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../http/schemas';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply
          .status(503)
          .send({ code: 'SERVICE_UNAVAILABLE', message: 'The database cannot be reached' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
