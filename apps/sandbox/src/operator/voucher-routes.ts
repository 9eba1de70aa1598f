import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { OperatorContext } from './context';
import { parseVoucherRequest } from './validation';
import { SOLD_OUT_MARKER, voucherView } from './vouchers';

/**
 * `POST /operator/vouchers` `{ clientReference, productId, amount, currency }`: issues a voucher
 * PIN; 201 `{ voucherId, clientReference, productId, pin, serial, validUntil, amount, currency }`.
 * The same `clientReference` again answers the same voucher with 200; with another body 409
 * `REFERENCE_REUSED`. A `productId` containing `sold-out` is 409 `OUT_OF_STOCK`; bad input 400
 * `VALIDATION_FAILED`.
 */
export function voucherRoutes(app: FastifyInstance, { vouchers }: OperatorContext): void {
  app.post('/vouchers', async (request, reply) => {
    const parsed = parseVoucherRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const issue = vouchers.issue(parsed.value);
    switch (issue.kind) {
      case 'conflict':
        return sendError(
          reply,
          409,
          'REFERENCE_REUSED',
          `The clientReference ${parsed.value.clientReference} was used for another voucher`,
        );
      case 'out-of-stock':
        return sendError(
          reply,
          409,
          'OUT_OF_STOCK',
          `The product ${parsed.value.productId} is out of stock (its id contains ${SOLD_OUT_MARKER})`,
        );
      case 'replay':
        return reply.status(200).send(voucherView(issue.voucher));
      case 'new':
        return reply.status(201).send(voucherView(issue.voucher));
    }
  });
}
