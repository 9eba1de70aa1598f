import type { FastifyInstance } from 'fastify';
import { sendError } from '../replies';
import type { Parsed } from '../validation';
import type { OperatorContext } from './context';
import { sendSms } from './sms';
import {
  parseLowBalanceRequest,
  parseSmsRequest,
  parseTariffRenewalRequest,
  parseWebhookTarget,
} from './validation';

/**
 * Triggers of the events the operator sends to the shop (`events.ts`). Each answers 202
 * `{ eventId, delivered }` (an SMS `{ eventId, messageId, delivered }`) once the first delivery
 * try is over; 400 `VALIDATION_FAILED` for bad input.
 *
 * - `POST /operator/events/low-balance` `{ msisdn, balance }`: sets the balance, then sends
 *   `{ eventId, type: 'low-balance', msisdn, balance, currency, occurredAt }`.
 * - `POST /operator/events/tariff-renewal` `{ msisdn }`: sends
 *   `{ eventId, type: 'tariff-renewal', msisdn, occurredAt }`.
 * - `POST /operator/events/sms` `{ from, to, text, messageId? }`: sends
 *   `{ eventId, type: 'sms', from, to, text, messageId, occurredAt }` (see `sms.ts`).
 * - `GET /operator/events`: the events sent, newest first.
 * - `PUT /operator/events/webhook` `{ url }`: where events go from now on (as a merchant sets its
 *   callback URL in the operator's portal); 200 `{ url }`.
 */
export function eventRoutes(app: FastifyInstance, { balances, events }: OperatorContext): void {
  function trigger<T>(
    path: string,
    parse: (body: unknown) => Parsed<T>,
    send: (input: T) => Promise<object>,
  ) {
    app.post(`/events/${path}`, async (request, reply) => {
      const parsed = parse(request.body);
      if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
      return reply.status(202).send(await send(parsed.value));
    });
  }

  trigger('low-balance', parseLowBalanceRequest, ({ msisdn, balance }) => {
    const set = balances.set(msisdn, balance);
    return events.send({ type: 'low-balance', msisdn, balance: set.balance, currency: set.currency });
  });
  trigger('tariff-renewal', parseTariffRenewalRequest, ({ msisdn }) =>
    events.send({ type: 'tariff-renewal', msisdn }),
  );
  trigger('sms', parseSmsRequest, (sms) => sendSms(events, sms));

  app.get('/events', async () => events.list());

  app.put('/events/webhook', async (request, reply) => {
    const parsed = parseWebhookTarget(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    events.sendTo(parsed.value.url);
    return { url: parsed.value.url };
  });
}
