import type { FastifyBaseLogger } from 'fastify';
import type { OperatorContext } from '../operator/context';
import type { Credentials } from './authentication';
import { TransactionCallbacks } from './callbacks';
import { FailureSwitch } from './failures';
import { DEFAULT_DTONE_API_KEY, DEFAULT_DTONE_API_SECRET, type DtoneRouteOptions } from './options';
import { Transactions } from './transactions';

/** The stand-in's state, all in memory, and what its parts share. */
export interface DtoneContext {
  credentials: Credentials;
  operator: OperatorContext;
  transactions: Transactions;
  callbacks: TransactionCallbacks;
  failures: FailureSwitch;
  /** Stops pending transactions and callback retries, ends the waits of synchronous calls. */
  close(): void;
}

export function createDtoneContext(options: DtoneRouteOptions, log: FastifyBaseLogger): DtoneContext {
  const { operator } = options;
  const callbacks = new TransactionCallbacks(options, log);
  const transactions = new Transactions({
    balances: operator.balances,
    pendingTopupDelayMs: operator.settings.pendingTopupDelayMs,
    onCallbackStatus: (transaction) => callbacks.send(transaction),
  });
  return {
    credentials: {
      key: options.dtoneApiKey ?? DEFAULT_DTONE_API_KEY,
      secret: options.dtoneApiSecret ?? DEFAULT_DTONE_API_SECRET,
    },
    operator,
    transactions,
    callbacks,
    failures: new FailureSwitch(),
    close() {
      transactions.close();
      callbacks.close();
    },
  };
}
