// ---------------------------------------------------------------------------------------------
// Schedules of weekly and monthly top-ups: a fixed local time in the tenant's time zone.
// ---------------------------------------------------------------------------------------------

/** A weekly top-up runs on a weekday (Monday 1 … Sunday 7), a monthly one on a day of the month (1–31). */
export type RecurringSchedule = { type: 'WEEKLY'; weekday: number } | { type: 'MONTHLY'; day: number };

/** Local time of day at which scheduled top-ups run: 08:00. */
export const RUN_HOUR = 8;

const TIME_ZONE_OF_COUNTRY: Readonly<Record<string, string>> = {
  de: 'Europe/Berlin',
  at: 'Europe/Vienna',
  nl: 'Europe/Amsterdam',
  be: 'Europe/Brussels',
  fr: 'Europe/Paris',
  gb: 'Europe/London',
};

/** The tenant country's time zone: de Europe/Berlin, at Europe/Vienna, nl Europe/Amsterdam, be Europe/Brussels, fr Europe/Paris, gb Europe/London. */
export function timeZoneOfCountry(country: string): string {
  const timeZone = Object.hasOwn(TIME_ZONE_OF_COUNTRY, country) ? TIME_ZONE_OF_COUNTRY[country] : undefined;
  if (timeZone === undefined) throw new RangeError(`No time zone for country ${country}`);
  return timeZone;
}

/** A calendar date (and time) as read on a clock in some time zone; months count from 1. */
interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The date and time a clock in `timeZone` shows at `at`. */
function localTime(at: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the clock in `timeZone` is ahead of UTC at `at`, in milliseconds (whole seconds). */
function utcOffsetMs(at: Date, timeZone: string): number {
  const local = localTime(at, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - (at.getTime() - at.getUTCMilliseconds());
}

/** The instant at which the clock in `timeZone` shows `hour`:00 on a date (given at UTC midnight). */
function instantOfLocal(date: Date, hour: number, timeZone: string): Date {
  const asUtc = date.getTime() + hour * 60 * 60_000;
  const guess = asUtc - utcOffsetMs(new Date(asUtc), timeZone);
  // The offset at the guess differs from the first one when a daylight-saving change lies between.
  return new Date(asUtc - utcOffsetMs(new Date(guess), timeZone));
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether the schedule runs on a calendar date (a date at UTC midnight stands for the local date). */
function runsOn(schedule: RecurringSchedule, date: Date): boolean {
  if (schedule.type === 'WEEKLY') return (date.getUTCDay() || 7) === schedule.weekday;
  const lastDay = daysInMonth(date.getUTCFullYear(), date.getUTCMonth() + 1);
  return date.getUTCDate() === Math.min(schedule.day, lastDay);
}

/** The first run strictly after `after`: the next chosen weekday (or day of month; 29–31 fall to the last day of shorter months, e.g. 31 → 30 April, 28/29 February by leap year) at RUN_HOUR local time in `timeZone`, as a UTC instant. */
export function nextRunAt(schedule: RecurringSchedule, after: Date, timeZone: string): Date {
  if (!isValidSchedule(schedule)) throw new RangeError(`Not a valid schedule: ${JSON.stringify(schedule)}`);
  const today = localTime(after, timeZone);
  for (let offset = 0; ; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (!runsOn(schedule, date)) continue;
    const run = instantOfLocal(date, RUN_HOUR, timeZone);
    if (run > after) return run;
  }
}

/** The latest run at or before `now` among runs from `due` (a run time previously computed, ≤ now) on: after downtime spanning several periods only this one is run (caught up once). */
export function latestDueRun(schedule: RecurringSchedule, due: Date, now: Date, timeZone: string): Date {
  let latest = due;
  let next = nextRunAt(schedule, due, timeZone);
  while (next <= now) {
    latest = next;
    next = nextRunAt(schedule, next, timeZone);
  }
  return latest;
}

/** A key naming the period of a run, unique per schedule: the run's local date 'YYYY-MM-DD' in the time zone. */
export function periodKey(runAt: Date, timeZone: string): string {
  const { year, month, day } = localTime(runAt, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first instant of the calendar month of `now` in `timeZone`: where "this month" begins there. */
export function monthStartIn(now: Date, timeZone: string): Date {
  const { year, month } = localTime(now, timeZone);
  return instantOfLocal(new Date(Date.UTC(year, month - 1, 1)), 0, timeZone);
}

/** Whether the schedule's fields are valid (weekday integer 1–7, day integer 1–31). */
export function isValidSchedule(schedule: { type: string; weekday?: number; day?: number }): boolean {
  const within = (value: number | undefined, max: number) =>
    value !== undefined && Number.isInteger(value) && value >= 1 && value <= max;
  if (schedule.type === 'WEEKLY') return within(schedule.weekday, 7);
  if (schedule.type === 'MONTHLY') return within(schedule.day, 31);
  return false;
}

/** How long before a run its notice goes out. */
export const NOTICE_BEFORE_MS = 24 * 60 * 60_000;

/** The instant at which a day-before notice goes out for a run: 24 hours before it. */
export function noticeAt(runAt: Date): Date {
  return new Date(runAt.getTime() - NOTICE_BEFORE_MS);
}
