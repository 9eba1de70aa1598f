import { DomainError } from '@shop/domain';
import {
  autoTopupAnswerSchema,
  autoTopupLightAnswerSchema,
  autoTopupLightQueryBodySchema,
  autoTopupQueryBodySchema,
  autoTopupRowsAnswerSchema,
  deleteAutoTopupBodySchema,
  deletedAnswerSchema,
  resendLightLinkAnswerSchema,
  resendLightLinkBodySchema,
  updateAutoTopupBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { queryLightLink, resendLightLink } from '../auto-topups/light-links';
import { type AutoTopupContext, deleteAutoTopup, updateAutoTopup } from '../auto-topups/manage';
import { timeZoneOf } from '../auto-topups/register';
import { queryAutoTopups } from '../auto-topups/rows';
import { signedInAccount } from '../http/account-context';
import type { AbuseLimits } from '../http/rate-limits';
import { accountCallErrors, tenantHeadersSchema } from '../http/schemas';
import { signedInOrGuest } from '../http/session';
import type { JobQueue } from '../jobs/queue';

const errors = accountCallErrors;
const tags = ['automatic top-ups'];
const headers = tenantHeadersSchema;

/** Spec §7 Auto top-up: the signed-in shopper's automatic top-ups (decision 0040). */
export const autoTopupRoutes: FastifyPluginAsyncZod<
  AccountServices & { limits: AbuseLimits; jobs: Pick<JobQueue, 'send'> }
> = async (app, { limits, jobs, ...services }) => {
  const signedIn = async (request: FastifyRequest): Promise<AutoTopupContext> => {
    const { context, session } = await signedInAccount(services, limits, request);
    return { db: services.db, tenant: context.tenant, customerId: session.customer.id, now: context.now };
  };

  app.post(
    '/api/topup/autotopup/query',
    {
      schema: {
        tags,
        summary: 'The shopper’s automatic top-ups of the given types (or families) and statuses',
        headers,
        body: autoTopupQueryBodySchema,
        response: { 200: autoTopupRowsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const context = await signedIn(request);
      // Only the shopper's own top-ups are there to ask about; another user id names nobody here.
      if (request.body.userId !== undefined && request.body.userId !== context.customerId) {
        throw new DomainError('NOT_FOUND', 'No user of this shop has this id');
      }
      const rows = await queryAutoTopups(
        context.db,
        {
          tenantId: context.tenant.shopId,
          customerId: context.customerId,
          timeZone: timeZoneOf(context.tenant),
        },
        request.body,
        context.now,
      );
      return { rows };
    },
  );

  app.post(
    '/api/topup/autotopuplight/query',
    {
      schema: {
        tags,
        summary: 'Whose a light top-up’s link is, and for its owner the top-up it fills in',
        headers,
        body: autoTopupLightQueryBodySchema,
        response: { 200: autoTopupLightAnswerSchema, ...errors },
      },
      // A link's secret is a code like any other: guessing it is slowed down the same way.
      onRequest: limits.guard('codeCheckPerClient'),
    },
    async (request) => {
      const session = await signedInOrGuest(services.db, request, new Date());
      return queryLightLink(services.db, request.tenant, request.body, session?.customer.id);
    },
  );

  app.post(
    '/api/topup/autotopuplight/resend',
    {
      schema: {
        tags,
        summary: 'Send a light top-up’s latest live link again, to its own number, with a new secret',
        description:
          'The earlier SMS’s link stops working. At most 3 times per top-up and hour (429 TOO_MANY_REQUESTS ' +
          'past it); 409 AUTO_TOPUP_LIGHT_LINK_UNAVAILABLE when no live link is there to send.',
        headers,
        body: resendLightLinkBodySchema,
        response: { 202: resendLightLinkAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { autoTopupId } = request.body;
      const lightLink = await resendLightLink(
        await signedIn(request),
        autoTopupId,
        () => limits.take(request, [{ limit: 'lightLinkSendAgain', subject: autoTopupId }]),
        (linkId, within) => jobs.send('auto-topup-light-link', { linkId }, { within }),
      );
      return reply.status(202).send({ lightLink });
    },
  );

  app.put(
    '/api/topup/autotopup',
    {
      schema: {
        tags,
        summary: 'Activate, pause or delete an automatic top-up; give it another method or a monthly cap',
        headers,
        body: updateAutoTopupBodySchema,
        response: { 200: autoTopupAnswerSchema, ...errors },
      },
    },
    async (request) => ({ autoTopup: await updateAutoTopup(await signedIn(request), request.body) }),
  );

  app.post(
    '/api/topup/autotopup/delete',
    {
      schema: {
        tags,
        summary: 'Delete an automatic top-up in one step; its method is no longer charged for it',
        headers,
        body: deleteAutoTopupBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteAutoTopup(await signedIn(request), request.body.autoTopupId);
      return { status: 'successfulDelete' as const, message: 'successfulDelete' as const };
    },
  );
};
