import * as z from 'zod';
import './jitless';

/** Whether a worker wrote its heartbeat lately (decision 0019). */
export const workerStatusSchema = z.object({
  alive: z.boolean(),
  /** The newest heartbeat of any worker, if one ever wrote. */
  lastSeenAt: z.iso.datetime().optional(),
});
export type WorkerStatus = z.infer<typeof workerStatusSchema>;

export const jobCountsSchema = z.object({
  /** Jobs not yet taken, or failed and waiting for their next try. */
  waiting: z.number().int(),
  /** Jobs that used up their tries (kept a week for a look, then archived). */
  failed: z.number().int(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

/** `GET /api/health`: the API, its database, the workers and the job queue. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  worker: workerStatusSchema,
  jobs: jobCountsSchema,
});
export type Health = z.infer<typeof healthSchema>;
