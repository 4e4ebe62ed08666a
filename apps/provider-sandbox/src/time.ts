/**
 * Calendar arithmetic on the practice's wall clock (America/New_York), with `Intl` only. The
 * sandbox is a stand-in for athenahealth, so it keeps its own copy rather than importing the
 * portal's domain: a bug in one must not hide the same bug in the other.
 */

export const PRACTICE_TIME_ZONE = 'America/New_York';

/** A day on the calendar; month 1-12. */
export interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

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

interface Wall extends Day {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const wallAt = (epochMs: number, timeZone: string): Wall => {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const field = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value ?? NaN);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
};

const utcMs = (day: Day, hour = 0, minute = 0, second = 0): number => Date.UTC(day.year, day.month - 1, day.day, hour, minute, second);

/** Offset of the zone from UTC at an instant, in minutes (New York: -240 in summer, -300 in winter). */
export const offsetMinutes = (instant: Date, timeZone: string = PRACTICE_TIME_ZONE): number => {
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  const wall = wallAt(whole, timeZone);
  return Math.round((utcMs(wall, wall.hour, wall.minute, wall.second) - whole) / 60_000);
};

/** The calendar day in `timeZone` at `instant`. */
export const dayIn = (instant: Date, timeZone: string = PRACTICE_TIME_ZONE): Day => {
  const { year, month, day } = wallAt(instant.getTime(), timeZone);
  return { year, month, day };
};

/** The instant of a wall-clock time on a day in `timeZone` (DST gaps resolve forward). */
export const instantAt = (day: Day, time: string, timeZone: string = PRACTICE_TIME_ZONE): Date => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = utcMs(day, hour, minute);
  // Two passes settle the offset on both sides of a DST change.
  let guess = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  guess = asUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
};

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

export const addDays = (day: Day, days: number): Day => {
  const d = new Date(utcMs(day) + days * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** Whole months forward (negative: back); the day is clamped to the target month's length. */
export const addMonths = (day: Day, months: number): Day => {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
};

export const addYears = (day: Day, years: number): Day => addMonths(day, years * 12);

/** ISO weekday: Monday 1 ... Sunday 7. */
export const isoWeekday = (day: Day): number => {
  const sundayFirst = new Date(utcMs(day)).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
};

/** Whole years from `birth` to `on` (a birthday counts on the day itself). */
export const ageOn = (birth: Day, on: Day): number =>
  on.year - birth.year - (on.month < birth.month || (on.month === birth.month && on.day < birth.day) ? 1 : 0);

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'MM/DD/YYYY', as athenahealth writes dates. */
export const formatUsDate = (day: Day): string => `${pad(day.month)}/${pad(day.day)}/${pad(day.year, 4)}`;

/** 'YYYY-MM-DD', as the sandbox stores days (sorts as text). */
export const formatIsoDay = (day: Day): string => `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;

const parseParts = (year: number, month: number, day: number): Day | null =>
  Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : null;

/** 'MM/DD/YYYY' → Day, or null when it is not a real date. */
export const parseUsDate = (text: string): Day | null => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? parseParts(Number(match[3]), Number(match[1]), Number(match[2])) : null;
};

/** 'YYYY-MM-DD' → Day, or null. */
export const parseIsoDay = (text: string): Day | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? parseParts(Number(match[1]), Number(match[2]), Number(match[3])) : null;
};

/** '2026-03-09T14:05:00-04:00': an instant written on the practice's wall clock with its offset. */
export const formatZonedDateTime = (instant: Date, timeZone: string = PRACTICE_TIME_ZONE): string => {
  const wall = wallAt(Math.floor(instant.getTime() / 1000) * 1000, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${formatIsoDay(wall)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
};
