import type { FastifyPluginAsync } from 'fastify';
import { answerErrorsAsJson, sendError } from '../replies';
import { isText } from '../validation';
import { addressesOf } from './addresses';

/**
 * The sandbox postcode service, registered under `/address`:
 * `GET /address/lookup?postcode=…&countryCode=…` answers 200 `{ addresses: [{ street, postcode,
 * city, countryCode }] }`, an empty list for a postcode it does not know, and 400
 * `VALIDATION_FAILED` without a postcode (1 to 16 characters) or a two-letter country.
 */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  answerErrorsAsJson(app, 'address service');

  app.get<{ Querystring: { postcode?: unknown; countryCode?: unknown } }>(
    '/lookup',
    async (request, reply) => {
      const { postcode, countryCode } = request.query;
      if (!isText(postcode, 16)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'postcode must be 1 to 16 characters');
      }
      if (typeof countryCode !== 'string' || !/^[a-zA-Z]{2}$/.test(countryCode)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'countryCode must be a two-letter ISO country');
      }
      return { addresses: addressesOf(postcode, countryCode) };
    },
  );
};
