import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../replies';
import type { TwilioContext } from './context';
import {
  parseCountBody,
  parseIncomingNumber,
  parseNumber,
  parseNumberCount,
  parseSmsUrl,
  parseTo,
} from './testing-validation';

/**
 * The stand-in's testing switches, under `/twilio/testing`, plain JSON in and out, errors in the
 * sandbox's envelope `{ code, message }`:
 *
 * - `POST /opt-outs` `{ to }`: the number opted out (as if it had texted STOP); later messages to it
 *   are refused with 21610. `DELETE /opt-outs/{number}` opts it in again.
 * - `POST /too-many-requests` `{ count }`: the next `count` sends answer 429 with 20429.
 * - `POST /callback-holds` `{ to, count }`: the status callbacks of the next `count` messages to
 *   the number are held back (the messages still go through their statuses); only `resend-last`
 *   and `reverse` send them.
 * - `POST /messages/{sid}/callbacks/resend-last`: the message's latest status callback again, a
 *   duplicate; 202 `{ messageSid, status }`.
 * - `POST /messages/{sid}/callbacks/reverse`: every status callback made for the message so far
 *   again, newest first; 202 `{ messageSid, statuses }`.
 * - `PUT /incoming-numbers/{phoneNumber}` `{ smsUrl }`: the number's SMS URL.
 * - `POST /inbound`: an incoming message (`inbound-routes.ts`).
 */

type MessageRoute = { Params: { sid: string } };
type NumberRoute = { Params: { phoneNumber: string } };

export function testingRoutes(app: FastifyInstance, context: TwilioContext): void {
  app.post('/testing/opt-outs', async (request, reply) => {
    const digits = parseTo(request.body);
    if (!digits.ok) return sendError(reply, 400, 'VALIDATION_FAILED', digits.message);
    context.optOuts.add(digits.value);
    return { to: `+${digits.value}`, optedOut: true };
  });

  app.delete<NumberRoute>('/testing/opt-outs/:phoneNumber', async (request, reply) => {
    const digits = parseNumber(request.params.phoneNumber, 'phoneNumber');
    if (!digits.ok) return sendError(reply, 400, 'VALIDATION_FAILED', digits.message);
    context.optOuts.remove(digits.value);
    return { to: `+${digits.value}`, optedOut: false };
  });

  app.post('/testing/too-many-requests', async (request, reply) => {
    const count = parseCountBody(request.body);
    if (!count.ok) return sendError(reply, 400, 'VALIDATION_FAILED', count.message);
    context.tooManyRequests.set(context.accountSid, count.value);
    return { count: count.value };
  });

  app.post('/testing/callback-holds', async (request, reply) => {
    const parsed = parseNumberCount(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    context.callbackHolds.set(parsed.value.digits, parsed.value.count);
    return { to: `+${parsed.value.digits}`, count: parsed.value.count };
  });

  app.post<MessageRoute>('/testing/messages/:sid/callbacks/resend-last', async (request, reply) => {
    if (!knownWithCallback(context, request.params.sid, reply)) return reply;
    const status = context.callbacks.resendLast(request.params.sid);
    if (status === undefined) {
      return sendError(reply, 409, 'NO_CALLBACK_YET', 'No status callback has been made for the message yet');
    }
    return reply.status(202).send({ messageSid: request.params.sid, status });
  });

  app.post<MessageRoute>('/testing/messages/:sid/callbacks/reverse', async (request, reply) => {
    if (!knownWithCallback(context, request.params.sid, reply)) return reply;
    const statuses = context.callbacks.sendReversed(request.params.sid);
    return reply.status(202).send({ messageSid: request.params.sid, statuses });
  });

  app.put<NumberRoute>('/testing/incoming-numbers/:phoneNumber', async (request, reply) => {
    const digits = parseIncomingNumber(request.params.phoneNumber);
    if (!digits.ok) return sendError(reply, 400, 'VALIDATION_FAILED', digits.message);
    const smsUrl = parseSmsUrl(request.body);
    if (!smsUrl.ok) return sendError(reply, 400, 'VALIDATION_FAILED', smsUrl.message);
    context.smsUrls.set(digits.value, smsUrl.value);
    return { phoneNumber: request.params.phoneNumber.trim(), smsUrl: smsUrl.value };
  });
}

function knownWithCallback(context: TwilioContext, sid: string, reply: FastifyReply): boolean {
  const message = context.messages.get(sid);
  if (!message) {
    void sendError(reply, 404, 'UNKNOWN_MESSAGE', `No message ${sid}`);
    return false;
  }
  if (!message.statusCallback) {
    void sendError(reply, 409, 'NO_STATUS_CALLBACK', `Message ${sid} was sent without a StatusCallback`);
    return false;
  }
  return true;
}
