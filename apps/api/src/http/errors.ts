import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isConnectionLoss } from '@shop/db';
import { DomainError, ERROR_CATALOGUE, ErrorCode, type ErrorStatus } from '@shop/domain';
import { BODY_TOO_LARGE_MESSAGE, type ErrorEnvelope } from '@shop/domain/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const GENERIC_FAILURE = 'The request could not be completed. Please try again later.';
/** How soon to try again when the database went away under a call (a restart takes seconds). */
const RETRY_AFTER_CONNECTION_LOSS_SECONDS = 2;

/** The status of an expected refusal: its code's, from the catalogue (or the code's second status). */
function statusOf(error: DomainError): ErrorStatus {
  return error.options.status ?? ERROR_CATALOGUE[error.code].status;
}

function envelopeFor(
  error: FastifyError | DomainError,
  connectionLost: boolean,
): { status: number; body: ErrorEnvelope } {
  if (error instanceof DomainError) {
    return { status: statusOf(error), body: { code: error.code, message: error.message } };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return {
      status: ERROR_CATALOGUE.VALIDATION_FAILED.status,
      body: { code: ErrorCode.VALIDATION_FAILED, message: error.message },
    };
  }
  if (connectionLost) {
    return { status: 503, body: { code: ErrorCode.SERVICE_UNAVAILABLE, message: GENERIC_FAILURE } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Body parser failures (malformed JSON, wrong content type, too large) and the like; the
    // storefront's proxy words its own 413 the same way.
    const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? BODY_TOO_LARGE_MESSAGE : error.message;
    return { status, body: { code: ErrorCode.VALIDATION_FAILED, message } };
  }
  const code = status === 503 ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.INTERNAL_ERROR;
  return { status: ERROR_CATALOGUE[code].status, body: { code, message: GENERIC_FAILURE } };
}

/** One error envelope `{ code, message }` for every 4xx and 5xx, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const connectionLost = !(error instanceof DomainError) && isConnectionLoss(error);
    const { status, body } = envelopeFor(error, connectionLost);
    if (connectionLost) request.log.warn({ err: error }, 'request failed: the database connection was lost');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code }, body.message);
    const retryAfter =
      error instanceof DomainError
        ? error.options.retryAfterSeconds
        : connectionLost
          ? RETRY_AFTER_CONNECTION_LOSS_SECONDS
          : undefined;
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(ERROR_CATALOGUE.NOT_FOUND.status).send({
      code: ErrorCode.NOT_FOUND,
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    } satisfies ErrorEnvelope),
  );
}

/** What Fastify answers by itself, before any route, error handler or not-found handler is reached. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is malformed' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A path parameter is too long' },
};

/**
 * Server options that put the envelope on the answers Fastify and Node give before a request
 * reaches a route: a URL that cannot be decoded, a path parameter past its length, and requests
 * Node's HTTP parser refuses (malformed, or headers and URL past 16 KiB).
 */
export const edgeErrorOptions = {
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const known = FRAMEWORK_ERRORS[error.code];
    if (!known) {
      reply.log.error({ err: error }, 'request failed');
      return reply
        .status(ERROR_CATALOGUE.INTERNAL_ERROR.status)
        .send({ code: ErrorCode.INTERNAL_ERROR, message: GENERIC_FAILURE } satisfies ErrorEnvelope);
    }
    return reply
      .status(known.status)
      .send({ code: ErrorCode.VALIDATION_FAILED, message: known.message } satisfies ErrorEnvelope);
  },
  clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers or URL are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request did not arrive in time']
          : [400, 'The request is malformed'];
    const body = JSON.stringify({ code: ErrorCode.VALIDATION_FAILED, message } satisfies ErrorEnvelope);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};
