import type { PaymentProviderName } from '@shop/domain';
import { DomainError } from '@shop/domain';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PaymentProvider } from '../adapters/payment-provider';
import type { CheckoutServices } from '../checkout/context';
import { receivePaymentEvent, returnDuplicatePayments, syncPayment } from '../orders/payment-state';

/**
 * The payment providers' events: `POST /api/webhooks/psp` from the sandbox provider (one service
 * for every tenant), `POST /api/webhooks/stripe/{shopId}` from the tenant's Stripe account (the
 * endpoint configured there; its signing secret is the tenant's). The body is read raw, because
 * the signature is over its exact bytes. 401 `INVALID_SIGNATURE` changes nothing; every signed
 * event is answered 200 once it is safely recorded (or known already), so the provider stops
 * retrying it.
 */
export const webhookRoutes: FastifyPluginAsync<
  CheckoutServices & {
    tenants: TenantRegistry;
    /** A payment now holds or took the money: its order is committed, shopper or not (a job). */
    onMoneySecured: (paymentId: string) => Promise<void>;
  }
> = async (app, services) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  async function receive(request: FastifyRequest, provider: PaymentProvider, name: PaymentProviderName) {
    const raw = typeof request.body === 'string' ? request.body : '';
    const webhook = provider.verifyWebhook(raw, request.headers);
    if (webhook.kind === 'invalid-signature') {
      throw new DomainError('INVALID_SIGNATURE', 'The webhook signature does not match');
    }
    if (webhook.kind === 'ignored') {
      request.log.info({ provider: name, eventId: webhook.eventId, type: webhook.type }, 'webhook ignored');
      return { received: true };
    }
    const { outcome, paymentId } = await receivePaymentEvent(services, webhook);
    request.log.info(
      { provider: name, eventId: webhook.eventId, event: webhook.event, outcome },
      'payment webhook',
    );
    if (
      paymentId &&
      outcome === 'applied' &&
      (webhook.event === 'AUTHORIZE' || webhook.event === 'CAPTURE')
    ) {
      await services.onMoneySecured(paymentId);
    }
    if (paymentId && (outcome === 'out-of-order' || outcome === 'applied')) {
      // Recorded already: should a provider call fail, the result page or reconciliation looks again.
      const settle = async () => {
        if (outcome === 'out-of-order') await syncPayment(services, paymentId);
        await returnDuplicatePayments(services, paymentId);
      };
      await settle().catch((err: unknown) =>
        request.log.warn({ err, paymentId }, 'settling a payment after its webhook failed'),
      );
    }
    return { received: true, outcome };
  }

  app.post('/api/webhooks/psp', { schema: { hide: true } }, (request) =>
    receive(request, services.providers.of('', 'sandbox'), 'sandbox'),
  );

  app.post<{ Params: { shopId: string } }>(
    '/api/webhooks/stripe/:shopId',
    { schema: { hide: true } },
    (request) => {
      const tenant = services.tenants.byId(request.params.shopId);
      // No account there, no secret an event could be signed with.
      if (!tenant?.paymentProvider.stripe) {
        throw new DomainError('INVALID_SIGNATURE', 'The webhook signature does not match');
      }
      return receive(request, services.providers.of(tenant.shopId, 'stripe'), 'stripe');
    },
  );
};
