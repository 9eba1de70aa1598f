import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFormPost, sendError, sendPage, sendRedirect } from '../replies';
import { isRecord } from '../validation';
import {
  type Approval,
  approveCheckout,
  type CheckoutOutcome,
  cancelCheckout,
  declineCheckout,
  expireIfPast,
} from './checkout-flow';
import { checkoutPage, unknownCheckoutPage } from './checkout-page';
import type { CheckoutMethod, CheckoutRecord } from './checkout-record';
import type { StripeContext } from './context';

/**
 * The hosted Checkout page and its actions `POST /stripe/checkout/:id/approve`, `…/decline`,
 * `…/cancel`. The page's forms get a 303 to where the shopper goes next; any other POST (the
 * HTTP twin, JSON `{ method?, card?: { number, expiry, cvc }, bank? }`) gets 200
 * `{ redirectUrl }`. Errors in the sandbox's envelope: 400 `VALIDATION_FAILED`, 404
 * `UNKNOWN_CHECKOUT_SESSION`, 409 `CHECKOUT_SESSION_NOT_OPEN` (form posts get the page).
 */

type Route = { Params: { id: string }; Querystring: { method?: string } };
type Body = Record<string, unknown>;

export function checkoutPageRoutes(app: FastifyInstance, context: StripeContext): void {
  app.get<Route>('/checkout/:id', async (request, reply) => {
    const record = context.checkoutSessions.get(request.params.id);
    if (!record) return sendPage(reply, 404, unknownCheckoutPage(request.params.id));
    expireIfPast(context, record);
    return sendPage(reply, 200, checkoutPage(record, { method: methodOf(record, request.query.method) }));
  });

  function action(name: string, act: (record: CheckoutRecord, body: Body) => CheckoutOutcome): void {
    app.post<Route>(`/checkout/:id/${name}`, async (request, reply) => {
      const record = context.checkoutSessions.get(request.params.id);
      if (!record) {
        return isFormPost(request)
          ? sendPage(reply, 404, unknownCheckoutPage(request.params.id))
          : sendError(
              reply,
              404,
              'UNKNOWN_CHECKOUT_SESSION',
              `No Checkout Session has the id ${request.params.id}`,
            );
      }
      if (request.body !== undefined && !isRecord(request.body)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'The body must be a JSON object, or empty');
      }
      const body = request.body ?? {};
      return answer(request, reply, record, body, act(record, body));
    });
  }

  action('approve', (record, body) => approveCheckout(context, record, approvalOf(body)));
  action('decline', (record, body) => declineCheckout(context, record, textOf(body.method)));
  action('cancel', (record) => cancelCheckout(context, record));
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  record: CheckoutRecord,
  body: Body,
  outcome: CheckoutOutcome,
) {
  const form = isFormPost(request);
  const method = methodOf(record, textOf(body.method));
  switch (outcome.kind) {
    case 'redirect':
      return sendRedirect(request, reply, outcome.url);
    case 'invalid':
      return form
        ? sendPage(reply, 400, checkoutPage(record, { method, error: outcome, values: body }))
        : sendError(reply, 400, 'VALIDATION_FAILED', outcome.message);
    case 'not-open':
      return form
        ? sendPage(reply, 409, checkoutPage(record, { method, error: outcome }))
        : sendError(reply, 409, 'CHECKOUT_SESSION_NOT_OPEN', outcome.message);
  }
}

function methodOf(record: CheckoutRecord, name: string | undefined): CheckoutMethod {
  return record.methods.find((method) => method === name) ?? record.methods[0] ?? 'card';
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The twin's `{ method, card: { number, expiry, cvc }, bank }`, or the page form's flat fields. */
function approvalOf(body: Body): Approval {
  const card = isRecord(body.card)
    ? body.card
    : { number: body.cardNumber, expiry: body.expiry, cvc: body.cvc };
  return {
    method: textOf(body.method),
    card: { number: textOf(card.number), expiry: textOf(card.expiry), cvc: textOf(card.cvc) },
    bank: textOf(body.bank),
  };
}
