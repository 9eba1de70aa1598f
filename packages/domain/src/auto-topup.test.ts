import { describe, expect, it } from 'vitest';
import {
  AUTO_TOPUP_LIST_STATUSES,
  AUTO_TOPUP_RETRY_DELAY_MS,
  AUTO_TOPUP_STATUSES,
  AUTO_TOPUP_TRANSITIONS,
  type AutoTopupAction,
  type AutoTopupStatus,
  acceptedLowBalanceLimit,
  actionForStatus,
  afterDecline,
  applyAutoTopupAction,
  type DipState,
  decideLowBalance,
  familyOf,
  isRunnable,
  isTypeOffered,
  lowBalanceTypeOf,
  statusLabel,
  withinMonthlyCap,
} from './auto-topup';

const ACTIONS: readonly AutoTopupAction[] = ['activate', 'pause', 'delete', 'invalidate'];

/** Every allowed change, written out by hand so that the table itself is pinned. */
const EXPECTED_TRANSITIONS: readonly [AutoTopupStatus, AutoTopupAction, AutoTopupStatus][] = [
  ['ENABLED', 'pause', 'DISABLED'],
  ['ENABLED', 'delete', 'DELETED'],
  ['ENABLED', 'invalidate', 'INVALID_AFTER_ENABLED'],
  ['DISABLED', 'activate', 'ENABLED'],
  ['DISABLED', 'delete', 'DELETED'],
  ['DISABLED', 'invalidate', 'INVALID_AFTER_DISABLED'],
  ['INVALID_AFTER_ENABLED', 'activate', 'ENABLED'],
  ['INVALID_AFTER_ENABLED', 'delete', 'DELETED'],
  ['INVALID_AFTER_DISABLED', 'activate', 'ENABLED'],
  ['INVALID_AFTER_DISABLED', 'delete', 'DELETED'],
  ['INVALID', 'delete', 'DELETED'],
  ['REJECTED', 'delete', 'DELETED'],
];

const UNCHANGED: readonly [AutoTopupStatus, AutoTopupAction][] = [
  ['ENABLED', 'activate'],
  ['DISABLED', 'pause'],
];

const pausing = { pauseAllowed: true };
const noPausing = { pauseAllowed: false };

describe('the statuses of an automatic top-up', () => {
  it('change by exactly the expected transitions', () => {
    const inTable = AUTO_TOPUP_STATUSES.flatMap((status) =>
      Object.entries(AUTO_TOPUP_TRANSITIONS[status]).map(([action, to]) => [status, action, to]),
    );
    expect(inTable).toEqual(expect.arrayContaining([...EXPECTED_TRANSITIONS]));
    expect(inTable).toHaveLength(EXPECTED_TRANSITIONS.length);
    for (const [from, action, to] of EXPECTED_TRANSITIONS) {
      expect(applyAutoTopupAction(from, action, pausing), `${from} ${action}`).toEqual({
        ok: true,
        status: to,
        changed: true,
      });
    }
  });

  it('stay as they are when asked for the status they have, which changes nothing', () => {
    for (const [status, action] of UNCHANGED) {
      expect(applyAutoTopupAction(status, action, pausing)).toEqual({ ok: true, status, changed: false });
    }
  });

  it('refuse every other action', () => {
    for (const status of AUTO_TOPUP_STATUSES) {
      for (const action of ACTIONS) {
        const allowed =
          EXPECTED_TRANSITIONS.some(([from, on]) => from === status && on === action) ||
          UNCHANGED.some(([at, on]) => at === status && on === action);
        if (!allowed)
          expect(applyAutoTopupAction(status, action, pausing), `${status} ${action}`).toEqual({ ok: false });
      }
    }
  });

  it('accept nothing once deleted', () => {
    for (const action of ACTIONS) {
      expect(applyAutoTopupAction('DELETED', action, pausing)).toEqual({ ok: false });
    }
  });

  it('can be repaired from invalid after enabled or disabled, but not from invalid or rejected', () => {
    expect(applyAutoTopupAction('INVALID_AFTER_DISABLED', 'activate', noPausing)).toEqual({
      ok: true,
      status: 'ENABLED',
      changed: true,
    });
    expect(applyAutoTopupAction('INVALID', 'activate', pausing)).toEqual({ ok: false });
    expect(applyAutoTopupAction('REJECTED', 'activate', pausing)).toEqual({ ok: false });
  });

  it('are paused only where the tenant allows pausing, even when already paused', () => {
    expect(applyAutoTopupAction('ENABLED', 'pause', noPausing)).toEqual({ ok: false });
    expect(applyAutoTopupAction('DISABLED', 'pause', noPausing)).toEqual({ ok: false });
    expect(applyAutoTopupAction('ENABLED', 'delete', noPausing)).toEqual({
      ok: true,
      status: 'DELETED',
      changed: true,
    });
    expect(applyAutoTopupAction('DISABLED', 'activate', noPausing)).toEqual({
      ok: true,
      status: 'ENABLED',
      changed: true,
    });
  });

  it('let the engine charge only when enabled', () => {
    expect(AUTO_TOPUP_STATUSES.filter(isRunnable)).toEqual(['ENABLED']);
  });

  it('are listed for the account all but deleted, in a fixed order', () => {
    expect(AUTO_TOPUP_LIST_STATUSES).toEqual([
      'ENABLED',
      'DISABLED',
      'INVALID_AFTER_ENABLED',
      'INVALID_AFTER_DISABLED',
      'INVALID',
      'REJECTED',
    ]);
  });

  it('are labelled active, paused, invalid, rejected or deleted', () => {
    expect(Object.fromEntries(AUTO_TOPUP_STATUSES.map((status) => [status, statusLabel(status)]))).toEqual({
      ENABLED: 'active',
      DISABLED: 'paused',
      DELETED: 'deleted',
      INVALID_AFTER_ENABLED: 'invalid',
      INVALID_AFTER_DISABLED: 'invalid',
      INVALID: 'invalid',
      REJECTED: 'rejected',
    });
  });
});

