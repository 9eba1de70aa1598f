import type { FastifyBaseLogger } from 'fastify';
import { WebhookQueue } from '../webhook-queue';
import { Balances } from './balances';
import { CashCodes } from './cash-codes';
import { type OperatorEvent, OperatorEvents, operatorEventSubject } from './events';
import type { OperatorSettings } from './options';
import { TopupService } from './topups';
import { VoucherService } from './vouchers';

/** Everything the operator's routes share; all of it in memory. */
export interface OperatorContext {
  /** The options the context was made with, defaults filled in. */
  settings: OperatorSettings;
  balances: Balances;
  topups: TopupService;
  vouchers: VoucherService;
  cashCodes: CashCodes;
  events: OperatorEvents;
  /** Stops pending top-ups and webhook retries, releases held answers. */
  close(): void;
}

export function createOperatorContext(settings: OperatorSettings, log: FastifyBaseLogger): OperatorContext {
  const balances = new Balances();
  const topups = new TopupService({
    balances,
    pendingTopupDelayMs: settings.pendingTopupDelayMs,
    slowAnswerDelayMs: settings.slowAnswerDelayMs,
    holdSlowAnswer: settings.holdSlowAnswer,
  });
  const queue = new WebhookQueue<OperatorEvent>({
    secret: settings.operatorWebhookSecret,
    retryDelaysMs: settings.webhookRetryDelaysMs,
    timeoutMs: settings.webhookTimeoutMs,
    chaos: settings.webhookChaos,
    subjectOf: operatorEventSubject,
    log,
  });
  const events = new OperatorEvents({
    queue,
    webhookUrl: settings.operatorWebhookUrl,
    waitForFirstTryMs: settings.webhookTimeoutMs,
  });
  return {
    settings,
    balances,
    topups,
    vouchers: new VoucherService(),
    cashCodes: new CashCodes(balances),
    events,
    close() {
      topups.close();
      events.close();
      queue.close();
    },
  };
}
