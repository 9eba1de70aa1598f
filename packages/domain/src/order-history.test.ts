import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  historyPageCount,
  isFiltered,
  ORDER_STATUS_GROUPS,
  orderStatusGroup,
  readOrderHistoryView,
  STATUSES_OF_GROUP,
  statusesOfFilter,
} from './order-history';
import { FAILED_LIKE_ORDER_STATUSES, ORDER_STATUSES } from './payment';

describe('order status groups', () => {
  it('put every order status of spec §4 in exactly one group', () => {
    const grouped = ORDER_STATUS_GROUPS.flatMap((group) => STATUSES_OF_GROUP[group]);
    expect([...grouped].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('make the failed group spec §4’s failed-like set', () => {
    expect([...STATUSES_OF_GROUP.failed].sort()).toEqual([...FAILED_LIKE_ORDER_STATUSES].sort());
  });

  it.each([
    ['committed', 'completed'],
    ['partiallyCommitted', 'completed'],
    ['paid', 'pending'],
    ['paymentPending', 'pending'],
    ['abortedButResponseReceived', 'failed'],
    ['productProcessError', 'failed'],
    ['partiallyRefunded', 'refunded'],
  ] as const)('shows %s as %s', (status, group) => {
    expect(orderStatusGroup(status)).toBe(group);
  });

  it('knows no group for a status it does not know', () => {
    expect(orderStatusGroup('shipped')).toBeUndefined();
  });

  it('asks for every order with "all" and for the group’s statuses otherwise', () => {
    expect(statusesOfFilter('all')).toBeUndefined();
    expect(statusesOfFilter('refunded')).toEqual(['refunded', 'partiallyRefunded']);
  });
});

describe('calendarDay', () => {
  it.each(['2026-03-05', '2024-02-29', ' 2026-12-31 '])('takes %s', (value) => {
    expect(calendarDay(value)).toBe(value.trim());
  });

  it.each(['2025-02-29', '2026-13-01', '2026-3-5', '05.03.2026', '', undefined])('refuses %s', (value) => {
    expect(calendarDay(value)).toBeUndefined();
  });
});

describe('readOrderHistoryView', () => {
  it('starts on the first page of every order', () => {
    expect(readOrderHistoryView({})).toEqual({ page: 1, status: 'all' });
  });

  it('reads the page, the days and the status filter', () => {
    expect(
      readOrderHistoryView({ page: '3', from: '2026-01-01', to: '2026-01-31', status: 'failed' }),
    ).toEqual({ page: 3, from: '2026-01-01', to: '2026-01-31', status: 'failed' });
  });

  it('turns a range given the wrong way round', () => {
    expect(readOrderHistoryView({ from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it('leaves out what it cannot read', () => {
    expect(readOrderHistoryView({ page: '0', from: 'yesterday', to: '2026-02-30', status: 'paid' })).toEqual({
      page: 1,
      status: 'all',
    });
    expect(readOrderHistoryView({ page: '-2' }).page).toBe(1);
    expect(readOrderHistoryView({ page: 'two' }).page).toBe(1);
  });

  it('tells a filtered view from the whole history', () => {
    expect(isFiltered({ page: 2, status: 'all' })).toBe(false);
    expect(isFiltered({ page: 1, status: 'pending' })).toBe(true);
    expect(isFiltered({ page: 1, status: 'all', to: '2026-01-01' })).toBe(true);
  });
});

describe('historyPageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [15, 1],
    [16, 2],
    [45, 3],
  ])('has %i orders on %i page(s) of 15', (total, pages) => {
    expect(historyPageCount(total, 15)).toBe(pages);
  });
});
