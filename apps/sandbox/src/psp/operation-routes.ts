import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import { isRecord } from '../validation';
import type { PspContext } from './context';
import { answerOnce, errorAnswer, type RouteAnswer } from './idempotency';
import { paymentView } from './payments';
import type { Payment } from './types';
import { parseAmountRequest, parseIdempotencyKey } from './validation';

/**
 * What a merchant does to a payment after the shopper approved it. Each takes the header
 * `Idempotency-Key`, which counts per payment and operation: a repeat with the same body answers
 * the first answer again with 200, another body 409 `IDEMPOTENCY_KEY_REUSED`. An unknown payment
 * is 404 `UNKNOWN_PAYMENT`.
 *
 * - `POST /psp/payments/{id}/refunds` `{ amount? }`: refunds all that is left of what was
 *   captured, or `amount`; 201 `{ refundId, paymentId, amount, status, refundedAmount }`. 400
 *   `REFUND_TOO_LARGE` above what is left, 409 `PAYMENT_NOT_REFUNDABLE` unless the payment is
 *   CAPTURED or PARTIALLY_REFUNDED.
 * - `POST /psp/payments/{id}/capture` `{ amount? }`: captures all or part of an AUTHORIZED
 *   payment (the rest is released); 200 with the payment as `GET /psp/payments/{id}` shows it.
 *   400 `CAPTURE_TOO_LARGE` above the authorized amount, 409 `PAYMENT_NOT_CAPTURABLE` unless
 *   AUTHORIZED.
 * - `POST /psp/payments/{id}/void`: cancels an AUTHORIZED payment; 200 with the payment. 409
 *   `PAYMENT_NOT_VOIDABLE` unless AUTHORIZED.
 */

type Params = { Params: { paymentId: string } };
type Operation = (payment: Payment, amount: number | undefined) => RouteAnswer;

export function operationRoutes(app: FastifyInstance, context: PspContext): void {
  const { payments } = context;

  function operation(name: string, takesAmount: boolean, run: Operation): void {
    app.post<Params>(`/payments/:paymentId/${name}`, async (request, reply) => {
      const payment = payments.get(request.params.paymentId);
      if (!payment) {
        return sendError(reply, 404, 'UNKNOWN_PAYMENT', `No payment has the id ${request.params.paymentId}`);
      }
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
      let amount: number | undefined;
      if (takesAmount) {
        const parsed = parseAmountRequest(request.body);
        if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
        amount = parsed.value.amount;
      } else if (request.body !== undefined && !isRecord(request.body)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'The body must be a JSON object, or empty');
      }
      const scopedKey = `${payment.paymentId} ${name} ${key.value}`;
      return answerOnce(reply, context.operationKeys, scopedKey, request.body, () => run(payment, amount));
    });
  }

  operation('refunds', true, (payment, amount) => {
    const outcome = payments.refund(payment, amount);
    switch (outcome.kind) {
      case 'not-refundable':
        return errorAnswer(
          409,
          'PAYMENT_NOT_REFUNDABLE',
          `Only a CAPTURED or PARTIALLY_REFUNDED payment can be refunded; this one is ${payment.status}`,
        );
      case 'too-large':
        return errorAnswer(
          400,
          'REFUND_TOO_LARGE',
          `amount must not exceed the ${outcome.refundable} minor units not yet refunded`,
        );
      case 'done': {
        const { refund } = outcome;
        return {
          status: 201,
          body: {
            refundId: refund.refundId,
            paymentId: payment.paymentId,
            amount: refund.amount,
            status: payment.status,
            refundedAmount: payment.refundedAmount,
          },
        };
      }
    }
  });

  operation('capture', true, (payment, amount) => {
    const outcome = payments.capture(payment, amount);
    switch (outcome.kind) {
      case 'not-capturable':
        return errorAnswer(
          409,
          'PAYMENT_NOT_CAPTURABLE',
          `Only an AUTHORIZED payment can be captured; this one is ${payment.status}`,
        );
      case 'too-large':
        return errorAnswer(
          400,
          'CAPTURE_TOO_LARGE',
          `amount must not exceed the ${payment.amount} minor units authorized`,
        );
      case 'done':
        return { status: 200, body: paymentView(payment) };
    }
  });

  operation('void', false, (payment) =>
    payments.voidAuthorization(payment)
      ? { status: 200, body: paymentView(payment) }
      : errorAnswer(
          409,
          'PAYMENT_NOT_VOIDABLE',
          `Only an AUTHORIZED payment can be voided; this one is ${payment.status}`,
        ),
  );
}
