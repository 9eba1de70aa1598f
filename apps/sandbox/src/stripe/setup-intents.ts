import type { FastifyInstance } from 'fastify';
import { found, type StripeContext } from './context';
import { allowOnly, expansionsOf, paramsOf } from './form';

/** SetupIntents, made by Checkout Sessions in setup mode: `GET /v1/setup_intents/:id`. */
export function setupIntentRoutes(app: FastifyInstance, context: StripeContext): void {
  app.get<{ Params: { id: string } }>('/setup_intents/:id', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['expand', 'client_secret']);
    expansionsOf(params, []);
    return found(context.setupIntents, request.params.id, 'setup_intent');
  });
}
