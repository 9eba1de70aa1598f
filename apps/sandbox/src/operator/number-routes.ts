import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { OperatorContext } from './context';
import { lookupNumber, normaliseMsisdn } from './numbers';

/**
 * What the operator tells about a number (E.164 in the path, `+` URL-encoded as `%2B` or left
 * out; anything else is 400 `VALIDATION_FAILED`):
 *
 * - `GET /operator/lookup/{msisdn}`: the owning brand and country; 200
 *   `{ msisdn, country, brandId, brandName }`, 404 `UNKNOWN_NUMBER` for a number no brand owns.
 * - `GET /operator/balances/{msisdn}`: the prepaid balance; 200 `{ msisdn, balance, currency }`
 *   (minor units). Every number has one.
 */
export function numberRoutes(app: FastifyInstance, { balances }: OperatorContext): void {
  const invalid = 'msisdn must be a phone number in E.164 form: an optional +, then 6 to 15 digits';

  app.get<{ Params: { msisdn: string } }>('/lookup/:msisdn', async (request, reply) => {
    const result = lookupNumber(request.params.msisdn);
    switch (result.kind) {
      case 'found':
        return result.owner;
      case 'unknown':
        return sendError(reply, 404, 'UNKNOWN_NUMBER', `No brand owns the number ${result.msisdn}`);
      case 'invalid':
        return sendError(reply, 400, 'VALIDATION_FAILED', invalid);
    }
  });

  app.get<{ Params: { msisdn: string } }>('/balances/:msisdn', async (request, reply) => {
    const msisdn = normaliseMsisdn(request.params.msisdn);
    if (!msisdn) return sendError(reply, 400, 'VALIDATION_FAILED', invalid);
    return balances.get(msisdn);
  });
}
