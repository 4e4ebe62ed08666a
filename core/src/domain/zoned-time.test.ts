import { describe, it, expect } from '@jest/globals';
import * as O from 'fp-ts/lib/Option.js';
import {
  addDays,
  calendarDateIn,
  compareCalendarDates,
  daysInMonth,
  formatIsoDate,
  formatUsDate,
  isLeapYear,
  isoWeekday,
  isValidCalendarDate,
  parseCalendarDate,
  parseWallTime,
  zonedWallTimeToInstant,
  zoneOffsetMs,
} from './zoned-time.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;

describe('parseCalendarDate', () => {
  it('reads YYYY-MM-DD and MM/DD/YYYY as the same day', () => {
    expect(parseCalendarDate('1999-03-10')).toEqual(O.some({ year: 1999, month: 3, day: 10 }));
    expect(parseCalendarDate('03/10/1999')).toEqual(O.some({ year: 1999, month: 3, day: 10 }));
    expect(parseCalendarDate(' 03/10/1999 ')).toEqual(O.some({ year: 1999, month: 3, day: 10 }));
  });

  it('accepts 29 February only in leap years', () => {
    expect(O.isSome(parseCalendarDate('2000-02-29'))).toBe(true);
    expect(O.isSome(parseCalendarDate('02/29/1996'))).toBe(true);
    expect(parseCalendarDate('1999-02-29')).toEqual(O.none);
    expect(parseCalendarDate('1900-02-29')).toEqual(O.none);
  });

  it.each(['', 'abc', '1999-3-10', '3/10/1999', '1999/03/10', '10-03-1999', '13/01/1999', '00/10/1999', '04/31/1999', '1999-04-00', '1999-03-10T00:00:00Z'])(
    'rejects %p',
    (text) => {
      expect(parseCalendarDate(text)).toEqual(O.none);
    },
  );
});

describe('parseWallTime', () => {
  it('reads 24-hour HH:mm', () => {
    expect(parseWallTime('00:00')).toEqual(O.some({ hour: 0, minute: 0 }));
    expect(parseWallTime('23:59')).toEqual(O.some({ hour: 23, minute: 59 }));
  });

  it.each(['24:00', '12:60', '9:00', '09:0', '0900', 'noon', ''])('rejects %p', (text) => {
    expect(parseWallTime(text)).toEqual(O.none);
  });
});

describe('calendar arithmetic', () => {
  it('knows leap years and month lengths', () => {
    expect([isLeapYear(2024), isLeapYear(2026), isLeapYear(1900), isLeapYear(2000)]).toEqual([true, false, false, true]);
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([28, 29, 30, 31]);
    expect(isValidCalendarDate({ year: 2026, month: 2, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 1.5, day: 1 })).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it('gives ISO weekdays (Monday 1, Sunday 7)', () => {
    expect(isoWeekday({ year: 2026, month: 3, day: 9 })).toBe(1);
    expect(isoWeekday({ year: 2026, month: 3, day: 13 })).toBe(5);
    expect(isoWeekday({ year: 2026, month: 3, day: 8 })).toBe(7);
  });

  it('compares and formats dates', () => {
    expect(compareCalendarDates({ year: 2026, month: 3, day: 9 }, { year: 2026, month: 3, day: 10 })).toBeLessThan(0);
    expect(compareCalendarDates({ year: 2027, month: 1, day: 1 }, { year: 2026, month: 12, day: 31 })).toBeGreaterThan(0);
    expect(compareCalendarDates({ year: 2026, month: 3, day: 9 }, { year: 2026, month: 3, day: 9 })).toBe(0);
    expect(formatIsoDate({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
    expect(formatUsDate({ year: 2026, month: 3, day: 9 })).toBe('03/09/2026');
  });
});

describe('calendarDateIn', () => {
  it('reads the New York calendar, not the UTC one, around midnight', () => {
    const instant = new Date('2026-03-10T03:30:00Z');
    expect(calendarDateIn(instant, NY)).toEqual({ year: 2026, month: 3, day: 9 });
    expect(calendarDateIn(instant, 'UTC')).toEqual({ year: 2026, month: 3, day: 10 });
    expect(calendarDateIn(new Date('2026-03-10T04:00:00Z'), NY)).toEqual({ year: 2026, month: 3, day: 10 });
    expect(calendarDateIn(new Date('2026-01-01T04:59:59.999Z'), NY)).toEqual({ year: 2025, month: 12, day: 31 });
    expect(calendarDateIn(new Date('2026-01-01T05:00:00Z'), NY)).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('zoneOffsetMs', () => {
  it('is -5 h in New York winter and -4 h in summer', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00.500Z'), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('changes at 2:00 local on 8 March and 1 November 2026', () => {
    expect(zoneOffsetMs(new Date('2026-03-08T06:59:59Z'), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-03-08T07:00:00Z'), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-11-01T05:59:59Z'), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-11-01T06:00:00Z'), NY)).toBe(-5 * HOUR);
  });
});

describe('zonedWallTimeToInstant', () => {
  const at = (y: number, mo: number, d: number, h: number, mi: number, zone = NY): string =>
    zonedWallTimeToInstant({ year: y, month: mo, day: d }, { hour: h, minute: mi }, zone).toISOString();

  it('converts ordinary winter and summer times', () => {
    expect(at(2026, 1, 15, 9, 0)).toBe('2026-01-15T14:00:00.000Z');
    expect(at(2026, 7, 15, 9, 0)).toBe('2026-07-15T13:00:00.000Z');
    expect(at(2026, 12, 31, 23, 30)).toBe('2027-01-01T04:30:00.000Z');
  });

  it('spring forward: times before, in and after the skipped hour', () => {
    expect(at(2026, 3, 8, 1, 59)).toBe('2026-03-08T06:59:00.000Z');
    // 02:30 does not exist; it moves forward by the gap to 03:30 daylight time.
    expect(at(2026, 3, 8, 2, 30)).toBe('2026-03-08T07:30:00.000Z');
    expect(at(2026, 3, 8, 3, 0)).toBe('2026-03-08T07:00:00.000Z');
    expect(at(2026, 3, 8, 10, 0)).toBe('2026-03-08T14:00:00.000Z');
  });

  it('fall back: the repeated hour resolves to its first (daylight) occurrence', () => {
    expect(at(2026, 11, 1, 0, 59)).toBe('2026-11-01T04:59:00.000Z');
    expect(at(2026, 11, 1, 1, 30)).toBe('2026-11-01T05:30:00.000Z');
    expect(at(2026, 11, 1, 2, 0)).toBe('2026-11-01T07:00:00.000Z');
    expect(at(2026, 11, 1, 10, 0)).toBe('2026-11-01T15:00:00.000Z');
  });

  it('works for other zones too', () => {
    expect(at(2026, 7, 1, 9, 0, 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(at(2026, 7, 1, 9, 0, 'UTC')).toBe('2026-07-01T09:00:00.000Z');
  });
});
