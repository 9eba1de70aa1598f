import {
  accountDeletedSchema,
  deleteAccountBodySchema,
  deletionCodeSentSchema,
  ownDataExportSchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { deleteAccount, exportFileName, exportOwnData, sendDeletionCode } from '../accounts/own-data';
import { signedInAccount } from '../http/account-context';
import { type AbuseLimits, signInUses } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import type { JobQueue } from '../jobs/queue';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const tags = ['account'];
const headers = tenantHeadersSchema;

/**
 * The signed-in shopper's own data (decision 0036): a copy of everything the shop holds about
 * the account, and deleting the account.
 */
export const ownDataRoutes: FastifyPluginAsyncZod<
  AccountServices & { limits: AbuseLimits; jobs: Pick<JobQueue, 'send'> }
> = async (app, { limits, jobs, ...services }) => {
  const account = (request: FastifyRequest) => signedInAccount(services, limits, request);

  app.get(
    '/api/shop/rest/account/export',
    {
      onRequest: limits.guard('accountExport'),
      schema: {
        tags,
        summary: 'Everything the shop holds about the signed-in shopper, as a JSON file to download',
        headers,
        response: { 200: ownDataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { context, session } = await account(request);
      const document = await exportOwnData(context, session.customer, session.sessionHash);
      reply.header('Content-Disposition', `attachment; filename="${exportFileName(context)}"`);
      reply.header('Cache-Control', 'no-store');
      return document;
    },
  );

  app.post(
    '/api/shop/rest/account/delete/code',
    {
      schema: {
        tags,
        summary: 'Send the code that confirms deleting the account (for accounts without a password)',
        headers,
        response: { 200: deletionCodeSentSchema, ...errors },
      },
    },
    async (request) => {
      const { context, session } = await account(request);
      return sendDeletionCode(context, session.customer);
    },
  );

  app.post(
    '/api/shop/rest/account/delete',
    {
      schema: {
        tags,
        summary: 'Delete the account; its orders stay in the books without personal data',
        description:
          'Confirmed by `password` (AUTHENTICATION_FAILED when wrong) or by the `code` sent for it ' +
          '(INVALID_VERIFICATION_CODE). 409 ACCOUNT_HAS_OPEN_ORDERS while an order is paid and not ' +
          'yet delivered. The session ends with the account.',
        headers,
        body: deleteAccountBodySchema,
        response: { 200: accountDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const { context, session } = await account(request);
      // A password or code tried here is a sign-in try: it counts against the same limits (a code,
      // which only the owner receives, not against the account's limit from anywhere).
      const uses = signInUses(request, session.customer.userName, {
        byPassword: request.body.code === undefined,
      });
      return limits.secretTry(request, uses, () =>
        deleteAccount({ ...context, jobs }, session.customer, request.body),
      );
    },
  );
};
