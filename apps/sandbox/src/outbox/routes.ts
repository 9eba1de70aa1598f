import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IdempotencyStore } from '../idempotency';
import { answerErrorsAsJson, sendError, sendPage } from '../replies';
import type { GatewayFailures } from './failures';
import type { Outbox } from './messages';
import { outboxPage } from './page';
import { parseFailureRequest, parseGatewayMessage, parseIdempotencyKey, parseRecipient } from './validation';

/**
 * The message outbox, registered under `/outbox` (the SMTP side is `smtp.ts`):
 *
 * - `POST /outbox/messages` `{ channel: 'sms' | 'whatsapp', to, from?, text }`: the SMS/WhatsApp
 *   gateway; 202 `{ messageId }`, 400 `VALIDATION_FAILED`. An `Idempotency-Key` header makes a
 *   repeated message (same key, same body) answer the first one's id without keeping it twice
 *   (another body: 409 `IDEMPOTENCY_KEY_REUSED`); 503 `GATEWAY_UNAVAILABLE` while a failure
 *   request refuses messages to the number (the message is not kept), 400 `RECIPIENT_REFUSED`
 *   while a permanent one does.
 * - `POST /outbox/failures` `{ to, count, permanent? }`: the gateway refuses the next `count`
 *   messages to that number, with or without its `+`, for now or (`permanent`) for good (the
 *   Twilio stand-in's too, which shares `failures`);
 *   200 `{ to, count }` (and `permanent: true`).
 * - `GET /outbox?to=`: the messages, newest first, all or those sent to one recipient; JSON
 *   `[{ messageId, channel, to, from, subject, text, sentAt }]`, or a page for a browser (a
 *   request whose Accept header asks for HTML). 400 `VALIDATION_FAILED` for a `to` that is
 *   neither an e-mail address nor a phone number.
 */
export const outboxRoutes: FastifyPluginAsync<{ outbox: Outbox; failures: GatewayFailures }> = async (
  app,
  { outbox, failures },
) => {
  answerErrorsAsJson(app, 'outbox');

  const accepted = new IdempotencyStore<string>();

  app.post('/messages', async (request, reply) => {
    const parsed = parseGatewayMessage(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) return sendError(reply, 400, 'VALIDATION_FAILED', key.message);
    const { channel, to, from, text } = parsed.value;
    if (key.value !== undefined) {
      const earlier = accepted.lookup(key.value, parsed.value);
      if (earlier.kind === 'conflict') {
        return sendError(
          reply,
          409,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key came with another message',
        );
      }
      if (earlier.kind === 'replay') return reply.status(202).send({ messageId: earlier.answer });
    }
    const refusal = failures.refuses(to.replace(/^\+/, ''));
    if (refusal === 'for now') {
      return sendError(
        reply,
        503,
        'GATEWAY_UNAVAILABLE',
        `The gateway refused the message to ${to} (asked for by POST /outbox/failures)`,
      );
    }
    if (refusal === 'for good') {
      return sendError(
        reply,
        400,
        'RECIPIENT_REFUSED',
        `${to} takes no messages (asked for by POST /outbox/failures)`,
      );
    }
    const message = outbox.add({ channel, to, from: from ?? null, subject: null, text });
    if (key.value !== undefined) accepted.remember(key.value, parsed.value, message.messageId);
    return reply.status(202).send({ messageId: message.messageId });
  });

  app.post('/failures', async (request, reply) => {
    const parsed = parseFailureRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const { digits, count, permanent } = parsed.value;
    failures.set(digits, count, permanent ? 'for good' : 'for now');
    return reply.status(200).send({ to: `+${digits}`, count, ...(permanent ? { permanent } : {}) });
  });

  app.get<{ Querystring: { to?: string | string[] } }>('/', async (request, reply) => {
    const html = wantsHtml(request);
    const to = request.query.to;
    if (Array.isArray(to)) return sendError(reply, 400, 'VALIDATION_FAILED', 'to must be given once');
    const recipient = to === undefined || (html && to.trim() === '') ? undefined : parseRecipient(to);
    if (recipient && !recipient.ok) {
      return html
        ? sendPage(
            reply,
            400,
            outboxPage({ messages: [], to, error: recipient.message, capacity: outbox.capacity }),
          )
        : sendError(reply, 400, 'VALIDATION_FAILED', recipient.message);
    }
    const messages = outbox.list(recipient?.value);
    return html ? sendPage(reply, 200, outboxPage({ messages, to, capacity: outbox.capacity })) : messages;
  });
};

/** Whether the caller asks for HTML before JSON, as a browser does; `fetch` and API clients get JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