describe('a requested status', () => {
  it('names the action that leads to it', () => {
    expect(actionForStatus('ENABLED')).toBe('activate');
    expect(actionForStatus('DISABLED')).toBe('pause');
    expect(actionForStatus('DELETED')).toBe('delete');
  });

  it('names none for a status a shopper cannot ask for', () => {
    for (const status of ['INVALID', 'INVALID_AFTER_ENABLED', 'REJECTED', 'enabled', '', 'toString']) {
      expect(actionForStatus(status), status).toBeUndefined();
    }
  });
});

describe('the types of automatic top-up', () => {
  it('belong to the low-balance or the recurring family', () => {
    expect(familyOf('LOW_BALANCE')).toBe('LOW_BALANCE');
    expect(familyOf('TARIFF')).toBe('LOW_BALANCE');
    expect(familyOf('WEEKLY')).toBe('RECURRING');
    expect(familyOf('MONTHLY')).toBe('RECURRING');
    expect(familyOf('RECURRING')).toBe('RECURRING');
  });

  it('are offered as the tenant lists them, in one set or several', () => {
    const oneSet = [['LOW_BALANCE', 'MONTHLY', 'TARIFF']];
    expect(isTypeOffered('LOW_BALANCE', oneSet)).toBe(true);
    expect(isTypeOffered('TARIFF', oneSet)).toBe(true);
    expect(isTypeOffered('MONTHLY', oneSet)).toBe(true);
    expect(isTypeOffered('WEEKLY', oneSet)).toBe(false);

    const twoSets = [['WEEKLY', 'MONTHLY'], ['LOW_BALANCE']];
    expect(isTypeOffered('WEEKLY', twoSets)).toBe(true);
    expect(isTypeOffered('LOW_BALANCE', twoSets)).toBe(true);
    expect(isTypeOffered('TARIFF', twoSets)).toBe(false);
  });

  it('count RECURRING as offered where weekly or monthly is', () => {
    expect(isTypeOffered('RECURRING', [['LOW_BALANCE', 'MONTHLY', 'TARIFF']])).toBe(true);
    expect(isTypeOffered('RECURRING', [['WEEKLY'], ['LOW_BALANCE']])).toBe(true);
    expect(isTypeOffered('RECURRING', [['LOW_BALANCE', 'TARIFF']])).toBe(false);
  });

  it('are none where the tenant offers none', () => {
    expect(isTypeOffered('LOW_BALANCE', [])).toBe(false);
    expect(isTypeOffered('RECURRING', [])).toBe(false);
  });
});

