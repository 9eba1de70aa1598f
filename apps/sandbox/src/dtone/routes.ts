import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { answerErrorsAsJson } from '../replies';
import { authenticate } from './authentication';
import { createDtoneContext, type DtoneContext } from './context';
import { badRequest, DtoneError, resourceNotFound, unexpectedError } from './errors';
import { lookupRoutes } from './lookup-routes';
import type { DtoneRouteOptions } from './options';
import { productRoutes } from './product-routes';
import { testingRoutes } from './testing';
import { transactionRoutes } from './transaction-routes';

/**
 * The DT One stand-in, registered under `/dtone`: the part of DT One's DVS API a top-up adapter
 * uses at DT One's own paths under `/dtone/v1` (look-up, operators, products, transactions;
 * Basic auth, DT One's error envelope, callbacks), and the sandbox's test switches under
 * `/dtone/testing`. Everything lives in memory; credits go to the sandbox operator's balances.
 */
export const dtoneRoutes: FastifyPluginAsync<DtoneRouteOptions> = async (app, options) => {
  const context = createDtoneContext(options, app.log);
  app.addHook('preClose', async () => context.close());
  await app.register(async (api) => apiRoutes(api, context), { prefix: '/v1' });
  await app.register(
    async (testing) => {
      answerErrorsAsJson(testing, 'DT One stand-in');
      testingRoutes(testing, context);
    },
    { prefix: '/testing' },
  );
};

/** DT One's API: the failure switch first, then Basic auth; every error in DT One's envelope. */
function apiRoutes(api: FastifyInstance, context: DtoneContext): void {
  api.addHook('onRequest', async (request) => {
    context.failures.take();
    authenticate(request, context.credentials);
  });
  api.setErrorHandler<FastifyError | DtoneError>((error, request, reply) => {
    if (error instanceof DtoneError) return reply.status(error.status).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send(unexpectedError().body);
    }
    const answer = status === 404 ? resourceNotFound(request.url) : badRequest(error.message);
    return reply.status(answer.status).send(answer.body);
  });
  api.setNotFoundHandler(async (request) => {
    throw resourceNotFound(`${request.method} ${request.url.split('?')[0]}`);
  });
  lookupRoutes(api);
  productRoutes(api);
  transactionRoutes(api, context);
}
