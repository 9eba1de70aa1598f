import type { FastifyBaseLogger } from 'fastify';
import { IdempotencyStore } from '../idempotency';
import type { GatewayFailures } from '../outbox/failures';
import type { Outbox } from '../outbox/messages';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../webhook-queue';
import { Countdowns } from './countdowns';
import { Deliveries } from './delivery';
import type { IncomingMessage } from './inbound';
import type { OutboundMessage } from './messages';
import { OptOuts } from './opt-outs';
import { resolveTwilioOptions, type TwilioRouteOptions } from './options';
import { StatusCallbacks } from './status-callbacks';

/** The stand-in's state, all in memory, and what its parts share. */
export interface TwilioContext {
  accountSid: string;
  authToken: string;
  outbox: Outbox;
  failures: GatewayFailures;
  messages: Map<string, OutboundMessage>;
  /** The account's numbers (by digits) and the SMS URL of each. */
  smsUrls: Map<string, string>;
  /** Incoming messages sent so far, by SID, for redelivery. */
  incoming: IdempotencyStore<IncomingMessage>;
  optOuts: OptOuts;
  /** Sends answered 429, counted per account (the testing switch). */
  tooManyRequests: Countdowns;
  /** Messages whose status callbacks are held back, counted per recipient's digits (the testing switch). */
  callbackHolds: Countdowns;
  callbacks: StatusCallbacks;
  deliveries: Deliveries;
  webhookTimeoutMs: number;
  closing: AbortSignal;
  close(): void;
}

export function createTwilioContext(options: TwilioRouteOptions, log: FastifyBaseLogger): TwilioContext {
  const settings = resolveTwilioOptions(options);
  const stop = new AbortController();
  const callbacks = new StatusCallbacks(settings.authToken, options, log);
  return {
    accountSid: settings.accountSid,
    authToken: settings.authToken,
    outbox: options.outbox,
    failures: options.failures,
    messages: new Map(),
    smsUrls: new Map(settings.incomingNumbers),
    incoming: new IdempotencyStore(),
    optOuts: new OptOuts(),
    tooManyRequests: new Countdowns(),
    callbackHolds: new Countdowns(),
    callbacks,
    deliveries: new Deliveries(settings.statusDelayMs, callbacks, stop.signal),
    webhookTimeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    closing: stop.signal,
    close() {
      stop.abort();
      callbacks.close();
    },
  };
}
