import {
  checkoutAddressAnswerSchema,
  checkoutAddressBodySchema,
  createdOrderAnswerSchema,
  createOrderBodySchema,
  orderParamsSchema,
  orderQuerySchema,
  orderViewSchema,
  resendOtpBodySchema,
  startApplePaymentBodySchema,
  startedPaymentAnswerSchema,
  startPaymentBodySchema,
  validateOtpAnswerSchema,
  validateOtpBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { resendOtp, submitCheckoutAddress } from '../checkout/address';
import type { CheckoutServices } from '../checkout/context';
import { createOrder, orderStatus } from '../checkout/order-requests';
import { verifyChallenge } from '../checkout/otp';
import { startPayment } from '../checkout/start-payment';
import { readVoucherAddress } from '../checkout/voucher-delivery-address';
import { accountContextOf } from '../http/account-context';
import { checkoutContextOf } from '../http/checkout-context';
import type { AbuseLimits } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import { bearerToken, signedInOrGuest } from '../http/session';
import { appSessionOf } from '../mobile-app/sessions';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const tags = ['checkout'];
const headers = tenantHeadersSchema;

/** The checkout calls of spec §7 (Cart and checkout, the checkout half), at exactly its paths. */
export const checkoutRoutes: FastifyPluginAsyncZod<
  CheckoutServices & { limits: AbuseLimits; accounts: AccountServices }
> = async (app, { limits, accounts, ...services }) => {
  const context = (request: FastifyRequest, customerId?: string) =>
    checkoutContextOf(services, limits, request, customerId);
  /** The context of a call for a signed-in shopper or a guest: an order goes into the shopper's history. */
  const orderingContext = async (request: FastifyRequest) => {
    const now = new Date();
    const [signedIn, appSession] = await Promise.all([
      signedInOrGuest(services.db, request, now),
      appSessionOf(services.db, request.tenant, bearerToken(request), now),
    ]);
    return { ...context(request, signedIn?.customer.id), ...(appSession ? { appSession } : {}) };
  };
  const contactLimit = limits.guard('contact');
  const paymentLimit = limits.guard('payment');

  app.post(
    '/api/shop/rest/checkout-address',
    {
      onRequest: contactLimit,
      schema: {
        tags,
        summary: 'Keep the contact and address; answer the next step (OTP sends a code by SMS)',
        headers,
        body: checkoutAddressBodySchema,
        response: { 200: checkoutAddressAnswerSchema, ...errors },
      },
    },
    async (request) =>
      submitCheckoutAddress(
        { ...(await orderingContext(request)), accounts: accountContextOf(accounts, limits, request) },
        request.body,
      ),
  );

  app.post(
    '/api/shop/rest/validate-otp',
    {
      schema: {
        tags,
        summary: 'Confirm the phone number with the code sent by SMS',
        headers,
        body: validateOtpBodySchema,
        response: { 200: validateOtpAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await verifyChallenge(context(request), request.body.cartName, request.body.otp);
      return { verified: true as const };
    },
  );

  app.post(
    '/api/shop/rest/resend-otp',
    {
      onRequest: contactLimit,
      schema: {
        tags,
        summary: 'Send a new code (at most once a minute)',
        headers,
        body: resendOtpBodySchema,
        response: { 200: checkoutAddressAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      nextStep: 'OTP' as const,
      ...(await resendOtp(context(request), request.body.cartName)),
    }),
  );

  app.post(
    '/api/shop/rest/checkout-start-payment',
    {
      onRequest: paymentLimit,
      schema: {
        tags,
        summary: 'Start paying the cart; answers where the shopper pays',
        headers,
        body: startPaymentBodySchema,
        response: { 200: startedPaymentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { paymentMethod, cartName, savePayment, additionalData, paymentTokenId } = request.body;
      const { deviceId, fraudnetSessionId } = request.body;
      const method = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.name;
      await limits.take(request, [{ limit: 'paymentPerCart', subject: cartName }]);
      const context = await orderingContext(request);
      return startPayment(context, {
        cartName,
        method,
        savePayment,
        additionalData,
        paymentTokenId,
        // In an app session the phone is the device the app names (decision 0050).
        deviceId: context.appSession?.deviceId ?? deviceId,
        fraudnetSessionId,
      });
    },
  );

  app.post(
    '/api/shop/rest/checkout-start-apple-payment',
    {
      onRequest: paymentLimit,
      schema: {
        tags,
        summary: 'Start paying the cart with Apple Pay',
        headers,
        body: startApplePaymentBodySchema,
        response: { 200: startedPaymentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { cartName, savePayment, additionalData, voucherdeliveryaddress, voucherDeliveryAddress } =
        request.body;
      const field =
        voucherdeliveryaddress === undefined ? 'voucherDeliveryAddress' : 'voucherdeliveryaddress';
      await limits.take(request, [{ limit: 'paymentPerCart', subject: cartName }]);
      return startPayment(await orderingContext(request), {
        cartName,
        method: 'applepay',
        savePayment,
        additionalData,
        voucherAddress: readVoucherAddress(
          request.tenant,
          voucherdeliveryaddress ?? voucherDeliveryAddress,
          field,
        ),
      });
    },
  );

  app.post(
    '/api/shop/rest/orders',
    {
      schema: {
        tags,
        summary: 'Create the order of a cart that needs no payment',
        headers,
        body: createOrderBodySchema,
        response: { 201: createdOrderAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrder(await orderingContext(request), request.body.cartName)),
  );

  app.get(
    '/api/shop/rest/orders/:orderNumber',
    {
      schema: {
        tags,
        summary: 'The order and its payment, for the result page',
        headers,
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderViewSchema, ...errors },
      },
    },
    async (request) => orderStatus(context(request), request.params.orderNumber, request.query.cartName),
  );
};
