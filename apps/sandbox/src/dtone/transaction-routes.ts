import type { FastifyInstance } from 'fastify';
import { topupBehaviour } from '../operator/topups';
import type { DtoneContext } from './context';
import { transactionNotFound } from './errors';
import { pageRequestOf, paginate } from './pagination';
import { purchaseOf } from './transaction-amount';
import { listed, transactionFilterOf } from './transaction-list';
import { parseTransactionRequest } from './transaction-request';
import { transactionView } from './transaction-view';
import type { Transaction } from './transactions';

/**
 * Transactions (`transactions.ts`), at DT One's paths:
 *
 * - `POST /v1/async/transactions`: 201 with the transaction at once (CREATED, or CONFIRMED with
 *   `auto_confirm`); `POST /v1/sync/transactions`: 201 once it is final (at most 180 s, as at
 *   DT One). A used `external_id` is 400 (1007001). For a number ending in `7777` the first
 *   answer is held back (the operator's `slowAnswerDelayMs`), the transaction going on meanwhile.
 * - `POST /v1/async/transactions/{id}/confirm`, `POST /v1/sync/transactions/{id}/confirm`: 202;
 *   `POST /v1/transactions/{id}/cancel`: 202 (CREATED ones only: 1007002, 1007004, 1007005,
 *   1007007 otherwise).
 * - `GET /v1/transactions/{id}` (404, 1008004) and `GET /v1/transactions` (`transaction-list.ts`).
 */

/** How long a synchronous call waits for a final status, as DT One does. */
export const SYNC_WAIT_MS = 180_000;

type ById = { Params: { id: string } };

export function transactionRoutes(api: FastifyInstance, context: DtoneContext): void {
  const { transactions } = context;

  async function create(body: unknown, waitForFinal: boolean) {
    const request = parseTransactionRequest(body);
    const transaction = transactions.create(request, purchaseOf(request));
    if (waitForFinal) await transactions.settled(transaction, SYNC_WAIT_MS);
    if (topupBehaviour(transaction.mobileNumber) === 'slow-answer') {
      await context.operator.topups.holdAnswer();
    }
    return transactionView(transaction);
  }

  api.post('/async/transactions', async (request, reply) =>
    reply.status(201).send(await create(request.body, false)),
  );
  api.post('/sync/transactions', async (request, reply) =>
    reply.status(201).send(await create(request.body, true)),
  );

  api.post<ById>('/async/transactions/:id/confirm', async (request, reply) => {
    const transaction = found(request.params.id);
    transactions.confirm(transaction);
    return reply.status(202).send(transactionView(transaction));
  });

  api.post<ById>('/sync/transactions/:id/confirm', async (request, reply) => {
    const transaction = found(request.params.id);
    transactions.confirm(transaction);
    await transactions.settled(transaction, SYNC_WAIT_MS);
    return reply.status(202).send(transactionView(transaction));
  });

  api.post<ById>('/transactions/:id/cancel', async (request, reply) => {
    const transaction = found(request.params.id);
    transactions.cancel(transaction);
    return reply.status(202).send(transactionView(transaction));
  });

  api.get<ById>('/transactions/:id', async (request) => transactionView(found(request.params.id)));

  api.get<{ Querystring: Record<string, unknown> }>('/transactions', async (request, reply) => {
    const page = pageRequestOf(request.query);
    const filter = transactionFilterOf(request.query);
    const now = Date.now();
    const matching = transactions.all().filter((transaction) => listed(transaction, filter, now));
    return paginate(reply, matching, page).map(transactionView);
  });

  function found(id: string): Transaction {
    const transaction = /^\d{1,16}$/.test(id) ? transactions.get(Number(id)) : undefined;
    if (!transaction) throw transactionNotFound(id);
    return transaction;
  }
}
