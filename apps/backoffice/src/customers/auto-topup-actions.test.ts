import { AUTO_TOPUP_STATUSES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { autoTopupActions } from './auto-topup-actions';

const pausing = { pauseAllowed: true };

describe('autoTopupActions', () => {
  it('pauses a running top-up and resumes a paused one where the shop lets shoppers pause', () => {
    expect(autoTopupActions('ENABLED', pausing)).toEqual(['pause', 'delete']);
    expect(autoTopupActions('DISABLED', pausing)).toEqual(['resume', 'delete']);
  });

  it('offers no pause where the shop lets no shopper pause', () => {
    expect(autoTopupActions('ENABLED', { pauseAllowed: false })).toEqual(['delete']);
  });

  it('never pauses one that does not run, and leaves nothing to do with a deleted one', () => {
    for (const status of AUTO_TOPUP_STATUSES.filter(
      (status) => !['ENABLED', 'DISABLED', 'DELETED'].includes(status),
    ))
      expect(autoTopupActions(status, pausing), status).not.toContain('pause');
    expect(autoTopupActions('DELETED', pausing)).toEqual([]);
  });
});
