import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  NO_WEBHOOK_CHAOS,
  type WebhookDeliveryOptions,
} from '../webhook-queue';

/**
 * Options of the sandbox payment provider, passed through `buildSandbox(...)`. Every one has a
 * default fit for `npm start`; tests shorten the delays.
 */
export interface PspOptions extends WebhookDeliveryOptions {
  /** Base URL shoppers reach the sandbox at; payer URLs start with it. Default `http://localhost:4100`. */
  publicBaseUrl?: string;
  /** Shared secret of the webhook signature (HMAC-SHA256). Default `sandbox-webhook-secret`. */
  webhookSecret?: string;
  /** How long a payment of method `pending` stays PENDING after approval. Default 5 s. */
  pendingCaptureDelayMs?: number;
}

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:4100';
export const DEFAULT_WEBHOOK_SECRET = 'sandbox-webhook-secret';

/** The base URL shoppers reach the sandbox at, without a trailing slash. */
export function publicBaseUrlOf(options: Pick<PspOptions, 'publicBaseUrl'>): string {
  return (options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, '');
}

/** The options with their defaults filled in; the base URL loses a trailing slash. */
export function resolvePspOptions(options: PspOptions): Required<PspOptions> {
  return {
    publicBaseUrl: publicBaseUrlOf(options),
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    webhookChaos: options.webhookChaos ?? NO_WEBHOOK_CHAOS,
    pendingCaptureDelayMs: options.pendingCaptureDelayMs ?? 5_000,
  };
}
