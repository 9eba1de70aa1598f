import type { FastifyPluginAsync } from 'fastify';
import { answerErrorsAsJson, sendError } from '../replies';
import { deviceIdScript } from './script';

/** `{shopId}.js`: a shop id is lower-case letters, digits and dashes. */
const SCRIPT_FILE = /^([a-z0-9][a-z0-9-]{0,62})\.js$/;

/**
 * The fraud-prevention vendor's device-id script, registered under `/device-id` (docs/sandbox.md):
 *
 * - `GET /device-id/{shopId}.js`: the script for that shop's checkout pages
 *   (`settings.deviceIDURL` of the demo tenants); 404 `UNKNOWN_SHOP` for a name that is no shop id.
 */
export const deviceIdRoutes: FastifyPluginAsync = async (app) => {
  answerErrorsAsJson(app, 'device-id service');
  app.get<{ Params: { file: string } }>('/:file', async (request, reply) => {
    const shopId = SCRIPT_FILE.exec(request.params.file)?.[1];
    if (!shopId) return sendError(reply, 404, 'UNKNOWN_SHOP', 'The script is /device-id/{shopId}.js');
    return reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(deviceIdScript(shopId));
  });
};
