/**
 * Calendar dates and wall-clock times in a named time zone, done with `Intl.DateTimeFormat` only.
 * The practice runs on America/New_York; servers run on UTC. Every "today", "this week" and
 * "09:00 on 03/09/2026" must be read in the practice's zone, and every elapsed-time rule must be
 * computed on instants, so DST shifts never bend a rule.
 */
import * as O from 'fp-ts/lib/Option.js';

/** A day on the calendar, no time and no zone. month is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A wall-clock time of day, 24-hour. */
export interface WallTime {
  readonly hour: number;
  readonly minute: number;
}

/** ISO weekday: Monday = 1 ... Sunday = 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

interface WallClock extends CalendarDate, WallTime {
  readonly second: number;
}

const wallClockAt = (epochMs: number, timeZone: string): WallClock => {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const field = (type: Intl.DateTimeFormatPartTypes): number => {
    const part = parts.find((p) => p.type === type);
    if (part === undefined) throw new Error(`Intl gave no ${type} for ${timeZone}`);
    return Number(part.value);
  };
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    // Some engines print midnight as 24 even with h23; normalise.
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
};

/** UTC milliseconds of a wall clock read as if it were UTC; safe for years below 100. */
const utcMs = (date: CalendarDate, hour = 0, minute = 0, second = 0): number => {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
};

/** Offset of the zone from UTC at an instant, in ms (New York: -4 h in summer, -5 h in winter). */
export const zoneOffsetMs = (instant: Date, timeZone: string): number => {
  const epochMs = instant.getTime();
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
  const wall = wallClockAt(wholeSecond, timeZone);
  return utcMs(wall, wall.hour, wall.minute, wall.second) - wholeSecond;
};

/** The calendar date shown on a wall calendar in `timeZone` at `instant`. */
export const calendarDateIn = (instant: Date, timeZone: string): CalendarDate => {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone);
  return { year, month, day };
};

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

export const isValidCalendarDate = (date: CalendarDate): boolean =>
  Number.isInteger(date.year) &&
  Number.isInteger(date.month) &&
  Number.isInteger(date.day) &&
  date.month >= 1 &&
  date.month <= 12 &&
  date.day >= 1 &&
  date.day <= daysInMonth(date.year, date.month);

export const addDays = (date: CalendarDate, days: number): CalendarDate => {
  const d = new Date(utcMs(date) + days * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

export const isoWeekday = (date: CalendarDate): IsoWeekday => {
  const sundayFirst = new Date(utcMs(date)).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as IsoWeekday;
};

/** Negative when a is earlier, 0 when equal, positive when a is later. */
export const compareCalendarDates = (a: CalendarDate, b: CalendarDate): number =>
  a.year - b.year || a.month - b.month || a.day - b.day;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD'. */
export const formatIsoDate = (date: CalendarDate): string =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** 'MM/DD/YYYY', the form athenahealth and the spec's screens use. */
export const formatUsDate = (date: CalendarDate): string =>
  `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Parses 'YYYY-MM-DD' or 'MM/DD/YYYY' (surrounding spaces ignored); None for anything else or an impossible day. */
export const parseCalendarDate = (text: string): O.Option<CalendarDate> => {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  const us = iso === null ? US_DATE.exec(trimmed) : null;
  let date: CalendarDate;
  if (iso !== null) date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  else if (us !== null) date = { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) };
  else return O.none;
  return isValidCalendarDate(date) ? O.some(date) : O.none;
};

const HH_MM = /^(\d{2}):(\d{2})$/;

/** Parses a 24-hour 'HH:mm' (00:00 to 23:59). */
export const parseWallTime = (text: string): O.Option<WallTime> => {
  const match = HH_MM.exec(text.trim());
  if (match === null) return O.none;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? O.some({ hour, minute }) : O.none;
};

/**
 * The instant at which clocks in `timeZone` show `date` `time`.
 *
 * DST edges follow the same rule as Temporal's 'compatible' disambiguation:
 * - a time that happens twice (New York, first Sunday of November, 01:00-01:59) resolves to the
 *   first occurrence, still on daylight time;
 * - a time that never happens (second Sunday of March, 02:00-02:59) is pushed forward by the
 *   size of the gap, so 02:30 becomes 03:30 daylight time.
 */
export const zonedWallTimeToInstant = (date: CalendarDate, time: WallTime, timeZone: string): Date => {
  const asUtc = utcMs(date, time.hour, time.minute);
  // Offsets a day either side: transitions are months apart, so these are the two candidates.
  const offsetBefore = zoneOffsetMs(new Date(asUtc - MS_PER_DAY), timeZone);
  const offsetAfter = zoneOffsetMs(new Date(asUtc + MS_PER_DAY), timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter]
    .filter((epochMs) => {
      const wall = wallClockAt(epochMs, timeZone);
      return compareCalendarDates(wall, date) === 0 && wall.hour === time.hour && wall.minute === time.minute;
    })
    .sort((a, b) => a - b);
  const earliest = candidates[0];
  if (earliest !== undefined) return new Date(earliest);
  // In the gap: read the wall time with the offset in force before the jump.
  return new Date(asUtc - offsetBefore);
};
