import type { FastifyBaseLogger } from 'fastify';
import { IdempotencyStore } from '../idempotency';
import { WebhookQueue } from '../webhook-queue';
import { eventSubject, paymentEvent, tokenEvent, type WebhookEvent } from './events';
import { FraudScreen } from './fraud';
import type { PspOptions } from './options';
import { PaymentService } from './payments';
import { TokenService } from './tokens';
import { PspUrls } from './urls';

/** The first answer body to a request with an idempotency key, replayed for a repeated key. */
export type StoredAnswer = Record<string, unknown>;

/** Everything the payment provider's routes share: payments, tokens, webhooks, keys, URLs. */
export interface PspContext {
  payments: PaymentService;
  tokens: TokenService;
  /** The device ids whose payments are refused. */
  fraud: FraudScreen;
  webhooks: WebhookQueue<WebhookEvent>;
  /** Keys of `POST /psp/payments`. */
  paymentKeys: IdempotencyStore<StoredAnswer>;
  /** Keys of `POST /psp/tokens`. */
  tokenKeys: IdempotencyStore<StoredAnswer>;
  /**
   * Keys of refunds, captures and voids, as `{paymentId} {operation} {key}`: a key counts per
   * payment and operation.
   */
  operationKeys: IdempotencyStore<StoredAnswer>;
  urls: PspUrls;
  /** Stops delayed captures and webhook retries. */
  close(): void;
}

/**
 * Wires the parts: every status change of a payment with a webhook URL queues its event, and so
 * does every status change of a token asked for on its own.
 */
export function createPspContext(options: Required<PspOptions>, log: FastifyBaseLogger): PspContext {
  const webhooks = new WebhookQueue<WebhookEvent>({
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs,
    timeoutMs: options.webhookTimeoutMs,
    chaos: options.webhookChaos,
    subjectOf: eventSubject,
    log,
  });
  const tokens = new TokenService({
    onChange: (token) => {
      const event = tokenEvent(token);
      if (token.webhookUrl && event) void webhooks.enqueue(token.webhookUrl, event);
    },
  });
  const payments = new PaymentService({
    pendingCaptureDelayMs: options.pendingCaptureDelayMs,
    saveToken: (payment) => tokens.saveFromPayment(payment).tokenId,
    onChange: (payment) => {
      const event = paymentEvent(payment);
      if (payment.webhookUrl && event) void webhooks.enqueue(payment.webhookUrl, event);
    },
  });
  return {
    payments,
    tokens,
    fraud: new FraudScreen(),
    webhooks,
    paymentKeys: new IdempotencyStore(),
    tokenKeys: new IdempotencyStore(),
    operationKeys: new IdempotencyStore(),
    urls: new PspUrls(options.publicBaseUrl),
    close() {
      payments.close();
      webhooks.close();
    },
  };
}
