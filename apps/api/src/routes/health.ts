import { healthSchema, type JobCounts, type WorkerStatus } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../http/schemas';

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  /** The workers and the job queue, as the database shows them. */
  background: () => Promise<{ worker: WorkerStatus; jobs: JobCounts }>;
}> = async (app, { ping, background }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness, database reachability, workers and waiting jobs',
        response: {
          200: healthSchema,
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
      return { status: 'ok' as const, database: 'ok' as const, ...(await background()) };
    },
  );
};
