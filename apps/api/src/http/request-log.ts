import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request, carrying what Fastify's own two lines ("incoming request"
 * and "request completed") carry between them: the request, the status and the time taken. Under
 * a crowd that halves the log's volume and the API's time spent writing it. The app turns
 * Fastify's own lines off (`disableRequestLogging`); its error lines stay.
 */
export function logEachRequestOnce(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
