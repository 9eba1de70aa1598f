import { healthSchema, type JobCounts, type WorkerStatus } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../http/schemas';

type Background = { worker: WorkerStatus; jobs: JobCounts };

/** How old the database's answer may be: a crowd of monitors costs a few pings a second, not one each. */
const PING_MAX_AGE_MS = 250;
/** How old the workers' and the queue's figures may be: a monitor asking often costs one query, not three. */
const BACKGROUND_MAX_AGE_MS = 1_000;

/**
 * `load`, asked at most once per `maxAgeMs`: callers that come while it is being asked, or within
 * `maxAgeMs` of its last answer, share that answer; a failure is shared by the callers that
 * waited for it and then forgotten, so the next caller asks again.
 */
function recent<T>(load: () => Promise<T>, maxAgeMs: number, now: () => number): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || now() - last.at > maxAgeMs) {
      const answer = load().catch((error: unknown) => {
        if (last?.answer === answer) last = undefined;
        throw error;
      });
      last = { at: now(), answer };
    }
    return last.answer;
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  /** The workers and the job queue, as the database shows them. */
  background: () => Promise<Background>;
  now?: () => number;
}> = async (app, { ping, background, now = Date.now }) => {
  const recentPing = recent(ping, PING_MAX_AGE_MS, now);
  const recentBackground = recent(background, BACKGROUND_MAX_AGE_MS, now);
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
        await recentPing();
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
