import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import { asksAuthenticationLater, declinesLaterCharges } from './cards';
import type { PspContext } from './context';
import { RISK_DECLINED } from './fraud';
import { answerOnce, errorAnswer, type RouteAnswer } from './idempotency';
import { paymentView } from './payments';
import { parseIdempotencyKey, parsePaymentRequest } from './validation';

/**
 * The merchant API of the sandbox payment provider for payments (what our API's adapter calls);
 * refunds, captures and voids are in `operation-routes.ts`, tokens in `token-routes.ts`.
 *
 * - `POST /psp/payments` (header `Idempotency-Key`): starts a payment; 201
 *   `{ paymentId, status: 'PENDING', payerUrl }`. With `token` the merchant charges a saved
 *   payment method instead: decided at once, 201 `{ paymentId, status }` (CAPTURED, AUTHORIZED
 *   with manual capture, or DECLINED), 400 `UNKNOWN_TOKEN` unless the token is ACTIVE, 402
 *   `AUTHENTICATION_REQUIRED` (nothing made) when the card's bank wants its holder. A repeat
 *   with the same key and body answers the first answer again with 200; another body with that
 *   key is 409 `IDEMPOTENCY_KEY_REUSED`.
 * - `GET /psp/payments/{id}`: `{ paymentId, status, amount, currency, method, captureMethod,
 *   merchantReference, capturedAmount, refundedAmount, token? }`; 404 `UNKNOWN_PAYMENT`.
 * - `GET /psp/payments`: `{ payments: [...] }`, every payment, oldest first (the merchant's
 *   statement).
 */
export function merchantRoutes(app: FastifyInstance, context: PspContext): void {
  const { payments, tokens, urls, fraud } = context;
  const riskDeclined = () =>
    errorAnswer(402, RISK_DECLINED, 'Refused by fraud screening: the device is on the declined list');

  app.post('/payments', async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
    const parsed = parsePaymentRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const start = parsed.value;
    return answerOnce(reply, context.paymentKeys, key.value, request.body, (): RouteAnswer => {
      if (start.kind === 'shopper') {
        if (fraud.refuses(start.request.deviceId)) return riskDeclined();
        const payment = payments.create(start.request);
        const payerUrl = urls.payer(payment.paymentId);
        return { status: 201, body: { paymentId: payment.paymentId, status: payment.status, payerUrl } };
      }
      const token = tokens.get(start.token);
      if (!tokens.isChargeable(token)) {
        return errorAnswer(400, 'UNKNOWN_TOKEN', `No active saved payment method has the id ${start.token}`);
      }
      if (start.request.method !== undefined && start.request.method !== token.method) {
        return errorAnswer(400, 'VALIDATION_FAILED', `method must be the token's method, ${token.method}`);
      }
      if (fraud.refuses(start.request.deviceId)) return riskDeclined();
      if (asksAuthenticationLater(token.card)) {
        return errorAnswer(
          402,
          'AUTHENTICATION_REQUIRED',
          'The card needs its holder to authenticate this charge',
        );
      }
      const payment = payments.create({
        ...start.request,
        method: token.method,
        returnUrl: start.request.returnUrl ?? token.returnUrl,
        tenantName: start.request.tenantName ?? token.tenantName,
        token: token.tokenId,
      });
      payments.chargeSavedMethod(payment, declinesLaterCharges(token.card));
      return { status: 201, body: { paymentId: payment.paymentId, status: payment.status } };
    });
  });

  app.get('/payments', async () => ({ payments: payments.all().map(paymentView) }));

  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId', async (request, reply) => {
    const payment = payments.get(request.params.paymentId);
    if (!payment) {
      return sendError(reply, 404, 'UNKNOWN_PAYMENT', `No payment has the id ${request.params.paymentId}`);
    }
    return paymentView(payment);
  });
}
