import { openDatabase } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { startPgBossQueue } from '../src/jobs/pg-boss';

/**
 * `npm start` and a deployment start an API and its workers at the same moment on one database.
 * Included only on PostgreSQL (vitest.config.ts): the embedded database takes one process.
 */
describe('the job queue set up by several processes at once', () => {
  it('comes up in every one of them on a new database', async () => {
    const database = await createTestDatabase();
    const handles = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ url: database.url as string, poolSize: 4 })),
    );
    try {
      const started = await Promise.allSettled(
        handles.map((db, index) =>
          startPgBossQueue({ db, maintains: index === 0, expireSeconds: 300, onError: () => {} }),
        ),
      );
      expect(
        started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up')),
      ).toEqual(['up', 'up', 'up', 'up']);
      for (const outcome of started) if (outcome.status === 'fulfilled') await outcome.value.stop(1_000);
    } finally {
      for (const handle of handles) await handle.close();
      await database.close();
    }
  });
});
