import {
  deletedAnswerSchema,
  deleteSmsTopupBodySchema,
  smsTopupAnswerSchema,
  smsTopupRowsAnswerSchema,
  updateSmsTopupBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { signedInAccount } from '../http/account-context';
import type { AbuseLimits } from '../http/rate-limits';
import { accountCallErrors, tenantHeadersSchema } from '../http/schemas';
import {
  deleteSmsTopup,
  listSmsTopups,
  type SmsTopupContext,
  updateSmsTopup,
} from '../sms-topups/registrations';

const errors = accountCallErrors;
const tags = ['SMS top-ups'];
const headers = tenantHeadersSchema;

/** Spec §7 SMS top-up: the signed-in shopper's SMS top-up registrations (decision 0041). */
export const smsTopupRoutes: FastifyPluginAsyncZod<AccountServices & { limits: AbuseLimits }> = async (
  app,
  { limits, ...services },
) => {
  const signedIn = async (request: FastifyRequest): Promise<SmsTopupContext> => {
    const { context, session } = await signedInAccount(services, limits, request);
    return { db: services.db, tenant: context.tenant, customerId: session.customer.id, now: context.now };
  };

  app.get(
    '/api/shop/rest/smstopup/query',
    {
      schema: {
        tags,
        summary: 'The shopper’s numbers registered for SMS top-ups',
        headers,
        response: { 200: smsTopupRowsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ rows: await listSmsTopups(await signedIn(request)) }),
  );

  app.put(
    '/api/shop/rest/smstopup',
    {
      schema: {
        tags,
        summary:
          'Give an SMS top-up another saved method or PIN, unlock it, or register a number confirmed before',
        headers,
        body: updateSmsTopupBodySchema,
        response: { 200: smsTopupAnswerSchema, ...errors },
      },
    },
    async (request) => ({ smsTopup: await updateSmsTopup(await signedIn(request), request.body) }),
  );

  app.delete(
    '/api/shop/rest/smstopup',
    {
      schema: {
        tags,
        summary: 'Stop SMS top-ups for a number in one step',
        headers,
        body: deleteSmsTopupBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSmsTopup(await signedIn(request), request.body);
      return { status: 'successfulDelete' as const, message: 'successfulDelete' as const };
    },
  );
};
