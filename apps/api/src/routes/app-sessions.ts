import type { Database } from '@shop/db';
import { appSessionAnswerSchema, appSessionBodySchema } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AbuseLimits, signInUses } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import { openAppSession } from '../mobile-app/sessions';

/** The tenants' phone apps open the shop here (decision 0050, docs/mobile-app.md). */
export const appSessionRoutes: FastifyPluginAsyncZod<{
  db: Database;
  limits: AbuseLimits;
  appEntryKeys: ReadonlyMap<string, readonly string[]>;
}> = async (app, { db, limits, appEntryKeys }) => {
  app.post(
    '/api/shop/rest/app-sessions',
    {
      schema: {
        tags: ['mobile app'],
        summary: 'Open the session of a signed app entry link',
        description:
          'The storefront posts the token of the entry link the tenant’s app opened. A forged, expired, ' +
          'used or foreign link answers 401 APP_ENTRY_LINK_INVALID. The session is an access token ' +
          '(Bearer) for the app’s number, with the channel `app` and the app’s currency.',
        headers: tenantHeadersSchema,
        body: appSessionBodySchema,
        response: {
          200: appSessionAnswerSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      limits.secretTry(request, signInUses(request), () =>
        openAppSession(
          {
            db,
            tenant: request.tenant,
            appKeys: appEntryKeys.get(request.tenant.shopId) ?? [],
            now: new Date(),
            log: request.log,
          },
          request.body.entryToken,
        ),
      ),
  );
};
