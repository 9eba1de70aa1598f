import { ErrorCode, type ErrorEnvelope } from '@shop/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An expected failure with its spec source code; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, such as `Retry-After` of a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

function envelopeFor(error: FastifyError | ApiError): { status: number; body: ErrorEnvelope } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { code: error.code, message: error.message } };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return { status: 400, body: { code: ErrorCode.VALIDATION_FAILED, message: error.message } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Body parser failures (malformed JSON, wrong content type, too large) and the like.
    return { status, body: { code: ErrorCode.VALIDATION_FAILED, message: error.message } };
  }
  return {
    status: status === 503 ? 503 : 500,
    body: {
      code: status === 503 ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.INTERNAL_ERROR,
      message: 'The request could not be completed. Please try again later.',
    },
  };
}

/** One error envelope `{ code, message }` for every 4xx and 5xx, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, body } = envelopeFor(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code }, body.message);
    if (error instanceof ApiError) reply.headers(error.headers);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      code: ErrorCode.NOT_FOUND,
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    } satisfies ErrorEnvelope),
  );
}
