import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_HEADERS } from './html';

/** How the sandbox payment provider answers: JSON errors, HTML pages, redirects. */

/** The error envelope of the sandbox: `{ code, message }`. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ code, message });
}

export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).headers(PAGE_HEADERS).send(html);
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
