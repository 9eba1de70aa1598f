/**
 * Options of the sandbox payment provider, passed through `buildSandbox(...)`. Every one has a
 * default fit for `npm start`; tests shorten the delays.
 */
export interface PspOptions {
  /** Base URL shoppers reach the sandbox at; payer URLs start with it. Default `http://localhost:4100`. */
  publicBaseUrl?: string;
  /** Shared secret of the webhook signature (HMAC-SHA256). Default `sandbox-webhook-secret`. */
  webhookSecret?: string;
  /** Waits before the 2nd, 3rd, … webhook delivery try. Default 0.5 s, 1 s, 2 s … 32 s: 8 tries in all. */
  webhookRetryDelaysMs?: readonly number[];
  /** Time-out of one webhook delivery try. Default 5 s. */
  webhookTimeoutMs?: number;
  /** How long a payment of method `pending` stays PENDING after approval. Default 5 s. */
  pendingCaptureDelayMs?: number;
}

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:4100';
export const DEFAULT_WEBHOOK_SECRET = 'sandbox-webhook-secret';
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000] as const;

/** The options with their defaults filled in; the base URL loses a trailing slash. */
export function resolvePspOptions(options: PspOptions): Required<PspOptions> {
  return {
    publicBaseUrl: (options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, ''),
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 5_000,
    pendingCaptureDelayMs: options.pendingCaptureDelayMs ?? 5_000,
  };
}
