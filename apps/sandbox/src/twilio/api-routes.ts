import type { FastifyError, FastifyInstance } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { authenticate } from './authentication';
import type { TwilioContext } from './context';
import { TwilioError, twilioErrors } from './errors';
import { twilioSid } from './ids';
import { API_VERSION, messageResource } from './messages';
import { sendMessage } from './send';

/**
 * Twilio's REST API, registered under `/2010-04-01` (Twilio's `https://api.twilio.com/2010-04-01`):
 * form-encoded requests, HTTP Basic authentication, JSON answers with a `Twilio-Request-Id`, and
 * errors in Twilio's envelope.
 *
 * - `POST /Accounts/{AccountSid}/Messages.json`: sends a message (`send.ts`); 201 the Message resource.
 * - `GET /Accounts/{AccountSid}/Messages/{Sid}.json`: the Message resource in its present status.
 * - `GET /Accounts/{AccountSid}/Messages.json?To=&From=&PageSize=`: the account's messages, newest
 *   first, in Twilio's list envelope (one page: `next_page_uri` is null).
 */

type AccountRoute = { Params: { accountSid: string } };
type MessageRoute = { Params: { accountSid: string; file: string } };

export function twilioApiRoutes(api: FastifyInstance, context: TwilioContext): void {
  acceptFormPosts(api);
  api.addHook('onRequest', async (_request, reply) => {
    reply.header('twilio-request-id', twilioSid('RQ'));
  });
  api.setErrorHandler<FastifyError | TwilioError>((error, request, reply) => {
    const twilioError = asTwilioError(error);
    if (twilioError.status >= 500 && !(error instanceof TwilioError)) request.log.error(error);
    if (twilioError.status === 401) reply.header('www-authenticate', 'Basic realm="Twilio API"');
    return reply.status(twilioError.status).send(twilioError.body);
  });
  api.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').replace(/^.*?(?=\/2010-04-01)/, '');
    const { body, status } = twilioErrors.notFound(path);
    return reply.status(status).send(body);
  });

  api.post<AccountRoute>('/Accounts/:accountSid/Messages.json', async (request, reply) => {
    const { accountSid } = request.params;
    authenticate(request, context, accountSid);
    const message = sendMessage(context, request.body, accountSid);
    return reply.status(201).send(messageResource(message));
  });

  api.get<AccountRoute & { Querystring: Record<string, string | undefined> }>(
    '/Accounts/:accountSid/Messages.json',
    async (request) => {
      const { accountSid } = request.params;
      authenticate(request, context, accountSid);
      const { To, From, PageSize } = request.query;
      const pageSize = Math.min(Math.max(Number(PageSize) || 50, 1), 1000);
      const messages = [...context.messages.values()]
        .filter((message) => message.accountSid === accountSid)
        .filter(
          (message) =>
            (To === undefined || message.to === To) && (From === undefined || message.from === From),
        )
        .reverse()
        .slice(0, pageSize);
      const uri = `/${API_VERSION}/Accounts/${accountSid}/Messages.json?PageSize=${pageSize}&Page=0`;
      return {
        messages: messages.map(messageResource),
        start: 0,
        end: Math.max(messages.length - 1, 0),
        page: 0,
        page_size: pageSize,
        uri,
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
      };
    },
  );

  // The path ends in `.json`: Twilio answers XML without it, which the stand-in does not speak.
  api.get<MessageRoute>('/Accounts/:accountSid/Messages/:file', async (request) => {
    const { accountSid, file } = request.params;
    authenticate(request, context, accountSid);
    const sid = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    const message = context.messages.get(sid);
    if (!message || message.accountSid !== accountSid) {
      throw twilioErrors.notFound(`/${API_VERSION}/Accounts/${accountSid}/Messages/${file}`);
    }
    return messageResource(message);
  });
}

/** Fastify's own errors (a body it cannot read, …) in Twilio's envelope: 4xx as Twilio's 400, 5xx as 20500. */
function asTwilioError(error: FastifyError | TwilioError): TwilioError {
  if (error instanceof TwilioError) return error;
  const status = error.statusCode ?? 500;
  return status >= 500 ? twilioErrors.internal() : new TwilioError(status, 400, error.message);
}
