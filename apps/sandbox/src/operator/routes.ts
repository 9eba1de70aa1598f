import type { FastifyPluginAsync } from 'fastify';
import { lookupNumber } from './numbers';

/**
 * The sandbox mobile operator, registered under `/operator`.
 *
 * `GET /operator/lookup/{msisdn}`: the brand and country of a number (E.164, `+` URL-encoded as
 * `%2B` or left out). 200 `{ msisdn, country, brandId, brandName }`; 404 `UNKNOWN_NUMBER` for a
 * number no brand owns; 400 `VALIDATION_FAILED` for something that is not a phone number.
 */
export const operatorRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { msisdn: string } }>('/lookup/:msisdn', async (request, reply) => {
    const result = lookupNumber(request.params.msisdn);
    switch (result.kind) {
      case 'found':
        return result.owner;
      case 'unknown':
        return reply
          .status(404)
          .send({ code: 'UNKNOWN_NUMBER', message: `No brand owns the number ${result.msisdn}` });
      case 'invalid':
        return reply.status(400).send({
          code: 'VALIDATION_FAILED',
          message: 'msisdn must be a phone number in E.164 form: an optional +, then 6 to 15 digits',
        });
    }
  });
};
