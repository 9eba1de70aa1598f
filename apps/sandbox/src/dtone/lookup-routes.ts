import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRecord } from '../validation';
import { badRequest, countryNotFound, operatorNotFound } from './errors';
import { DTONE_OPERATORS, isoCodeOf, lookUpMobileNumber, operatorById, operatorView } from './operators';
import { type PageRequest, pageRequestOf, paginate } from './pagination';
import { isoCountry } from './parameters';
import { E164 } from './transaction-request';

/**
 * Look-up and operators (`operators.ts`):
 *
 * - `POST /v1/lookup/mobile-number` `{ mobile_number, page?, per_page? }` and the older
 *   `GET /v1/lookup/mobile-number/{mobile_number}`: the operators of the number's country, each
 *   with `identified`, the owner (`true`) first; a number no brand owns gets them all `false`.
 *   A country the numbering plan does not serve is 404 (1005005); a number that is not E.164
 *   400 (1000400).
 * - `GET /v1/operators` (`country_iso_code`) and `GET /v1/operators/{operator_id}` (404, 1005006).
 */

type Query = Record<string, unknown>;

export function lookupRoutes(api: FastifyInstance): void {
  api.post('/lookup/mobile-number', async (request, reply) => {
    const body: unknown = request.body;
    if (!isRecord(body)) throw badRequest('The body must be a JSON object with mobile_number');
    return lookUp(reply, body.mobile_number, pageRequestOf(body));
  });

  api.get<{ Params: { mobile_number: string }; Querystring: Query }>(
    '/lookup/mobile-number/:mobile_number',
    async (request, reply) => lookUp(reply, request.params.mobile_number, pageRequestOf(request.query)),
  );

  api.get<{ Querystring: Query }>('/operators', async (request, reply) => {
    const page = pageRequestOf(request.query);
    const country =
      request.query.country_iso_code === undefined ? undefined : isoCountry(request.query.country_iso_code);
    const operators = DTONE_OPERATORS.filter((operator) => !country || isoCodeOf(operator) === country);
    return paginate(reply, operators.map(operatorView), page);
  });

  api.get<{ Params: { operator_id: string } }>('/operators/:operator_id', async (request) => {
    const operator = /^\d+$/.test(request.params.operator_id)
      ? operatorById(Number(request.params.operator_id))
      : undefined;
    if (!operator) throw operatorNotFound(request.params.operator_id);
    return operatorView(operator);
  });
}

function lookUp(reply: FastifyReply, mobileNumber: unknown, page: PageRequest) {
  if (typeof mobileNumber !== 'string' || !E164.test(mobileNumber)) {
    throw badRequest('mobile_number must be E.164: +, then 7 to 15 digits');
  }
  const found = lookUpMobileNumber(mobileNumber);
  if (found.kind === 'unknown-country') throw countryNotFound(mobileNumber);
  return paginate(reply, found.operators, page);
}
