import type { FastifyPluginAsync } from 'fastify';
import { answerErrorsAsJson } from '../replies';
import { twilioApiRoutes } from './api-routes';
import { createTwilioContext } from './context';
import { inboundRoutes } from './inbound-routes';
import type { TwilioRouteOptions } from './options';
import { testingRoutes } from './testing';

/**
 * The Twilio stand-in, registered under `/twilio`: Twilio's REST API for Programmable Messaging
 * under `/twilio/2010-04-01` (for the `twilio` SDK with its requests to `https://api.twilio.com`
 * sent here instead), and the sandbox's testing switches under `/twilio/testing`.
 */
export const twilioRoutes: FastifyPluginAsync<TwilioRouteOptions> = async (app, options) => {
  const context = createTwilioContext(options, app.log);
  app.addHook('onClose', async () => context.close());
  await app.register(async (api) => twilioApiRoutes(api, context), { prefix: '/2010-04-01' });
  await app.register(async (testing) => {
    answerErrorsAsJson(testing, 'Twilio stand-in');
    testingRoutes(testing, context);
    inboundRoutes(testing, context);
  });
};
