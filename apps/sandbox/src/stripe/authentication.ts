import type { FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import { escapeHtml, page } from '../html';
import { postButton } from '../psp/page-parts';
import { isFormPost, sendError, sendPage, sendRedirect } from '../replies';
import { checkoutAfterAuthentication } from './checkout-flow';
import { completeAuthentication, failAuthentication } from './confirmation';
import type { StripeContext } from './context';

/**
 * The 3-D Secure page a PaymentIntent in `requires_action` redirects to,
 * `/stripe/authenticate/:paymentIntentId`, with **Complete authentication** and **Fail
 * authentication**, and their HTTP twins `POST …/complete` and `…/fail` answering
 * `{ redirectUrl }`: the return URL with `payment_intent`, `payment_intent_client_secret` and
 * `redirect_status` appended, as Stripe does. A Checkout Session's PaymentIntent leads to the
 * session's success URL instead, or back to its page when authentication failed.
 */

type Route = { Params: { id: string } };

export function authenticationRoutes(app: FastifyInstance, context: StripeContext): void {
  app.get<Route>('/authenticate/:id', async (request, reply) => {
    const intent = context.paymentIntents.get(request.params.id);
    if (!intent) return sendPage(reply, 404, notice('Unknown payment', 'There is no such PaymentIntent.'));
    if (intent.status !== 'requires_action') {
      return sendPage(
        reply,
        200,
        notice('Nothing to authenticate', `This payment is ${intent.status.replaceAll('_', ' ')}.`),
      );
    }
    const path = `/stripe/authenticate/${intent.id}`;
    const amount = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: intent.currency.toUpperCase(),
    });
    const digits = amount.resolvedOptions().maximumFractionDigits ?? 2;
    const body = `<h1>Authenticate your payment</h1>
<p class="amount">${escapeHtml(amount.format(intent.amount / 10 ** digits))}</p>
<p>Your bank asks you to confirm this payment (3-D Secure test page).</p>
<div class="actions">
${postButton(`${path}/complete`, 'Complete authentication', { embedded: false }, true)}
${postButton(`${path}/fail`, 'Fail authentication', { embedded: false })}
</div>`;
    return sendPage(reply, 200, page({ title: 'Authenticate your payment', badge: 'Stripe sandbox', body }));
  });

  app.post<Route>('/authenticate/:id/complete', async (request, reply) => {
    const intent = awaitingAuthentication(context, request.params.id, reply);
    if (!intent) return reply;
    const returnUrl = returnUrlOf(context, intent);
    completeAuthentication(context, intent);
    const checkoutUrl = checkoutAfterAuthentication(context, intent);
    return sendRedirect(request, reply, checkoutUrl ?? redirectUrl(returnUrl, intent, 'succeeded'));
  });

  app.post<Route>('/authenticate/:id/fail', async (request, reply) => {
    const intent = awaitingAuthentication(context, request.params.id, reply);
    if (!intent) return reply;
    const returnUrl = returnUrlOf(context, intent);
    failAuthentication(context, intent);
    const checkoutUrl = checkoutAfterAuthentication(context, intent);
    return sendRedirect(request, reply, checkoutUrl ?? redirectUrl(returnUrl, intent, 'failed'));
  });

  function awaitingAuthentication(context: StripeContext, id: string, reply: FastifyReply) {
    const intent = context.paymentIntents.get(id);
    if (!intent) {
      void sendError(reply, 404, 'NOT_FOUND', `No such PaymentIntent: ${id}`);
      return undefined;
    }
    if (intent.status !== 'requires_action') {
      if (isFormPost(reply.request)) {
        void sendPage(
          reply,
          409,
          notice('Nothing to authenticate', `This payment is ${intent.status.replaceAll('_', ' ')}.`),
        );
      } else {
        void sendError(reply, 409, 'NOT_AWAITING_AUTHENTICATION', `The PaymentIntent is ${intent.status}`);
      }
      return undefined;
    }
    return intent;
  }
}

/** Where the shopper goes afterwards: the confirmation's return URL, else this page again. */
function returnUrlOf(context: StripeContext, intent: Stripe.PaymentIntent): string {
  const fallback = `${context.publicBaseUrl}/stripe/authenticate/${intent.id}`;
  return intent.next_action?.redirect_to_url?.return_url ?? fallback;
}

function redirectUrl(
  returnUrl: string,
  intent: Stripe.PaymentIntent,
  status: 'succeeded' | 'failed',
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

function notice(title: string, text: string): string {
  return page({
    title,
    badge: 'Stripe sandbox',
    body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`,
  });
}
