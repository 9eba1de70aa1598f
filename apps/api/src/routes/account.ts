import {
  accountProfileSchema,
  clientLogBodySchema,
  editProfileBodySchema,
  historyOrderParamsSchema,
  historyOrderSchema,
  orderHistoryAnswerSchema,
  orderHistoryQuerySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AccountServices } from '../accounts/context';
import { historyOrder, orderHistory } from '../accounts/history';
import { editProfile, profileOf } from '../accounts/profile';
import { signedInAccount } from '../http/account-context';
import { type AbuseLimits, signInUses } from '../http/rate-limits';
import { accountCallErrors, tenantHeadersSchema } from '../http/schemas';

const errors = accountCallErrors;
const tags = ['account'];
const headers = tenantHeadersSchema;

/** Spec §7 Account: the signed-in shopper's profile and order history, and the shop's error log. */
export const accountRoutes: FastifyPluginAsyncZod<AccountServices & { limits: AbuseLimits }> = async (
  app,
  { limits, ...services },
) => {
  const account = (request: FastifyRequest) => signedInAccount(services, limits, request);

  app.get(
    '/api/shop/rest/account/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in shopper’s profile',
        headers,
        response: { 200: accountProfileSchema, ...errors },
      },
    },
    async (request) => profileOf((await account(request)).session.customer),
  );

  app.post(
    '/api/shop/rest/account/profile/edit',
    {
      schema: {
        tags,
        summary: 'Change the profile; a new e-mail or password needs the current password',
        headers,
        body: editProfileBodySchema,
        response: { 200: accountProfileSchema, ...errors },
      },
    },
    async (request) => {
      const { context, session } = await account(request);
      const edit = () => editProfile(context, session.customer, session.sessionHash, request.body);
      // A stolen session must not become a way to guess the password.
      if (request.body.currentPassword === undefined) return edit();
      return limits.secretTry(request, signInUses(request, session.customer.userName), edit);
    },
  );

  app.get(
    '/api/shop/rest/orders/history',
    {
      schema: {
        tags,
        summary: 'The shopper’s orders, newest first: offset = (page − 1) × 15, size 15',
        headers,
        querystring: orderHistoryQuerySchema,
        response: { 200: orderHistoryAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { context, session } = await account(request);
      return orderHistory(context, session.customer, request.query);
    },
  );

  app.get(
    '/api/shop/rest/orders/history/:orderNumber',
    {
      schema: {
        tags,
        summary: 'One order of the shopper with its purchase details and voucher PINs',
        headers,
        params: historyOrderParamsSchema,
        response: { 200: historyOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { context, session } = await account(request);
      return historyOrder(context, session.customer, request.params.orderNumber);
    },
  );

  app.post(
    '/api/log',
    {
      onRequest: limits.guard('clientLog'),
      schema: {
        tags: ['operations'],
        summary: 'An error the storefront met in the browser, for the API’s log',
        headers,
        body: clientLogBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { level, message, context } = request.body;
      request.log[level]({ shop: request.tenant.shopId, client: context ?? {} }, `storefront: ${message}`);
      return reply.status(204).send(null);
    },
  );
};
