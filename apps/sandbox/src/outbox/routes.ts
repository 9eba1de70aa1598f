import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { answerErrorsAsJson, sendError, sendPage } from '../replies';
import type { Outbox } from './messages';
import { outboxPage } from './page';
import { parseGatewayMessage, parseRecipient } from './validation';

/**
 * The message outbox, registered under `/outbox` (the SMTP side is `smtp.ts`):
 *
 * - `POST /outbox/messages` `{ channel: 'sms' | 'whatsapp', to, from?, text }`: the SMS/WhatsApp
 *   gateway; 202 `{ messageId }`, 400 `VALIDATION_FAILED`.
 * - `GET /outbox?to=`: the messages, newest first, all or those sent to one recipient; JSON
 *   `[{ messageId, channel, to, from, subject, text, sentAt }]`, or a page for a browser (a
 *   request whose Accept header asks for HTML). 400 `VALIDATION_FAILED` for a `to` that is
 *   neither an e-mail address nor a phone number.
 */
export const outboxRoutes: FastifyPluginAsync<{ outbox: Outbox }> = async (app, { outbox }) => {
  answerErrorsAsJson(app, 'outbox');

  app.post('/messages', async (request, reply) => {
    const parsed = parseGatewayMessage(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const { channel, to, from, text } = parsed.value;
    const message = outbox.add({ channel, to, from: from ?? null, subject: null, text });
    return reply.status(202).send({ messageId: message.messageId });
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
