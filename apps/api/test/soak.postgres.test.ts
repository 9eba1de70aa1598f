import { describe, expect, it } from 'vitest';
import { runSoak } from './soak/run';

/**
 * The fault soak's short version (docs/reliability.md; `npm run soak` runs 1,000 checkouts): every
 * kind of checkout while one API process and one worker are killed, PostgreSQL restarts, Redis
 * stops for ten seconds and webhooks arrive twice and out of order. On a PostgreSQL server of its
 * own, which it restarts: part of the suite on PostgreSQL only.
 */
describe('the fault soak, short', () => {
  it('loses no money and no credit, and gives nothing twice or for free, through every fault', async () => {
    const report = await runSoak({ checkouts: 50, parallel: 5, killsOfEach: 1 });
    const failure = JSON.stringify({ ...report, output: report.output.slice(-3_000) }, null, 1);

    expect(report.violations, failure).toEqual([]);
    expect(report.faults).toEqual({
      'API process killed (SIGKILL)': 1,
      'worker killed (SIGKILL)': 1,
      'PostgreSQL restarted (immediate stop)': 1,
      'Redis stopped for 10 s': 1,
    });
    // A fault costs a shopper a retry at most: no process falls over with the database, no 500.
    expect(report.unplannedExits, failure).toEqual([]);
    expect(report.serverErrors, failure).toEqual([]);
    expect(report.withTheShopper).toBe(0);
    // Every kind reached its happy ending, a top-up the operator refused ended refunded, a card
    // the provider declined ended failed.
    expect(Object.keys(report.ends).sort(), failure).toEqual([
      'automatic: committed, then topped up',
      'saved: committed',
      'saved: refunded',
      'sms: committed, then topped up',
      'topup: committed',
      'topup: failed',
      'topup: refunded',
      'voucher: committed',
    ]);
  }, 600_000);
});
