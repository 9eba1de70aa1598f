import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  NO_WEBHOOK_CHAOS,
  type WebhookDeliveryOptions,
} from '../webhook-queue';

/**
 * Options of the sandbox operator, passed through `buildSandbox(...)`. Every one has a default
 * fit for `npm start`; tests shorten the delays. Webhook retries and time-out are shared with the
 * payment provider (`webhookRetryDelaysMs`, `webhookTimeoutMs`).
 */
export interface OperatorOptions extends WebhookDeliveryOptions {
  /** How long a top-up of a number ending in `8888` stays PENDING before it succeeds. Default 5 s. */
  pendingTopupDelayMs?: number;
  /**
   * How long the first answer to a top-up of a number ending in `7777` is held back (the top-up
   * itself is done at once), so that the caller's time-out fires. Default 10 s.
   */
  slowAnswerDelayMs?: number;
  /**
   * How a held answer waits out `slowAnswerDelayMs`; a timer by default. The wait must end when
   * `closing` aborts (the sandbox closes). Tests pass their own to see the delay chosen and to
   * end the hold when they choose.
   */
  holdSlowAnswer?: (delayMs: number, closing: AbortSignal) => Promise<unknown>;
  /** Where operator events are POSTed (the shop's webhook). None: events are only kept. */
  operatorWebhookUrl?: string;
  /** Shared secret of the operator events' signature (HMAC-SHA256). Default `sandbox-operator-secret`. */
  operatorWebhookSecret?: string;
}

export type OperatorSettings = Required<Omit<OperatorOptions, 'operatorWebhookUrl'>> &
  Pick<OperatorOptions, 'operatorWebhookUrl'>;

export const DEFAULT_OPERATOR_WEBHOOK_SECRET = 'sandbox-operator-secret';

/** The options with their defaults filled in. A webhook URL that is not http(s) is refused. */
export function resolveOperatorOptions(options: OperatorOptions): OperatorSettings {
  const { operatorWebhookUrl } = options;
  if (operatorWebhookUrl !== undefined && !isHttpUrl(operatorWebhookUrl)) {
    throw new Error(`operatorWebhookUrl must be an absolute http(s) URL, not ${operatorWebhookUrl}`);
  }
  return {
    pendingTopupDelayMs: options.pendingTopupDelayMs ?? 5_000,
    slowAnswerDelayMs: options.slowAnswerDelayMs ?? 10_000,
    holdSlowAnswer:
      options.holdSlowAnswer ?? ((delayMs, closing) => sleep(delayMs, undefined, { signal: closing })),
    ...(operatorWebhookUrl === undefined ? {} : { operatorWebhookUrl }),
    operatorWebhookSecret: options.operatorWebhookSecret ?? DEFAULT_OPERATOR_WEBHOOK_SECRET,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    webhookChaos: options.webhookChaos ?? NO_WEBHOOK_CHAOS,
  };
}

export function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}
