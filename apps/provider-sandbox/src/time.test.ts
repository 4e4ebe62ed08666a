import { describe, expect, it } from '@jest/globals';
import { addMonths, addYears, ageOn, dayIn, formatZonedDateTime, instantAt, parseUsDate } from './time.ts';

describe('practice calendar', () => {
  it('reads the day in New York, not UTC', () => {
    expect(dayIn(new Date('2026-03-11T03:30:00Z'))).toEqual({ year: 2026, month: 3, day: 10 });
    expect(dayIn(new Date('2026-03-11T04:30:00Z'))).toEqual({ year: 2026, month: 3, day: 11 });
  });

  it('turns wall times into instants on both sides of DST', () => {
    expect(instantAt({ year: 2026, month: 3, day: 6 }, '08:00').toISOString()).toBe('2026-03-06T13:00:00.000Z');
    expect(instantAt({ year: 2026, month: 3, day: 9 }, '08:00').toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(instantAt({ year: 2026, month: 11, day: 2 }, '16:30').toISOString()).toBe('2026-11-02T21:30:00.000Z');
  });

  it('clamps month arithmetic to the month length', () => {
    expect(addMonths({ year: 2026, month: 9, day: 30 }, 5)).toEqual({ year: 2027, month: 2, day: 28 });
    expect(addMonths({ year: 2026, month: 1, day: 15 }, -3)).toEqual({ year: 2025, month: 10, day: 15 });
    expect(addYears({ year: 2028, month: 2, day: 29 }, -27)).toEqual({ year: 2001, month: 2, day: 28 });
  });

  it('counts a birthday on the day itself', () => {
    expect(ageOn({ year: 1999, month: 3, day: 10 }, { year: 2026, month: 3, day: 10 })).toBe(27);
    expect(ageOn({ year: 1999, month: 3, day: 11 }, { year: 2026, month: 3, day: 10 })).toBe(26);
  });

  it('parses only real MM/DD/YYYY dates', () => {
    expect(parseUsDate('02/29/2028')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseUsDate('02/29/2027')).toBeNull();
    expect(parseUsDate('2027-01-01')).toBeNull();
  });

  it('writes instants with the practice offset', () => {
    expect(formatZonedDateTime(new Date('2026-01-15T17:05:09Z'))).toBe('2026-01-15T12:05:09-05:00');
    expect(formatZonedDateTime(new Date('2026-07-15T17:05:09Z'))).toBe('2026-07-15T13:05:09-04:00');
  });
});
