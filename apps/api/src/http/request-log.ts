import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per answered request, carrying what Fastify's own two lines ("incoming request"
 * and "request completed") carry between them: the request, the status and the time taken. Under
 * a crowd that halves the log's volume and the API's time spent writing it. Fastify's other log
 * lines (errors, routes not found) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
