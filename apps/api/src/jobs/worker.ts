import type { TenantRegistry } from '@shop/tenants';
import type { FulfilmentServices } from '../fulfilment/context';
import { jobHandlers } from './handlers';
import { HEARTBEAT_EVERY_MS, heartbeatOf } from './heartbeat';
import type { JobQueue } from './queue';
import { AUTO_TOPUPS_EVERY_SECONDS, CART_CLEANUP_EVERY_SECONDS, type ScheduledJobName } from './queues';

export interface WorkerOptions {
  jobs: JobQueue;
  services: FulfilmentServices & { tenants: TenantRegistry };
  /** Seconds between reconciliation passes. */
  reconcileEverySeconds: number;
  /** Whether this worker sends the scheduled jobs (off in tests that run each pass themselves). */
  scheduled?: boolean;
}

export interface RunningWorker {
  workerId: string;
  /** Stops the timers and the queue (waiting up to `graceMs` for running jobs), then says goodbye. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Works every queue in this process: the jobs others send, the scheduled ones (sent on timers
 * here, once per period whatever the number of workers), and a heartbeat for the health call.
 * The first reconciliation pass is sent at once: whatever a previous run left is taken up.
 */
export async function startWorker({
  jobs,
  services,
  reconcileEverySeconds,
  scheduled = true,
}: WorkerOptions): Promise<RunningWorker> {
  const { log } = services;
  const heartbeat = heartbeatOf(services.db);
  const beat = () =>
    heartbeat.beat().catch((err: unknown) => log.warn({ err }, 'worker heartbeat not written'));
  await jobs.work(jobHandlers(services, jobs));
  await beat();

  const schedules: [ScheduledJobName, number][] = scheduled
    ? [
        ['reconcile-orders', reconcileEverySeconds],
        ['delete-expired-carts', CART_CLEANUP_EVERY_SECONDS],
        ['auto-topups-due', AUTO_TOPUPS_EVERY_SECONDS],
      ]
    : [];
  const timers = schedules.map(([name, everySeconds]) => {
    const send = () =>
      jobs
        .sendScheduled(name, everySeconds)
        .catch((err: unknown) => log.warn({ err, job: name }, 'scheduled job not sent'));
    void send();
    return setInterval(send, everySeconds * 1000);
  });
  timers.push(setInterval(beat, HEARTBEAT_EVERY_MS));
  for (const timer of timers) timer.unref();
  log.info({ workerId: heartbeat.workerId }, 'worker takes jobs');

  return {
    workerId: heartbeat.workerId,
    async stop(graceMs) {
      for (const timer of timers) clearInterval(timer);
      await jobs.stop(graceMs);
      await heartbeat.forget().catch((err: unknown) => log.warn({ err }, 'worker heartbeat not removed'));
    },
  };
}
