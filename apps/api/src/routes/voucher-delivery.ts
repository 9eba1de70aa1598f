import type { Database } from '@shop/db';
import {
  orderParamsSchema,
  sendVoucherAgainBodySchema,
  voucherDeliveryQuerySchema,
  voucherDeliverySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import { signedInOrGuest } from '../http/session';
import type { JobQueue } from '../jobs/queue';
import { sendAgain, voucherDeliveryOf } from '../voucher-delivery/send-again';

const errors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['checkout'];
const headers = tenantHeadersSchema;

/**
 * Voucher PINs by SMS or WhatsApp (decision 0048), beside the order calls: how their sending
 * stands, and "send again" to the same channel and number. A guest names the order's cart; a
 * signed-in shopper's account is enough for its own orders.
 */
export const voucherDeliveryRoutes: FastifyPluginAsyncZod<{
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  limits: AbuseLimits;
}> = async (app, { db, jobs, limits }) => {
  const asker = async (request: FastifyRequest, cartName: string | undefined) => ({
    cartName,
    customerId: (await signedInOrGuest(db, request, new Date()))?.customer.id,
  });

  app.get(
    '/api/shop/rest/orders/:orderNumber/voucher-delivery',
    {
      schema: {
        tags,
        summary: 'How the sending of the order’s voucher PINs by SMS or WhatsApp stands',
        headers,
        params: orderParamsSchema,
        querystring: voucherDeliveryQuerySchema,
        response: { 200: voucherDeliverySchema, ...errors },
      },
    },
    async (request) =>
      voucherDeliveryOf(
        { db, tenant: request.tenant },
        request.params.orderNumber,
        await asker(request, request.query.cartName),
      ),
  );

  app.post(
    '/api/shop/rest/orders/:orderNumber/voucher-delivery',
    {
      schema: {
        tags,
        summary: 'Send the order’s voucher PINs again, by the channel and to the number chosen at checkout',
        description: 'At most 3 times per order and hour (429 TOO_MANY_REQUESTS past it).',
        headers,
        params: orderParamsSchema,
        body: sendVoucherAgainBodySchema,
        response: { 202: voucherDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orderNumber } = request.params;
      const delivery = await sendAgain(
        { db, jobs, tenant: request.tenant, log: request.log },
        orderNumber,
        await asker(request, request.body.cartName),
        () => limits.take(request, [{ limit: 'voucherSendAgain', subject: orderNumber }]),
      );
      return reply.status(202).send(delivery);
    },
  );
};
