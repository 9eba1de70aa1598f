import { DomainError } from '@shop/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProvider } from '../adapters/payment-provider';
import type { CheckoutServices } from '../checkout/context';
import { receivePaymentEvent, returnDuplicatePayments, syncPayment } from '../orders/payment-state';

/**
 * `POST /api/webhooks/psp`: the payment provider's events. The body is read raw, because the
 * signature is over its exact bytes. 401 `INVALID_SIGNATURE` changes nothing; every signed
 * event is answered 200 once it is safely recorded (or known already), so the provider stops
 * retrying it.
 */
export const webhookRoutes: FastifyPluginAsync<
  CheckoutServices & {
    provider: PaymentProvider;
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

  app.post('/api/webhooks/psp', { schema: { hide: true } }, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const webhook = services.provider.verifyWebhook(raw, request.headers);
    if (webhook.kind === 'invalid-signature') {
      throw new DomainError('INVALID_SIGNATURE', 'The webhook signature does not match');
    }
    if (webhook.kind === 'ignored') {
      request.log.info({ eventId: webhook.eventId, type: webhook.type }, 'webhook ignored');
      return { received: true };
    }
    const { outcome, paymentId } = await receivePaymentEvent(services, webhook);
    request.log.info({ eventId: webhook.eventId, event: webhook.event, outcome }, 'payment webhook');
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
  });
};
