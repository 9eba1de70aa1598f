import { commitAnswerSchema, commitBodySchema } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commitByNumber } from '../fulfilment/commit';
import type { FulfilmentServices } from '../fulfilment/context';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** Spec §7 payment-commit-order (docs/fulfilment.md). */
export const commitRoutes: FastifyPluginAsyncZod<
  Omit<FulfilmentServices, 'log'> & { limits: AbuseLimits }
> = async (app, { limits, ...services }) => {
  app.post(
    '/api/shop/rest/payment-commit-order',
    {
      onRequest: limits.guard('commitPolling'),
      schema: {
        tags: ['checkout'],
        summary: 'Commit a paid order: deliver every unit once and settle the payment',
        headers: tenantHeadersSchema,
        body: commitBodySchema,
        response: {
          200: commitAnswerSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      await limits.take(request, [{ limit: 'commitPollingPerOrder', subject: request.body.orderNumber }]);
      return commitByNumber({ ...services, tenant: request.tenant, log: request.log }, request.body);
    },
  );
};
