import { createTestDatabase } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { startPgBossQueue } from '../src/jobs/pg-boss';
import type { JobHandlers } from '../src/jobs/queue';
import { JOB_NAMES } from '../src/jobs/queues';
import { waitFor } from './processes';

const nothing = async () => {};

describe('the job loops', () => {
  it('take a crowd of jobs sent by another process one after another, not one per polling interval', async () => {
    const database = await createTestDatabase();
    // The API sends; the worker takes. An idle loop of the worker looks again only after a minute.
    const api = await startPgBossQueue({
      db: database,
      maintains: false,
      expireSeconds: 300,
      onError: () => {},
    });
    const worker = await startPgBossQueue({
      db: database,
      maintains: true,
      expireSeconds: 300,
      onError: () => {},
      pollSeconds: 60,
    });
    try {
      const payments = Array.from({ length: 12 }, (_, index) => `payment-${index}`);
      for (const paymentId of payments) await api.send('commit-order', { paymentId });
      const committed: string[] = [];
      const handlers = Object.fromEntries(JOB_NAMES.map((name) => [name, nothing])) as unknown as JobHandlers;
      handlers['commit-order'] = async ({ paymentId }) => {
        committed.push(paymentId);
      };
      await worker.work(handlers);
      await waitFor('every commit job taken', async () =>
        committed.length === payments.length ? true : undefined,
      );
      expect([...committed].sort()).toEqual([...payments].sort());
    } finally {
      await worker.stop(1_000);
      await api.stop(1_000);
      await database.close();
    }
  });
});
