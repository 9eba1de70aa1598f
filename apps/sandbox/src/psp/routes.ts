import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { answerErrorsAsJson } from '../replies';
import { createPspContext } from './context';
import { fraudRoutes } from './fraud-routes';
import { merchantRoutes } from './merchant-routes';
import { operationRoutes } from './operation-routes';
import { type PspOptions, resolvePspOptions } from './options';
import { payerRoutes } from './payer-routes';
import { saveRoutes } from './save-routes';
import { tokenRoutes } from './token-routes';

/**
 * The sandbox payment provider, registered under `/psp`: the merchant API (`merchant-routes.ts`,
 * `operation-routes.ts`, `token-routes.ts`), the hosted pages and their actions
 * (`payer-routes.ts`, `save-routes.ts`), fraud screening (`fraud-routes.ts`), and signed webhooks (`events.ts`, sent by
 * `../webhook-queue.ts`). Everything lives in memory; closing the app stops delayed captures and
 * webhook retries.
 */
export const pspRoutes: FastifyPluginAsync<PspOptions> = async (app, options) => {
  const context = createPspContext(resolvePspOptions(options), app.log);
  app.addHook('onClose', async () => context.close());
  acceptBodies(app);
  answerErrorsAsJson(app, 'payment provider');
  merchantRoutes(app, context);
  operationRoutes(app, context);
  tokenRoutes(app, context);
  payerRoutes(app, context);
  saveRoutes(app, context);
  fraudRoutes(app, context);
};

/**
 * Bodies the provider reads: JSON (an empty body counts as none, so a bare POST to a twin works)
 * and the urlencoded posts of the hosted page's forms.
 */
function acceptBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  acceptFormPosts(app);
}
