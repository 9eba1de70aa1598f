import {
  confirmedPaymentTokenAnswerSchema,
  confirmPaymentTokenBodySchema,
  createdPaymentTokenAnswerSchema,
  createPaymentTokenBodySchema,
  deletedAnswerSchema,
  paymentTokenIdBodySchema,
  paymentTokenSchema,
  paymentTokensAnswerSchema,
  updatePaymentTokenBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { type AutoTopupContext, ownAutoTopup, repairAutoTopup } from '../auto-topups/manage';
import { cartForCheckout } from '../cart/service';
import type { CheckoutServices } from '../checkout/context';
import { createOrder } from '../checkout/order-requests';
import { resultUrl } from '../checkout/shop-origin';
import { startPayment } from '../checkout/start-payment';
import { signedInAccount } from '../http/account-context';
import { checkoutContextOf, requestShopOrigin } from '../http/checkout-context';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import type { JobQueue } from '../jobs/queue';
import { cartNeedsPayment } from '../orders/orders';
import { confirmToken } from '../payment-methods/confirm';
import type { PaymentMethodContext } from '../payment-methods/context';
import {
  createToken,
  deleteToken,
  listTokens,
  type SavedMethod,
  updateToken,
} from '../payment-methods/tokens';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const tags = ['payment methods'];
const headers = tenantHeadersSchema;

const autoTopupContext = (context: PaymentMethodContext): AutoTopupContext => ({
  db: context.db,
  tenant: context.tenant,
  customerId: context.customer.id,
  now: context.now,
});

/** Spec §7 Payment methods: the signed-in shopper's saved methods (decision 0039). */
export const paymentMethodRoutes: FastifyPluginAsyncZod<
  CheckoutServices & { accounts: AccountServices; limits: AbuseLimits; jobs: Pick<JobQueue, 'send'> }
> = async (app, { accounts, limits, ...services }) => {
  const signedIn = async (request: FastifyRequest): Promise<PaymentMethodContext> => {
    // The app's shopper keeps their methods on the app's number (decision 0050).
    const { context, session } = await signedInAccount(accounts, limits, request, { appSessions: true });
    return {
      ...services,
      tenant: context.tenant,
      customer: session.customer,
      shopOrigin: requestShopOrigin(request),
      now: context.now,
      log: request.log,
    };
  };

  app.get(
    '/api/shop/rest/payment-tokens',
    {
      schema: {
        tags,
        summary: 'The signed-in shopper’s saved payment methods',
        headers,
        response: { 200: paymentTokensAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const context = await signedIn(request);
      return { paymentTokens: await listTokens({ db: context.db, customerId: context.customer.id }) };
    },
  );

  app.post(
    '/api/shop/rest/payment-tokens/create',
    {
      onRequest: limits.guard('payment'),
      schema: {
        tags,
        summary: 'Save a payment method: answers the provider page where the shopper confirms it',
        headers,
        body: createPaymentTokenBodySchema,
        response: { 200: createdPaymentTokenAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const context = await signedIn(request);
      const { paymentMethod, cartName, autoTopupId, name } = request.body;
      const method = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.name;
      const purpose = cartName
        ? ({ kind: 'cart', cartName } as const)
        : autoTopupId
          ? ({ kind: 'autoTopup', autoTopupId } as const)
          : ({ kind: 'account' } as const);
      if (purpose.kind === 'autoTopup') await ownAutoTopup(autoTopupContext(context), purpose.autoTopupId);
      if (purpose.kind === 'cart')
        await context.db.transaction((tx) =>
          cartForCheckout(tx, context.tenant, purpose.cartName, context.now),
        );
      return createToken(context, { method, purpose, ...(name ? { name } : {}) });
    },
  );

  app.post(
    '/api/shop/rest/payment-tokens/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a saved method once the shopper is back; answers where the shopper goes next',
        headers,
        body: confirmPaymentTokenBodySchema,
        response: { 200: confirmedPaymentTokenAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const context = await signedIn(request);
      const checkout = checkoutContextOf(services, limits, request, context.customer.id);
      const finishCart = async (cartName: string, token: SavedMethod) => {
        const free = await context.db.transaction(async (tx) => {
          const { detail } = await cartForCheckout(tx, context.tenant, cartName, context.now);
          return !cartNeedsPayment(detail);
        });
        if (!free) {
          const started = await startPayment(checkout, {
            cartName,
            method: token.method,
            paymentTokenId: token.id,
          });
          return { orderNumber: started.orderNumber, payerUrl: started.payerUrl };
        }
        const { orderNumber } = await createOrder(checkout, cartName);
        const payerUrl = new URL(resultUrl(context.shopOrigin, cartName, orderNumber));
        payerUrl.searchParams.set('paymentToken', token.id);
        return { orderNumber, payerUrl: payerUrl.toString() };
      };
      const repair = (autoTopupId: string, token: SavedMethod) =>
        repairAutoTopup(autoTopupContext(context), autoTopupId, token);
      return confirmToken(context, request.body.id, { finishCart, repairAutoTopup: repair });
    },
  );

  app.put(
    '/api/shop/rest/payment-tokens/update',
    {
      schema: {
        tags,
        summary: 'Rename a saved method, or say whether automatic top-ups charge it',
        headers,
        body: updatePaymentTokenBodySchema,
        response: { 200: paymentTokenSchema, ...errors },
      },
    },
    async (request) => updateToken(await signedIn(request), request.body),
  );

  app.post(
    '/api/shop/rest/payment-tokens/delete',
    {
      schema: {
        tags,
        summary: 'Delete a saved method; refused while an automatic top-up charges it',
        headers,
        body: paymentTokenIdBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteToken(await signedIn(request), request.body.id);
      return { status: 'successfulDelete' as const, message: 'successfulDelete' as const };
    },
  );
};
