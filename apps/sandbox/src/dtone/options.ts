import type { OperatorContext } from '../operator/context';
import type { WebhookDeliveryOptions } from '../webhook-queue';

/** Options of the DT One stand-in, passed through `buildSandbox(...)`. */
export interface DtoneOptions {
  /** The API key callers send as the Basic user (`DTONE_API_KEY`). Default `dtone-sandbox-key`. */
  dtoneApiKey?: string;
  /** The API secret sent as the Basic password (`DTONE_API_SECRET`). Default `dtone-sandbox-secret`. */
  dtoneApiSecret?: string;
}

export const DEFAULT_DTONE_API_KEY = 'dtone-sandbox-key';
export const DEFAULT_DTONE_API_SECRET = 'dtone-sandbox-secret';

/** What the stand-in's routes are given: its options, callback timing and the sandbox operator. */
export interface DtoneRouteOptions extends DtoneOptions, WebhookDeliveryOptions {
  /**
   * The sandbox operator: a completed top-up raises its balances, and its options time the
   * outcomes (`pendingTopupDelayMs`, the held `7777` answer).
   */
  operator: OperatorContext;
}
