import { healthSchema, type JobCounts, type WorkerStatus } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../http/schemas';

type Background = { worker: WorkerStatus; jobs: JobCounts };

/** How old the workers' and the queue's figures may be: a monitor asking often costs one query, not three. */
const BACKGROUND_MAX_AGE_MS = 1_000;

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  /** The workers and the job queue, as the database shows them. */
  background: () => Promise<Background>;
}> = async (app, { ping, background }) => {
  // Callers that come while the database is being asked share that answer: a crowd of monitors
  // costs one query at a time, and no answer is older than the query in progress.
  let pinging: Promise<void> | undefined;
  const sharedPing = () => {
    pinging ??= ping().finally(() => {
      pinging = undefined;
    });
    return pinging;
  };
  let last: { at: number; figures: Promise<Background> } | undefined;
  const recentBackground = () => {
    if (!last || Date.now() - last.at > BACKGROUND_MAX_AGE_MS) {
      const figures = background().catch((error: unknown) => {
        last = undefined;
        throw error;
      });
      last = { at: Date.now(), figures };
    }
    return last.figures;
  };
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
        await sharedPing();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply
          .status(503)
          .send({ code: 'SERVICE_UNAVAILABLE', message: 'The database cannot be reached' });
      }
      return { status: 'ok' as const, database: 'ok' as const, ...(await recentBackground()) };
    },
  );
};
