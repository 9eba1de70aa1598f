import { PAYMENT_PROVIDERS } from '@shop/domain';
import { z } from 'zod';

/**
 * The jobs of the shop, their payloads, and how each queue runs them (decision 0019). What a
 * payload may hold is checked again when a job is taken: it comes back from the database.
 */
export const jobPayloads = {
  /** A payment holds or took the money: its order is committed, shopper or not. */
  'commit-order': z.object({ paymentId: z.string().min(1) }),
  /** One reconciliation pass (docs/fulfilment.md). */
  'reconcile-orders': z.object({}),
  /** Carts past their expiry go, and what else is kept no longer (`cleanUp`, decision 0065). */
  'delete-expired-carts': z.object({}),
  /** The automatic top-ups whose time has come get their runs; the day-before notices go. */
  'auto-topups-due': z.object({}),
  /** One run of an automatic top-up: charge, top up, receipt (docs/auto-topups.md). */
  'auto-topup-run': z.object({ runId: z.uuid() }),
  /** One SMS a shopper sent to a short number: read, charge, top up, answer (docs/sms-topups.md). */
  'sms-topup': z.object({ requestId: z.uuid() }),
  /** A light automatic top-up's link, sent by SMS (decision 0042). */
  'auto-topup-light-link': z.object({ linkId: z.uuid() }),
  /** An aggregator said a top-up ended: how it stands is asked, and recorded (decision 0070). */
  'operator-callback': z.object({ tenantId: z.string().min(1), reference: z.string().min(1) }),
  /** An order's voucher PINs, sent by SMS or WhatsApp (decision 0048). */
  'voucher-delivery': z.object({ deliveryId: z.uuid() }),
  /**
   * A saved method the shop no longer keeps (deleted, saved twice, or its account deleted),
   * deleted at the provider (decision 0064).
   */
  'delete-provider-token': z.object({
    providerTokenId: z.string().min(1),
    /** The tenant and provider that keep it; jobs stored before they were named are the sandbox provider's. */
    tenantId: z.string().min(1).optional(),
    provider: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  }),
};

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;

export const JOB_NAMES = Object.keys(jobPayloads) as JobName[];

/** Jobs that no event sends: every worker sends them on a timer, at most one per period. */
export type ScheduledJobName = 'reconcile-orders' | 'delete-expired-carts' | 'auto-topups-due';

export interface QueueSettings<N extends JobName = JobName> {
  /**
   * Jobs of one key never run side by side, and a key waits at most once: a job sent while an
   * equal one waits is dropped. Without `keyOf` the whole queue is one key.
   */
  keyOf?: (payload: JobPayload<N>) => string;
  /** Tries after the first, each after `retryDelaySeconds`, doubled (and jittered) every time. */
  retries: number;
  retryDelaySeconds: number;
  /** How many jobs of this queue one worker runs at once. */
  concurrency: number;
  /** How often an idle worker looks for new jobs. */
  pollSeconds: number;
}

export const QUEUES: { [N in JobName]: QueueSettings<N> } = {
  'commit-order': {
    keyOf: ({ paymentId }) => paymentId,
    // 5-10 s, 10-20 s, ... about 21 to 42 minutes in all; reconciliation goes on after that.
    retries: 8,
    retryDelaySeconds: 5,
    concurrency: 4,
    pollSeconds: 1,
  },
  // A missed pass is made up by the next one: no retries, and never two at once.
  'reconcile-orders': { retries: 0, retryDelaySeconds: 0, concurrency: 1, pollSeconds: 1 },
  'delete-expired-carts': { retries: 0, retryDelaySeconds: 0, concurrency: 1, pollSeconds: 2 },
  'auto-topups-due': { retries: 0, retryDelaySeconds: 0, concurrency: 1, pollSeconds: 2 },
  // A provider or operator out of reach: the run's keys make every retry charge and top up once.
  'auto-topup-run': {
    keyOf: ({ runId }) => runId,
    retries: 6,
    retryDelaySeconds: 10,
    concurrency: 2,
    pollSeconds: 1,
  },
  // As a run: the order's attempt keys the charge and the commit tops up once, however often it runs.
  'sms-topup': {
    keyOf: ({ requestId }) => requestId,
    retries: 6,
    retryDelaySeconds: 10,
    concurrency: 2,
    pollSeconds: 1,
  },
  // The aggregator or the provider out of reach: asked again; the unit's own keys refund once.
  'operator-callback': {
    keyOf: ({ reference }) => reference,
    retries: 8,
    retryDelaySeconds: 5,
    concurrency: 2,
    pollSeconds: 1,
  },
  // A gateway out of reach: the link is sent again, its earlier secret replaced.
  'auto-topup-light-link': {
    keyOf: ({ linkId }) => linkId,
    retries: 6,
    retryDelaySeconds: 10,
    concurrency: 2,
    pollSeconds: 1,
  },
  // A gateway that refuses or cannot be reached: 5-10 s, 10-20 s, ... about 21 to 42 minutes in
  // all, then the delivery is given up (the PINs stay on the result page and in the history).
  'voucher-delivery': {
    keyOf: ({ deliveryId }) => deliveryId,
    retries: 8,
    retryDelaySeconds: 5,
    concurrency: 2,
    pollSeconds: 1,
  },
  // A provider that cannot be reached: 10-20 s, 20-40 s, ... about 11 to 23 hours in all, then the
  // job stays failed (counted by the health call). Deleting a deleted or unknown token is done.
  'delete-provider-token': {
    keyOf: ({ providerTokenId }) => providerTokenId,
    retries: 12,
    retryDelaySeconds: 10,
    concurrency: 1,
    pollSeconds: 2,
  },
};

/** Due automatic top-ups are looked for every minute. */
export const AUTO_TOPUPS_EVERY_SECONDS = 60;

/** Expired carts go every ten minutes. */
export const CART_CLEANUP_EVERY_SECONDS = 10 * 60;
