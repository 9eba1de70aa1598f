import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_HEADERS } from './html';

/** How the sandbox answers: JSON errors, HTML pages, redirects. */

/** The error envelope of the sandbox: `{ code, message }`. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ code, message });
}

export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).headers(PAGE_HEADERS).send(html);
}

/**
 * Answers errors Fastify raises itself (a body that is not JSON, a wrong content type) in the
 * sandbox's envelope: 400 is `VALIDATION_FAILED`, 5xx `INTERNAL_ERROR` (logged); `part` names
 * the sandbox part in the 5xx message.
 */
export function answerErrorsAsJson(app: FastifyInstance, part: string): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return sendError(reply, 500, 'INTERNAL_ERROR', `The sandbox ${part} failed`);
    }
    return sendError(
      reply,
      status,
      status === 400 ? 'VALIDATION_FAILED' : (error.code ?? 'BAD_REQUEST'),
      error.message,
    );
  });
}

/**
 * Whether a POST came from a plain HTML form on a sandbox page (urlencoded body). Those get a
 * 303 redirect or an HTML page; JSON and empty POSTs (the HTTP twins) get JSON.
 */
export function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded';
}

/** The shopper moves on to `url`: a 303 for a form post, `{ redirectUrl }` for the twin. */
export function sendRedirect(request: FastifyRequest, reply: FastifyReply, url: string) {
  return isFormPost(request) ? reply.redirect(url, 303) : reply.status(200).send({ redirectUrl: url });
}
