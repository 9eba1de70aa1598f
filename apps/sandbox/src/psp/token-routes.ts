import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { PspContext } from './context';
import { answerOnce } from './idempotency';
import { tokenView } from './tokens';
import { parseIdempotencyKey, parseTokenRequest } from './validation';

/**
 * Saved payment methods (tokens) in the merchant API:
 *
 * - `POST /psp/tokens` (header `Idempotency-Key`) `{ merchantReference, method: 'creditcard' |
 *   'paypal', returnUrl, webhookUrl?, tenantName, customerReference? }`: asks the shopper to save
 *   a payment method without paying; 201 `{ tokenId, status: 'PENDING', payerUrl }` with
 *   `payerUrl` = `{publicBaseUrl}/psp/save/{tokenId}`. Idempotent like `POST /psp/payments`.
 * - `GET /psp/tokens/{id}`: `{ tokenId, status, method, merchantReference, customerReference?,
 *   cardLast4?, cardBrand?, expiry? }`; 404 `UNKNOWN_TOKEN`.
 * - `DELETE /psp/tokens/{id}`: the token is DELETED and can no longer be charged; 200 with the
 *   token as `GET` shows it (again for a token already deleted); 404 `UNKNOWN_TOKEN`.
 */

type Params = { Params: { tokenId: string } };

export function tokenRoutes(app: FastifyInstance, context: PspContext): void {
  const { tokens, urls } = context;

  app.post('/tokens', async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
    const parsed = parseTokenRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    return answerOnce(reply, context.tokenKeys, key.value, request.body, () => {
      const token = tokens.create(parsed.value);
      const payerUrl = urls.saver(token.tokenId);
      return { status: 201, body: { tokenId: token.tokenId, status: token.status, payerUrl } };
    });
  });

  app.get<Params>('/tokens/:tokenId', async (request, reply) => {
    const token = tokens.get(request.params.tokenId);
    if (!token)
      return sendError(reply, 404, 'UNKNOWN_TOKEN', `No token has the id ${request.params.tokenId}`);
    return tokenView(token);
  });

  app.delete<Params>('/tokens/:tokenId', async (request, reply) => {
    const token = tokens.get(request.params.tokenId);
    if (!token)
      return sendError(reply, 404, 'UNKNOWN_TOKEN', `No token has the id ${request.params.tokenId}`);
    tokens.delete(token);
    return tokenView(token);
  });
}
