import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { answerErrorsAsJson } from '../replies';
import { authenticationRoutes } from './authentication';
import { checkoutPageRoutes } from './checkout-page-routes';
import { checkoutSessionRoutes } from './checkout-sessions';
import { createStripeContext, type StripeContext } from './context';
import { customerRoutes } from './customers';
import { StripeError } from './errors';
import { acceptStripeForms } from './form';
import { stripeId } from './ids';
import type { StripeRouteOptions } from './options';
import { paymentIntentRoutes } from './payment-intents';
import { paymentMethodRoutes } from './payment-methods';
import { refundRoutes } from './refunds';
import { setupIntentRoutes } from './setup-intents';
import { testingRoutes } from './testing';

/**
 * The Stripe stand-in: Stripe's own API paths under `/v1` (for the `stripe` SDK pointed at the
 * sandbox with `host`/`port`/`protocol`), and the sandbox's pages and switches under `/stripe`.
 */
export const stripeRoutes: FastifyPluginAsync<StripeRouteOptions> = async (app, options) => {
  const context = createStripeContext(options, app.log);
  app.addHook('onClose', async () => context.close());
  await app.register(async (api) => apiRoutes(api, context), { prefix: '/v1' });
  await app.register(
    async (pages) => {
      answerErrorsAsJson(pages, 'Stripe stand-in');
      acceptFormPosts(pages);
      authenticationRoutes(pages, context);
      checkoutPageRoutes(pages, context);
      testingRoutes(pages, context.testing, context.webhooks);
    },
    { prefix: '/stripe' },
  );
};

/** Stripe's API: secret-key auth, idempotency keys, Stripe's error envelope and request ids. */
function apiRoutes(api: FastifyInstance, context: StripeContext): void {
  acceptStripeForms(api);
  api.addHook('onRequest', async (request) => authenticate(request));
  api.addHook('preHandler', async (request, reply) => context.idempotency.begin(request, reply));
  api.addHook('preHandler', async () => context.testing.apply());
  api.addHook('onSend', async (request, reply, payload) => {
    reply.header('request-id', stripeId('req'));
    context.idempotency.finish(request, reply.statusCode, payload);
    return payload;
  });
  api.setErrorHandler<FastifyError | StripeError>((error, request, reply) => {
    if (error instanceof StripeError) {
      if (!error.remembered) context.idempotency.forget(request);
      return reply.status(error.status).send({ error: error.body });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ error: { type: 'api_error', message: 'An unknown error occurred.' } });
    }
    context.idempotency.forget(request);
    return reply.status(status).send({ error: { type: 'invalid_request_error', message: error.message } });
  });
  api.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). Please see https://stripe.com/docs.`,
      },
    }),
  );
  customerRoutes(api, context);
  paymentMethodRoutes(api, context);
  paymentIntentRoutes(api, context);
  refundRoutes(api, context);
  checkoutSessionRoutes(api, context);
  setupIntentRoutes(api, context);
}

/** Any test secret key (`sk_test_…`), sent as Bearer (the SDK) or as Basic user (curl's `-u`). */
function authenticate(request: FastifyRequest): void {
  const header = request.headers.authorization ?? '';
  const [scheme = '', credentials = ''] = header.split(' ');
  const key =
    scheme.toLowerCase() === 'basic'
      ? Buffer.from(credentials, 'base64').toString('utf8').split(':')[0]
      : scheme.toLowerCase() === 'bearer'
        ? credentials
        : '';
  if (key === '' || key === undefined) {
    throw new StripeError(
      401,
      {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
      false,
    );
  }
  if (!/^sk_test_\w+$/.test(key)) {
    throw new StripeError(
      401,
      {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      },
      false,
    );
  }
}
