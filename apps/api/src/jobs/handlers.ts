import { MessageRefusedError } from '../adapters/messages';
import { executeRun, sendUpcomingNotices, takeDueRuns } from '../auto-topups/engine';
import { sendLightLink } from '../auto-topups/light-links';
import { finishLostRefunds } from '../backoffice/refunds';
import { followOperatorCallback } from '../fulfilment/operator-callbacks';
import { reconcileOrders } from '../fulfilment/reconcile';
import { staleSmsRequests } from '../sms-topups/inbound';
import { processSmsRequest } from '../sms-topups/process';
import { sendVoucherDelivery } from '../voucher-delivery/send';
import { cleanUp } from './cleanup';
import { runCommitJob } from './commit-order';
import type { JobHandlers, JobQueue } from './queue';
import type { EngineServices } from './services';

/** What each job does, with the services of the commit. */
export function jobHandlers(services: EngineServices, jobs: Pick<JobQueue, 'send'>): JobHandlers {
  const { db, log } = services;
  return {
    'commit-order': ({ paymentId }) => runCommitJob(services, paymentId),
    'reconcile-orders': async () => {
      const taken = await reconcileOrders(services);
      if (taken > 0) log.info({ taken }, 'orders reconciled');
      const refunds = await finishLostRefunds(services);
      if (refunds > 0) log.info({ refunds }, 'staff refunds asked for again');
    },
    'auto-topups-due': async () => {
      const now = new Date();
      const runs = await takeDueRuns(services, now);
      for (const runId of runs) await jobs.send('auto-topup-run', { runId });
      const requests = await staleSmsRequests(db, now);
      for (const requestId of requests) await jobs.send('sms-topup', { requestId });
      const notices = await sendUpcomingNotices(services, now);
      if (runs.length + notices > 0) log.info({ runs: runs.length, notices }, 'automatic top-ups due');
    },
    'auto-topup-run': async ({ runId }) => {
      const state = await executeRun(services, runId);
      if (state) log.info({ runId, state }, 'automatic top-up run');
    },
    'sms-topup': async ({ requestId }) => {
      const outcome = await processSmsRequest(services, requestId);
      if (outcome) log.info({ requestId, outcome }, 'SMS top-up request');
    },
    'auto-topup-light-link': async ({ linkId }) => {
      try {
        if (await sendLightLink(services, linkId)) log.info({ linkId }, 'light top-up link sent');
      } catch (err) {
        // A number that takes no messages now takes none on the next try either.
        if (!(err instanceof MessageRefusedError)) throw err;
        log.warn({ err, linkId }, 'light top-up link refused for good by the gateway; not tried again');
      }
    },
    'operator-callback': async (callback) => {
      const outcome = await followOperatorCallback(services, callback);
      log.info({ ...callback, outcome }, 'operator callback followed');
    },
    'voucher-delivery': async ({ deliveryId }) => {
      if (await sendVoucherDelivery(services, deliveryId)) log.info({ deliveryId }, 'voucher PINs sent');
    },
    'delete-provider-token': async ({ providerTokenId, tenantId, provider }) => {
      await services.providers.of(tenantId ?? '', provider).deleteToken(providerTokenId);
      log.info(
        'a saved method no longer kept (deleted, saved twice, or its account deleted) deleted at the provider',
      );
    },
    'delete-expired-carts': async () => {
      const removed = await cleanUp(db);
      if (Object.values(removed).some((count) => count > 0)) log.info(removed, 'expired records removed');
    },
  };
}
