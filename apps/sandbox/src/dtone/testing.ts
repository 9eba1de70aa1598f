import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../replies';
import { isRecord } from '../validation';
import type { DtoneContext } from './context';
import { callsBack } from './statuses';
import { transactionView } from './transaction-view';

/**
 * The stand-in's test switches, not DT One's: plain JSON in the sandbox's `{ code, message }`
 * envelope, no auth.
 *
 * - `POST /dtone/testing/transactions/{id}/reverse`: a COMPLETED transaction becomes REVERSED,
 *   as DT One's staff do by hand; the credit is debited back and the callback goes out. 200 with
 *   the transaction; 404 `UNKNOWN_TRANSACTION`, 409 `NOT_COMPLETED`.
 * - `POST /dtone/testing/failures` `{ "count", "status"? }`: the next `count` API calls answer
 *   `status` (500 to 599, default 503) and do nothing else; `count` 0 ends it. 200 `{ count, status }`.
 * - `POST /dtone/testing/callbacks/{id}/resend`: the transaction's callback goes out again, a
 *   duplicate. 202 `{ id, status }`; 404 `UNKNOWN_TRANSACTION`, 409 `NO_CALLBACK` when it has no
 *   callback URL or no status that calls back.
 */

const MAX_FAILURES = 1000;

type ById = { Params: { id: string } };

export function testingRoutes(app: FastifyInstance, context: DtoneContext): void {
  const { transactions, callbacks, failures } = context;
  const transactionOf = (id: string) => (/^\d{1,16}$/.test(id) ? transactions.get(Number(id)) : undefined);

  app.post<ById>('/transactions/:id/reverse', async (request, reply) => {
    const transaction = transactionOf(request.params.id);
    if (!transaction) return unknown(reply, request.params.id);
    if (!transactions.reverse(transaction)) {
      return sendError(
        reply,
        409,
        'NOT_COMPLETED',
        `Transaction ${transaction.id} is ${transaction.status.message}`,
      );
    }
    return transactionView(transaction);
  });

  app.post('/failures', async (request, reply) => {
    const body: unknown = request.body;
    const count = isRecord(body) ? body.count : undefined;
    const status = isRecord(body) ? (body.status ?? 503) : undefined;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_FAILURES) {
      return sendError(
        reply,
        400,
        'VALIDATION_FAILED',
        `count must be a whole number from 0 to ${MAX_FAILURES}`,
      );
    }
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 500 || status > 599) {
      return sendError(reply, 400, 'VALIDATION_FAILED', 'status must be a whole number from 500 to 599');
    }
    failures.arm(count, status);
    return { count, status };
  });

  app.post<ById>('/callbacks/:id/resend', async (request, reply) => {
    const transaction = transactionOf(request.params.id);
    if (!transaction) return unknown(reply, request.params.id);
    if (!callsBack(transaction.status) || !callbacks.send(transaction)) {
      return sendError(
        reply,
        409,
        'NO_CALLBACK',
        `Transaction ${transaction.id} has no callback to send (${transaction.status.message}, callback_url ${transaction.callbackUrl ?? 'none'})`,
      );
    }
    return reply.status(202).send({ id: transaction.id, status: transaction.status.message });
  });
}

function unknown(reply: FastifyReply, id: string) {
  return sendError(reply, 404, 'UNKNOWN_TRANSACTION', `No transaction has the id ${id}`);
}
