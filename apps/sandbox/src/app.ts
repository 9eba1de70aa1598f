import Fastify, { type FastifyServerOptions } from 'fastify';
import { operatorRoutes } from './operator/routes';
import type { PspOptions } from './psp/options';
import { pspRoutes } from './psp/routes';

/**
 * The sandbox: payment provider (`/psp`), mobile operator (`/operator`) and message outbox
 * (`/outbox`) that the shop talks to over real HTTP. Each part registers its routes here.
 */
export async function buildSandbox({
  logger = false,
  ...psp
}: { logger?: FastifyServerOptions['logger'] } & PspOptions = {}) {
  const app = Fastify({ logger });
  app.get('/health', async () => ({ status: 'ok' }));
  await app.register(operatorRoutes, { prefix: '/operator' });
  await app.register(pspRoutes, { prefix: '/psp', ...psp });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` }),
  );
  return app;
}
