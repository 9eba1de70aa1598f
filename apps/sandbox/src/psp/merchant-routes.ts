import type { FastifyInstance } from 'fastify';
import type { PspContext } from './context';
import { paymentView } from './payments';
import { sendError } from './replies';
import { parseIdempotencyKey, parsePaymentRequest, parseRefundRequest } from './validation';

/**
 * The merchant API of the sandbox payment provider (what our API's adapter calls):
 *
 * - `POST /psp/payments` (header `Idempotency-Key`): creates a payment; 201
 *   `{ paymentId, status: 'PENDING', payerUrl }`. A repeat with the same key and body answers
 *   the first answer again with 200; another body with that key is 409 `IDEMPOTENCY_KEY_REUSED`.
 * - `GET /psp/payments/{id}`: `{ paymentId, status, amount, currency, method, merchantReference,
 *   refundedAmount, token? }`; 404 `UNKNOWN_PAYMENT`.
 * - `POST /psp/payments/{id}/refunds` `{ amount? }` (header `Idempotency-Key`): refunds all that is
 *   left, or `amount`; 201 `{ refundId, paymentId, amount, status, refundedAmount }`. 400
 *   `REFUND_TOO_LARGE` above what is left, 409 `PAYMENT_NOT_REFUNDABLE` unless the payment is
 *   CAPTURED or PARTIALLY_REFUNDED. Idempotent per payment like creation.
 */
export function merchantRoutes(app: FastifyInstance, context: PspContext): void {
  const { payments, urls } = context;

  app.post('/payments', async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
    const parsed = parsePaymentRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const earlier = context.paymentKeys.lookup(key.value, request.body);
    if (earlier.kind === 'conflict') {
      return sendError(reply, 409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key came with another body');
    }
    if (earlier.kind === 'replay') return reply.status(200).send(earlier.answer);
    const payment = payments.create(parsed.value);
    const body = {
      paymentId: payment.paymentId,
      status: payment.status,
      payerUrl: urls.payer(payment.paymentId),
    };
    context.paymentKeys.remember(key.value, request.body, body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId', async (request, reply) => {
    const payment = payments.get(request.params.paymentId);
    if (!payment)
      return sendError(reply, 404, 'UNKNOWN_PAYMENT', `No payment has the id ${request.params.paymentId}`);
    return paymentView(payment);
  });

  app.post<{ Params: { paymentId: string } }>('/payments/:paymentId/refunds', async (request, reply) => {
    const payment = payments.get(request.params.paymentId);
    if (!payment)
      return sendError(reply, 404, 'UNKNOWN_PAYMENT', `No payment has the id ${request.params.paymentId}`);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
    const parsed = parseRefundRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const scopedKey = `${payment.paymentId} ${key.value}`;
    const earlier = context.refundKeys.lookup(scopedKey, request.body);
    if (earlier.kind === 'conflict') {
      return sendError(reply, 409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key came with another body');
    }
    if (earlier.kind === 'replay') return reply.status(200).send(earlier.answer);
    const outcome = payments.refund(payment, parsed.value.amount);
    switch (outcome.kind) {
      case 'not-refundable':
        return sendError(
          reply,
          409,
          'PAYMENT_NOT_REFUNDABLE',
          `Only a CAPTURED or PARTIALLY_REFUNDED payment can be refunded; this one is ${payment.status}`,
        );
      case 'too-large':
        return sendError(
          reply,
          400,
          'REFUND_TOO_LARGE',
          `amount must not exceed the ${outcome.refundable} minor units not yet refunded`,
        );
      case 'done': {
        const { refund } = outcome;
        const body = {
          refundId: refund.refundId,
          paymentId: payment.paymentId,
          amount: refund.amount,
          status: payment.status,
          refundedAmount: payment.refundedAmount,
        };
        context.refundKeys.remember(scopedKey, request.body, body);
        return reply.status(201).send(body);
      }
    }
  });
}