describe('the low-balance limit', () => {
  it('is the tenant’s fixed limit, whether asked for or not, and no other', () => {
    expect(acceptedLowBalanceLimit(undefined, 500)).toBe(500);
    expect(acceptedLowBalanceLimit(500, 500)).toBe(500);
    expect(acceptedLowBalanceLimit(200, 500)).toBeUndefined();
  });

  it('is one of the tenant’s list, and must be chosen', () => {
    expect(acceptedLowBalanceLimit(200, [100, 200])).toBe(200);
    expect(acceptedLowBalanceLimit(150, [100, 200])).toBeUndefined();
    expect(acceptedLowBalanceLimit(undefined, [100, 200])).toBeUndefined();
  });

  it('is any whole amount from 100 to 10000 where the tenant lets the shopper enter one', () => {
    expect(acceptedLowBalanceLimit(100, 'custom')).toBe(100);
    expect(acceptedLowBalanceLimit(10_000, 'custom')).toBe(10_000);
    expect(acceptedLowBalanceLimit(2_345, 'custom')).toBe(2_345);
    for (const refused of [99, 10_001, 250.5, 0, -100, Number.NaN, undefined]) {
      expect(acceptedLowBalanceLimit(refused, 'custom'), String(refused)).toBeUndefined();
    }
  });

  it('is none where the tenant offers none', () => {
    expect(acceptedLowBalanceLimit(undefined, null)).toBeUndefined();
    expect(acceptedLowBalanceLimit(500, null)).toBeUndefined();
  });
});

describe('a low-balance event', () => {
  const limit = 500;
  const fresh: DipState = { triggeredAt: null, rearmed: false };
  const at = (minutes: number) => new Date(Date.UTC(2026, 4, 4, 12, 0) + minutes * 60_000);
  const under = (minutes: number) => ({ balance: 120, at: at(minutes) });

  it('tops up the first time the balance is under the limit', () => {
    expect(decideLowBalance(under(0), limit, fresh)).toEqual({
      kind: 'top-up',
      next: { triggeredAt: at(0), rearmed: false },
    });
  });

  it('tops up nothing again in the same dip within ten minutes', () => {
    const first = decideLowBalance(under(0), limit, fresh);
    const second = decideLowBalance(under(9.99), limit, first.next);
    expect(second).toEqual({ kind: 'same-dip', next: first.next });
  });

  it('tops up again once ten minutes have passed since the last top-up', () => {
    const first = decideLowBalance(under(0), limit, fresh);
    const second = decideLowBalance(under(10), limit, first.next);
    expect(second).toEqual({ kind: 'top-up', next: { triggeredAt: at(10), rearmed: false } });
  });

  it('at or above the limit tops up nothing and re-arms, so the next dip tops up at once', () => {
    const first = decideLowBalance(under(0), limit, fresh);
    const rose = decideLowBalance({ balance: limit, at: at(2) }, limit, first.next);
    expect(rose).toEqual({ kind: 'above-limit', next: { triggeredAt: at(0), rearmed: true } });
    expect(decideLowBalance(under(3), limit, rose.next)).toEqual({
      kind: 'top-up',
      next: { triggeredAt: at(3), rearmed: false },
    });
  });

  it('above the limit tops up nothing, even with nothing triggered before', () => {
    expect(decideLowBalance({ balance: 2_000, at: at(0) }, limit, fresh).kind).toBe('above-limit');
  });
});

describe('the monthly cap', () => {
  it('lets charges through up to the cap, and not beyond', () => {
    expect(withinMonthlyCap(5_000, 3_000, 2_000)).toBe(true);
    expect(withinMonthlyCap(5_000, 3_000, 2_001)).toBe(false);
    expect(withinMonthlyCap(5_000, 0, 5_001)).toBe(false);
  });

  it('lets every charge through where the shopper set none', () => {
    expect(withinMonthlyCap(null, 1_000_000, 10_000)).toBe(true);
  });
});

describe('a declined charge', () => {
  it('is tried again once, an hour later', () => {
    expect(AUTO_TOPUP_RETRY_DELAY_MS).toBe(3_600_000);
    expect(afterDecline(1)).toEqual({ kind: 'retry', retryAfterMs: AUTO_TOPUP_RETRY_DELAY_MS });
  });

  it('declined again gives up', () => {
    expect(afterDecline(2)).toEqual({ kind: 'give-up' });
    expect(afterDecline(3)).toEqual({ kind: 'give-up' });
  });
});

describe('the low-balance type of an account (spec §3)', () => {
  it('is light with any light top-up, normal with others, none without', () => {
    expect(lowBalanceTypeOf([])).toBe('none');
    expect(lowBalanceTypeOf([{ autoTopupLight: false }])).toBe('normal');
    expect(lowBalanceTypeOf([{ autoTopupLight: false }, { autoTopupLight: true }])).toBe('light');
  });
});
