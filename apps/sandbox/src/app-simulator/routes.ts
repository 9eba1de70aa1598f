import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { sendError, sendPage } from '../replies';
import { isRecord } from '../validation';
import { type EntryLinkSettings, makeEntryLink, parseEntryLinkRequest } from './entry-links';
import { returnPage, simulatorPage } from './pages';

/**
 * The app simulator, registered under `/app-simulator`: plays a shop's phone app (docs/sandbox.md,
 * docs/mobile-app.md).
 *
 * - `GET /app-simulator`: the page (**Shop**, **Phone number**, **Currency**, **Open shop**).
 * - `POST /app-simulator/open` (the page's form): 303 to a fresh entry link, with a device id of
 *   the simulated phone.
 * - `POST /app-simulator/entry-links` `{ shopId, msisdn, currency, deviceId?, returnUrl?,
 *   expiresInSeconds?, forge? }`: 200 `{ entryUrl, returnUrl }`; 400 `VALIDATION_FAILED`.
 * - `GET /app-simulator/return`: where the deep link back to the app lands; shows its parameters.
 */
export const appSimulatorRoutes: FastifyPluginAsync<EntryLinkSettings> = async (app, settings) => {
  acceptFormPosts(app);
  const shops = [...settings.appKeys.keys()];

  app.get('/', async (_request, reply) => sendPage(reply, 200, simulatorPage({ shops })));

  app.post('/entry-links', async (request, reply) => {
    const parsed = parseEntryLinkRequest(request.body, settings.appKeys);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    return makeEntryLink(settings, parsed.value);
  });

  app.post('/open', async (request, reply) => {
    const form = isRecord(request.body) ? request.body : {};
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const parsed = parseEntryLinkRequest(
      {
        shopId: form.shopId,
        msisdn: form.msisdn,
        currency: form.currency,
        deviceId: `app-device-${randomBytes(6).toString('hex')}`,
      },
      settings.appKeys,
    );
    if (!parsed.ok) {
      const values = { shopId: text(form.shopId), msisdn: text(form.msisdn), currency: text(form.currency) };
      return sendPage(reply, 400, simulatorPage({ shops, values, error: parsed.message }));
    }
    return reply.redirect(makeEntryLink(settings, parsed.value).entryUrl, 303);
  });

  app.get('/return', async (request, reply) => {
    const query = new URL(request.url, 'http://sandbox.invalid').searchParams;
    return sendPage(reply, 200, returnPage([...query.entries()]));
  });
};
