import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { OperatorContext } from './context';
import { topupView } from './topups';
import { parseTopupRequest } from './validation';

/**
 * Top-ups (behaviour by the number's last four digits: `topups.ts`):
 *
 * - `POST /operator/topups` `{ clientReference, msisdn, amount, currency }`: 200 with the top-up
 *   (SUCCEEDED or FAILED), 202 while it is PENDING. The same `clientReference` again answers the
 *   same top-up as it is now, without a second credit; with another body 409 `REFERENCE_REUSED`.
 *   400 `VALIDATION_FAILED` names the field (`currency` must be the balance's currency).
 * - `GET /operator/topups/{clientReference}`: 200 with the top-up (PENDING too), 404
 *   `UNKNOWN_TOPUP`.
 * - `GET /operator/topups`: `{ topups: [...] }`, every top-up, oldest first (the operator's
 *   statement, which a reconciliation or a soak compares against).
 *
 * The top-up: `{ topupId, clientReference, msisdn, amount, currency, status, reason?,
 * operatorReference?, balanceAfter? }`.
 */
export function topupRoutes(app: FastifyInstance, { topups }: OperatorContext): void {
  app.post('/topups', async (request, reply) => {
    const parsed = parseTopupRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const start = topups.start(parsed.value);
    if (start.kind === 'conflict') {
      return sendError(
        reply,
        409,
        'REFERENCE_REUSED',
        `The clientReference ${parsed.value.clientReference} was used for another top-up`,
      );
    }
    if (start.kind === 'new' && start.holdAnswer) await topups.holdAnswer();
    return reply.status(start.topup.status === 'PENDING' ? 202 : 200).send(topupView(start.topup));
  });

  app.get('/topups', async () => ({ topups: topups.all().map(topupView) }));

  app.get<{ Params: { clientReference: string } }>('/topups/:clientReference', async (request, reply) => {
    const topup = topups.get(request.params.clientReference);
    if (!topup) {
      return sendError(
        reply,
        404,
        'UNKNOWN_TOPUP',
        `No top-up has the clientReference ${request.params.clientReference}`,
      );
    }
    return topupView(topup);
  });
}
