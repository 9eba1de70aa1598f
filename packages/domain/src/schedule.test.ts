import { describe, expect, it } from 'vitest';
import {
  isValidSchedule,
  latestDueRun,
  monthStartIn,
  nextRunAt,
  noticeAt,
  periodKey,
  type RecurringSchedule,
  RUN_HOUR,
  timeZoneOfCountry,
} from './schedule';

const BERLIN = 'Europe/Berlin';
const LONDON = 'Europe/London';

const weekly = (weekday: number): RecurringSchedule => ({ type: 'WEEKLY', weekday });
const monthly = (day: number): RecurringSchedule => ({ type: 'MONTHLY', day });
const utc = (iso: string) => new Date(iso);

describe('the time zone of a tenant', () => {
  it('is its country’s', () => {
    expect(['de', 'at', 'nl', 'be', 'fr', 'gb'].map(timeZoneOfCountry)).toEqual([
      'Europe/Berlin',
      'Europe/Vienna',
      'Europe/Amsterdam',
      'Europe/Brussels',
      'Europe/Paris',
      'Europe/London',
    ]);
  });

  it('is unknown for any other country', () => {
    for (const country of ['us', 'DE', '', 'toString']) {
      expect(() => timeZoneOfCountry(country), country).toThrow();
    }
  });
});

describe('a weekly top-up', () => {
  it('runs at 08:00 local time', () => {
    expect(RUN_HOUR).toBe(8);
  });

  // Week of Monday 4 May 2026; Berlin is on summer time (UTC+2), so 08:00 local is 06:00Z.
  const days = [
    '2026-05-04',
    '2026-05-05',
    '2026-05-06',
    '2026-05-07',
    '2026-05-08',
    '2026-05-09',
    '2026-05-10',
  ];
  const nextWeek = [
    '2026-05-11',
    '2026-05-12',
    '2026-05-13',
    '2026-05-14',
    '2026-05-15',
    '2026-05-16',
    '2026-05-17',
  ];

  it('runs today when asked on its weekday before 08:00', () => {
    days.forEach((day, index) => {
      expect(nextRunAt(weekly(index + 1), utc(`${day}T05:59:59Z`), BERLIN), day).toEqual(
        utc(`${day}T06:00:00Z`),
      );
    });
  });

  it('runs next week when asked on its weekday at or after 08:00', () => {
    days.forEach((day, index) => {
      const nextRun = utc(`${nextWeek[index]}T06:00:00Z`);
      expect(nextRunAt(weekly(index + 1), utc(`${day}T06:00:00Z`), BERLIN), day).toEqual(nextRun);
      expect(nextRunAt(weekly(index + 1), utc(`${day}T15:00:00Z`), BERLIN), day).toEqual(nextRun);
    });
  });

  it('runs on the next of its weekday from any other day', () => {
    const wednesdayNoon = utc('2026-05-06T10:00:00Z');
    expect([1, 2, 3, 4, 5, 6, 7].map((weekday) => nextRunAt(weekly(weekday), wednesdayNoon, BERLIN))).toEqual(
      [
        utc('2026-05-11T06:00:00Z'),
        utc('2026-05-12T06:00:00Z'),
        utc('2026-05-13T06:00:00Z'),
        utc('2026-05-07T06:00:00Z'),
        utc('2026-05-08T06:00:00Z'),
        utc('2026-05-09T06:00:00Z'),
        utc('2026-05-10T06:00:00Z'),
      ],
    );
  });

  it('runs at 08:00 local on the days the clocks change', () => {
    const sunday = weekly(7);
    expect(nextRunAt(sunday, utc('2026-03-28T12:00:00Z'), BERLIN)).toEqual(utc('2026-03-29T06:00:00Z'));
    expect(nextRunAt(sunday, utc('2026-03-29T00:30:00Z'), BERLIN)).toEqual(utc('2026-03-29T06:00:00Z'));
    expect(nextRunAt(sunday, utc('2026-10-24T12:00:00Z'), BERLIN)).toEqual(utc('2026-10-25T07:00:00Z'));
    expect(nextRunAt(sunday, utc('2026-10-25T00:30:00Z'), BERLIN)).toEqual(utc('2026-10-25T07:00:00Z'));
  });

  it('runs at a different instant in London than in Berlin', () => {
    const monday = weekly(1);
    expect(nextRunAt(monday, utc('2026-05-03T12:00:00Z'), BERLIN)).toEqual(utc('2026-05-04T06:00:00Z'));
    expect(nextRunAt(monday, utc('2026-05-03T12:00:00Z'), LONDON)).toEqual(utc('2026-05-04T07:00:00Z'));
    expect(nextRunAt(monday, utc('2026-01-04T12:00:00Z'), BERLIN)).toEqual(utc('2026-01-05T07:00:00Z'));
    expect(nextRunAt(monday, utc('2026-01-04T12:00:00Z'), LONDON)).toEqual(utc('2026-01-05T08:00:00Z'));
  });

  it('runs into the new year', () => {
    // Thursday 31 December 2026, after its run; Friday is 1 January 2027.
    expect(nextRunAt(weekly(5), utc('2026-12-31T09:00:00Z'), BERLIN)).toEqual(utc('2027-01-01T07:00:00Z'));
    expect(nextRunAt(weekly(4), utc('2026-12-31T09:00:00Z'), BERLIN)).toEqual(utc('2027-01-07T07:00:00Z'));
  });
});

