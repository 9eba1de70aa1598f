import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import { redemptionView } from './cash-codes';
import type { OperatorContext } from './context';
import { normaliseCashCode, parseRedeemRequest } from './validation';

/**
 * Cash codes from a store's till (the codes: `cash-codes.ts`):
 *
 * - `POST /operator/cash-codes/redeem` `{ clientReference, code, msisdn }`: credits the number
 *   with the code's value; 200 `{ status: 'REDEEMED', clientReference, code, amount, currency,
 *   msisdn, balanceAfter }`. The same `clientReference` again answers the same (no second
 *   credit); with another body 409 `REFERENCE_REUSED`. 404 `UNKNOWN_CASH_CODE`, 409
 *   `CASH_CODE_USED`, 409 `CURRENCY_MISMATCH` (a GBP code for an EUR balance, or the other way
 *   round), 400 `VALIDATION_FAILED`.
 * - `GET /operator/cash-codes/{code}`: 200 `{ code, amount, currency, status: 'VALID' | 'USED',
 *   redeemedFor? }` (`redeemedFor`: `{ msisdn, msisdnAsSent }` of a code redeemed here), 404
 *   `UNKNOWN_CASH_CODE`.
 */
export function cashCodeRoutes(app: FastifyInstance, { cashCodes }: OperatorContext): void {
  app.post('/cash-codes/redeem', async (request, reply) => {
    const parsed = parseRedeemRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const { clientReference, code } = parsed.value;
    const outcome = cashCodes.redeem(parsed.value);
    switch (outcome.kind) {
      case 'conflict':
        return sendError(
          reply,
          409,
          'REFERENCE_REUSED',
          `The clientReference ${clientReference} was used for another redemption`,
        );
      case 'unknown':
        return sendError(reply, 404, 'UNKNOWN_CASH_CODE', `No cash code ${code} exists`);
      case 'used':
        return sendError(reply, 409, 'CASH_CODE_USED', `The cash code ${code} has already been redeemed`);
      case 'currency-mismatch':
        return sendError(
          reply,
          409,
          'CURRENCY_MISMATCH',
          `The cash code ${code} is worth ${outcome.code.currency}; the balance is in ${outcome.balanceCurrency}`,
        );
      case 'redeemed':
      case 'replay':
        return reply.status(200).send(redemptionView(outcome.redemption));
    }
  });

  app.get<{ Params: { code: string } }>('/cash-codes/:code', async (request, reply) => {
    const code = normaliseCashCode(request.params.code);
    const found = code === undefined ? undefined : cashCodes.find(code);
    if (!found) {
      return sendError(reply, 404, 'UNKNOWN_CASH_CODE', `No cash code ${request.params.code} exists`);
    }
    const { code: foundCode, amount, currency, status, redeemedFor } = found;
    return { code: foundCode, amount, currency, status, ...(redeemedFor ? { redeemedFor } : {}) };
  });
}
