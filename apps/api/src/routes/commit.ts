import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartNameSchema } from '../cart/schemas';
import { commitByNumber } from '../fulfilment/commit';
import type { FulfilmentServices } from '../fulfilment/context';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

const voucherSchema = z.object({
  productId: z.string(),
  pin: z.string(),
  serial: z.string().nullable(),
  validUntil: z.string().nullable(),
});

const commitAnswerSchema = z
  .object({
    orderNumber: z.string(),
    orderStatus: z.string(),
    messages: z.array(z.string()),
    paymentStatus: z.string().nullable(),
    amountCharged: z.number(),
    creditAdded: z.number(),
    paymentReference: z.string().nullable(),
    currency: z.string(),
    voucherPin: z.string().nullable(),
    vouchers: z.array(voucherSchema),
    message: z.string().nullable(),
    orderedAt: z.iso.datetime(),
  })
  .meta({ id: 'CommitAnswer' });

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
        body: z.strictObject({
          cartName: cartNameSchema,
          orderNumber: z
            .string()
            .min(5)
            .max(32)
            .regex(/^[A-Z0-9-]+$/),
          paymentToken: z.string().max(256).nullish(),
          deviceId: z.string().max(128).nullish(),
        }),
        response: {
          200: commitAnswerSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      commitByNumber({ ...services, tenant: request.tenant, log: request.log }, request.body),
  );
};