describe('a monthly top-up', () => {
  it('runs on its day of the month, this month or the next', () => {
    expect(nextRunAt(monthly(15), utc('2026-05-15T05:00:00Z'), BERLIN)).toEqual(utc('2026-05-15T06:00:00Z'));
    expect(nextRunAt(monthly(15), utc('2026-05-15T06:00:00Z'), BERLIN)).toEqual(utc('2026-06-15T06:00:00Z'));
    expect(nextRunAt(monthly(1), utc('2026-05-20T12:00:00Z'), BERLIN)).toEqual(utc('2026-06-01T06:00:00Z'));
  });

  it('on the 31st runs on the last day of February, by leap year', () => {
    expect(nextRunAt(monthly(31), utc('2028-02-01T12:00:00Z'), BERLIN)).toEqual(utc('2028-02-29T07:00:00Z'));
    expect(nextRunAt(monthly(31), utc('2027-02-01T12:00:00Z'), BERLIN)).toEqual(utc('2027-02-28T07:00:00Z'));
  });

  it('on the 31st runs on 30 April, and on 31 May again', () => {
    const april30 = nextRunAt(monthly(31), utc('2026-04-01T12:00:00Z'), BERLIN);
    expect(april30).toEqual(utc('2026-04-30T06:00:00Z'));
    expect(nextRunAt(monthly(31), april30, BERLIN)).toEqual(utc('2026-05-31T06:00:00Z'));
  });

  it('on the 30th runs on the last day of February, then on 30 March in summer time', () => {
    const february28 = nextRunAt(monthly(30), utc('2026-02-01T12:00:00Z'), BERLIN);
    expect(february28).toEqual(utc('2026-02-28T07:00:00Z'));
    expect(nextRunAt(monthly(30), february28, BERLIN)).toEqual(utc('2026-03-30T06:00:00Z'));
  });

  it('runs from 31 December into January', () => {
    expect(nextRunAt(monthly(31), utc('2026-12-31T09:00:00Z'), BERLIN)).toEqual(utc('2027-01-31T07:00:00Z'));
    expect(nextRunAt(monthly(31), utc('2026-12-31T06:59:00Z'), BERLIN)).toEqual(utc('2026-12-31T07:00:00Z'));
  });
});

describe('a run missed while the engine was down', () => {
  const monday = weekly(1);
  const due = utc('2026-05-04T06:00:00Z');

  it('is caught up once: only the latest of the missed runs', () => {
    // Down from before 4 May until Wednesday 20 May: the runs of 4, 11 and 18 May were missed.
    expect(latestDueRun(monday, due, utc('2026-05-20T10:00:00Z'), BERLIN)).toEqual(
      utc('2026-05-18T06:00:00Z'),
    );
  });

  it('counts a run due exactly now', () => {
    expect(latestDueRun(monday, due, utc('2026-05-11T06:00:00Z'), BERLIN)).toEqual(
      utc('2026-05-11T06:00:00Z'),
    );
  });

  it('is the due run itself when no later one is due yet', () => {
    expect(latestDueRun(monday, due, utc('2026-05-11T05:59:59Z'), BERLIN)).toEqual(due);
  });
});

describe('the period of a run', () => {
  it('is named by its local date', () => {
    expect(periodKey(utc('2026-05-04T06:00:00Z'), BERLIN)).toBe('2026-05-04');
  });

  it('is the next local date for a run late in the UTC day', () => {
    expect(periodKey(utc('2026-01-05T23:30:00Z'), BERLIN)).toBe('2026-01-06');
    expect(periodKey(utc('2026-01-05T23:30:00Z'), LONDON)).toBe('2026-01-05');
    expect(periodKey(utc('2026-12-31T23:30:00Z'), BERLIN)).toBe('2027-01-01');
  });
});

describe('a schedule', () => {
  it('is valid with a whole weekday from 1 to 7', () => {
    expect(isValidSchedule({ type: 'WEEKLY', weekday: 1 })).toBe(true);
    expect(isValidSchedule({ type: 'WEEKLY', weekday: 7 })).toBe(true);
    for (const weekday of [0, 8, 2.5, -1, Number.NaN, undefined]) {
      expect(isValidSchedule({ type: 'WEEKLY', weekday }), String(weekday)).toBe(false);
    }
  });

  it('is valid with a whole day of the month from 1 to 31', () => {
    expect(isValidSchedule({ type: 'MONTHLY', day: 1 })).toBe(true);
    expect(isValidSchedule({ type: 'MONTHLY', day: 31 })).toBe(true);
    for (const day of [0, 32, 15.5, Number.NaN, undefined]) {
      expect(isValidSchedule({ type: 'MONTHLY', day }), String(day)).toBe(false);
    }
  });

  it('is valid only for the field of its own type', () => {
    expect(isValidSchedule({ type: 'WEEKLY', day: 3 })).toBe(false);
    expect(isValidSchedule({ type: 'MONTHLY', weekday: 3 })).toBe(false);
    expect(isValidSchedule({ type: 'YEARLY', day: 3 })).toBe(false);
  });

  it('that is not valid has no next run', () => {
    expect(() => nextRunAt(weekly(0), utc('2026-05-04T12:00:00Z'), BERLIN)).toThrow(RangeError);
    expect(() => nextRunAt(monthly(32), utc('2026-05-04T12:00:00Z'), BERLIN)).toThrow(RangeError);
  });
});

describe('the notice of a run', () => {
  it('goes out 24 hours before it, also across a change of the clocks', () => {
    expect(noticeAt(utc('2026-05-04T06:00:00Z'))).toEqual(utc('2026-05-03T06:00:00Z'));
    expect(noticeAt(utc('2026-03-29T06:00:00Z'))).toEqual(utc('2026-03-28T06:00:00Z'));
  });
});

describe('this month', () => {
  it('begins at local midnight of the first, whatever the UTC date', () => {
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time, UTC+2).
    expect(monthStartIn(new Date('2026-03-31T23:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-31T22:00:00.000Z',
    );
    expect(monthStartIn(new Date('2026-11-15T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    );
    expect(monthStartIn(new Date('2026-11-15T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });
});
