import type { Transaction } from '@shop/db';
import type { JobCounts } from '@shop/domain/contract';
import type { JobName, JobPayload, ScheduledJobName } from './queues';

/** What a job's handler does with its payload; a throw fails the job, to be tried again later. */
export type JobHandlers = { [N in JobName]: (payload: JobPayload<N>) => Promise<void> };

/**
 * The job queue every API and worker process on one database shares (decision 0019): a job
 * sent by any of them runs once, on one worker.
 */
export interface JobQueue {
  /**
   * Stores a job (dropped when an equal one, same key, is already waiting); `within` a
   * transaction, the job exists if and only if the transaction commits.
   */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: { within?: Transaction }): Promise<void>;
  /**
   * Stores a scheduled job unless one was stored in the same period already, by this process
   * or any other: every worker calls it on its own timer and the job still runs once a period.
   */
  sendScheduled(name: ScheduledJobName, everySeconds: number): Promise<void>;
  /** Takes jobs of every queue from now on and runs them with these handlers. */
  work(handlers: JobHandlers): Promise<void>;
  counts(): Promise<JobCounts>;
  /**
   * Takes no more jobs and waits up to `graceMs` for the running ones; any still running then
   * is handed back, to be tried again by a worker.
   */
  stop(graceMs: number): Promise<void>;
}
