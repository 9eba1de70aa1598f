import type { FastifyBaseLogger } from 'fastify';
import { paymentEvent } from './events';
import { IdempotencyStore } from './idempotency';
import type { PspOptions } from './options';
import { PaymentService } from './payments';
import { PspUrls } from './urls';
import { WebhookQueue } from './webhooks';

/** The first answer body to a create or refund request, replayed for a repeated idempotency key. */
export type StoredAnswer = Record<string, unknown>;

/** Everything the payment provider's routes share: payments, webhooks, idempotency keys, URLs. */
export interface PspContext {
  payments: PaymentService;
  webhooks: WebhookQueue;
  /** Keys of `POST /psp/payments`. */
  paymentKeys: IdempotencyStore<StoredAnswer>;
  /** Keys of refunds, as `{paymentId} {key}`: a key counts per payment. */
  refundKeys: IdempotencyStore<StoredAnswer>;
  urls: PspUrls;
  /** Stops delayed captures and webhook retries. */
  close(): void;
}

/** Wires the parts: every status change of a payment with a webhook URL queues its event. */
export function createPspContext(options: Required<PspOptions>, log: FastifyBaseLogger): PspContext {
  const webhooks = new WebhookQueue({
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs,
    timeoutMs: options.webhookTimeoutMs,
    log,
  });
  const payments = new PaymentService({
    pendingCaptureDelayMs: options.pendingCaptureDelayMs,
    onChange: (payment) => {
      const event = paymentEvent(payment);
      if (payment.webhookUrl && event) webhooks.enqueue(payment.webhookUrl, event);
    },
  });
  return {
    payments,
    webhooks,
    paymentKeys: new IdempotencyStore(),
    refundKeys: new IdempotencyStore(),
    urls: new PspUrls(options.publicBaseUrl),
    close() {
      payments.close();
      webhooks.close();
    },
  };
}
