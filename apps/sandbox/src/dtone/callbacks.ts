import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type EncodedWebhook,
  type WebhookDeliveryOptions,
  WebhookQueue,
} from '../webhook-queue';
import { type TransactionView, transactionView } from './transaction-view';
import type { Transaction } from './transactions';

/**
 * DT One's callbacks: the transaction as JSON, POSTed to its `callback_url` when it becomes
 * COMPLETED, DECLINED, REJECTED or REVERSED, retried after a non-2xx answer or a time-out (the
 * sandbox's webhook queue, in order per transaction), so at least once. DT One documents no
 * signature for callbacks, so none is sent.
 */

interface QueuedCallback {
  eventId: string;
  transactionId: number;
  /** The transaction as it was when the callback was due. */
  transaction: TransactionView;
}

function encodeCallback({ transaction }: QueuedCallback): EncodedWebhook {
  return { body: JSON.stringify(transaction), headers: { 'content-type': 'application/json' } };
}

export class TransactionCallbacks {
  readonly #queue: WebhookQueue<QueuedCallback>;

  constructor(options: WebhookDeliveryOptions, log: FastifyBaseLogger) {
    this.#queue = new WebhookQueue<QueuedCallback>({
      secret: '',
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
      ...(options.webhookChaos ? { chaos: options.webhookChaos } : {}),
      subjectOf: (callback) => String(callback.transactionId),
      encode: encodeCallback,
      log,
    });
  }

  /** Calls the transaction's callback URL back with the transaction as it is now, if it has one. */
  send(transaction: Transaction): boolean {
    if (!transaction.callbackUrl) return false;
    void this.#queue.enqueue(transaction.callbackUrl, {
      eventId: `${transaction.id}:${transaction.status.id}`,
      transactionId: transaction.id,
      transaction: transactionView(transaction),
    });
    return true;
  }

  close(): void {
    this.#queue.close();
  }
}
