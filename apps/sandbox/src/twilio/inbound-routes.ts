import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../replies';
import { digitsOf } from './addresses';
import type { TwilioContext } from './context';
import { twilioSid } from './ids';
import { deliverIncomingMessage, type IncomingMessage } from './inbound';
import { optOutKeyword } from './opt-outs';
import { parseInboundRequest } from './testing-validation';

/**
 * `POST /twilio/testing/inbound` `{ from, to, body, messageSid? }`: someone texts one of the
 * account's numbers. The message is POSTed to the number's SMS URL as Twilio does (`inbound.ts`);
 * the switch answers 200 `{ messageSid, smsUrl, status, contentType, body }` with what the SMS URL
 * answered (its TwiML), 404 `NO_SMS_URL` for a number without one, 502 `SMS_URL_UNREACHABLE` when
 * no answer came. The same `messageSid` again delivers that same message again.
 */
export function inboundRoutes(app: FastifyInstance, context: TwilioContext): void {
  app.post('/testing/inbound', async (request, reply) => {
    const parsed = parseInboundRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const { from, to, body, messageSid } = parsed.value;
    const smsUrl = context.smsUrls.get(digitsOf(to.value));
    if (smsUrl === undefined) {
      return sendError(
        reply,
        404,
        'NO_SMS_URL',
        `${to.value} is not a number of the account with an SMS URL`,
      );
    }
    const message = incomingMessage(context, { from, to, body }, messageSid, reply);
    if (!message) return reply;
    try {
      const answer = await deliverIncomingMessage(
        smsUrl,
        message,
        context.authToken,
        context.webhookTimeoutMs,
        context.closing,
      );
      return { messageSid: message.sid, smsUrl, ...answer };
    } catch (error) {
      request.log.warn({ smsUrl, messageSid: message.sid, err: error }, 'incoming message not delivered');
      return sendError(reply, 502, 'SMS_URL_UNREACHABLE', `${smsUrl} gave no answer`);
    }
  });
}

/**
 * The incoming message: a new one, or the one first sent under `messageSid` (its SID reused with
 * other fields is 409). An SMS that is an opt-out or opt-in keyword opts its sender out or in, as
 * Twilio's default opt-out handling does, and says so in `OptOutType`.
 */
function incomingMessage(
  context: TwilioContext,
  fields: Pick<IncomingMessage, 'from' | 'to' | 'body'>,
  messageSid: string | undefined,
  reply: FastifyReply,
): IncomingMessage | undefined {
  if (messageSid !== undefined) {
    const earlier = context.incoming.lookup(messageSid, fields);
    if (earlier.kind === 'replay') return earlier.answer;
    if (earlier.kind === 'conflict') {
      void sendError(
        reply,
        409,
        'MESSAGE_SID_REUSED',
        `${messageSid} was sent with another from, to or body`,
      );
      return undefined;
    }
  }
  const keyword = fields.from.channel === 'sms' ? optOutKeyword(fields.body) : undefined;
  if (keyword === 'STOP') context.optOuts.add(digitsOf(fields.from.value));
  if (keyword === 'START') context.optOuts.remove(digitsOf(fields.from.value));
  const message: IncomingMessage = {
    sid: messageSid ?? twilioSid('SM'),
    accountSid: context.accountSid,
    ...fields,
    ...(keyword ? { optOutType: keyword } : {}),
  };
  context.incoming.remember(message.sid, fields, message);
  return message;
}
