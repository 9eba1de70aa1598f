import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { PspContext } from './context';
import { parseDeclinedDevice } from './validation';

/**
 * The fraud screening's test control (no idempotency key: it is not part of the merchant API):
 *
 * - `POST /psp/fraud/declined-devices` `{ deviceId }`: every payment started with that device id
 *   from now on is refused (402 `RISK_DECLINED`); 201 `{ deviceId, declined: true }`, 200 when it
 *   was declined already.
 */
export function fraudRoutes(app: FastifyInstance, context: PspContext): void {
  app.post('/fraud/declined-devices', async (request, reply) => {
    const parsed = parseDeclinedDevice(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const added = context.fraud.declineDevice(parsed.value);
    return reply.status(added ? 201 : 200).send({ deviceId: parsed.value, declined: true });
  });
}
