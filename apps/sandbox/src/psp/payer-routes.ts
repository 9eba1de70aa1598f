import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PspContext } from './context';
import { authenticationPage, paymentPage, unknownPaymentPage } from './pages';
import type { ActionOutcome } from './payments';
import { isFormPost, sendError, sendPage, sendRedirect } from './replies';
import type { Payment } from './types';
import { returnUrlFor } from './urls';
import { isRecord } from './validation';

/**
 * The shopper's side of the sandbox payment provider: the hosted page and its actions.
 *
 * - `GET /psp/pay/{id}` (query strings allowed): the hosted payment page.
 * - `POST /psp/pay/{id}/approve` (card: `{ cardNumber, expiry, cvc }`; iDEAL: `{ bank }`; crypto:
 *   `{ cryptoCurrency }`; all optional in JSON), `/decline`, `/cancel`.
 * - `GET /psp/pay/{id}/3ds`: the 3-D Secure page; `POST /psp/pay/{id}/3ds/complete`, `/3ds/fail`.
 *
 * Each action answers a form post from the page with a 303 to where the shopper goes next, and
 * any other POST (the HTTP twin) with 200 `{ redirectUrl }`: the shop's return URL with
 * `paymentId` and `status`, or the 3-D Secure page. Errors: 400 `VALIDATION_FAILED`, 404
 * `UNKNOWN_PAYMENT`, 409 `PAYMENT_NOT_PENDING` (or `AUTHENTICATION_NOT_REQUESTED` for 3-D Secure
 * actions on a payment that did not ask for it); form posts get them as the page with a message.
 */

type Params = { Params: { paymentId: string } };
type Action = (payment: Payment, input: Record<string, unknown>) => ActionOutcome;

export function payerRoutes(app: FastifyInstance, context: PspContext): void {
  const { payments, urls } = context;

  const rerender = (
    payment: Payment,
    input: Record<string, unknown>,
    error: { field?: string; message: string },
  ) => paymentPage({ payment, payerUrl: urls.payer(payment.paymentId), error, values: input });

  /** Answers an action's outcome in the caller's language: redirect, JSON error or page. */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    payment: Payment,
    input: Record<string, unknown>,
    outcome: ActionOutcome,
  ) {
    const form = isFormPost(request);
    switch (outcome.kind) {
      case 'done':
        return sendRedirect(request, reply, returnUrlFor(payment));
      case 'three-d-secure':
        return sendRedirect(request, reply, urls.authentication(payment.paymentId));
      case 'invalid':
        return form
          ? sendPage(reply, 400, rerender(payment, input, outcome))
          : sendError(reply, 400, 'VALIDATION_FAILED', outcome.message);
      case 'not-pending': {
        const message = payment.settling
          ? `Payment ${payment.paymentId} is already approved and settling`
          : `Payment ${payment.paymentId} is ${payment.status}, no longer PENDING`;
        return form
          ? sendPage(reply, 409, rerender(payment, input, { message }))
          : sendError(reply, 409, 'PAYMENT_NOT_PENDING', message);
      }
      case 'not-requested': {
        const message = `Payment ${payment.paymentId} did not ask for 3-D Secure`;
        return form
          ? sendPage(reply, 409, authenticationPage(payment, message))
          : sendError(reply, 409, 'AUTHENTICATION_NOT_REQUESTED', message);
      }
    }
  }

  function action(path: string, act: Action): void {
    app.post<Params>(path, async (request, reply) => {
      const { paymentId } = request.params;
      const payment = payments.get(paymentId);
      if (!payment) {
        return isFormPost(request)
          ? sendPage(reply, 404, unknownPaymentPage(paymentId))
          : sendError(reply, 404, 'UNKNOWN_PAYMENT', `No payment has the id ${paymentId}`);
      }
      if (request.body !== undefined && !isRecord(request.body)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'The body must be a JSON object, or empty');
      }
      const input = request.body ?? {};
      return answer(request, reply, payment, input, act(payment, input));
    });
  }

  app.get<Params>('/pay/:paymentId', async (request, reply) => {
    const payment = payments.get(request.params.paymentId);
    if (!payment) return sendPage(reply, 404, unknownPaymentPage(request.params.paymentId));
    return sendPage(reply, 200, paymentPage({ payment, payerUrl: urls.payer(payment.paymentId) }));
  });

  app.get<Params>('/pay/:paymentId/3ds', async (request, reply) => {
    const payment = payments.get(request.params.paymentId);
    if (!payment) return sendPage(reply, 404, unknownPaymentPage(request.params.paymentId));
    return sendPage(reply, 200, authenticationPage(payment));
  });

  action('/pay/:paymentId/approve', (payment, input) => payments.approve(payment, input));
  action('/pay/:paymentId/decline', (payment) => payments.decline(payment));
  action('/pay/:paymentId/cancel', (payment) => payments.cancel(payment));
  action('/pay/:paymentId/3ds/complete', (payment) => payments.authenticate(payment, true));
  action('/pay/:paymentId/3ds/fail', (payment) => payments.authenticate(payment, false));
}
