import { describe, it, expect } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { bookingWeek, bookingWeeks, firstBookingMonday, formatTime12h, isValidWeekIndex } from './booking-calendar.policy.ts';

const at = (iso: string): Date => new Date(iso);
const datesOf = (weekIndex: number, now: Date): readonly string[] => {
  const week = bookingWeek(weekIndex, now);
  if (E.isLeft(week)) throw new Error(week.left.message);
  return week.right.map((day) => day.date);
};

describe('firstBookingMonday', () => {
  it.each([
    ['Monday', '2026-03-09T15:00:00Z', '2026-03-09'],
    ['Wednesday', '2026-03-11T15:00:00Z', '2026-03-09'],
    ['Friday', '2026-03-13T20:00:00Z', '2026-03-09'],
    ['Saturday', '2026-03-14T15:00:00Z', '2026-03-16'],
    ['Sunday', '2026-03-15T15:00:00Z', '2026-03-16'],
  ])('on a %s (%s) week 0 starts %s', (_day, now, monday) => {
    expect(datesOf(0, at(now))[0]).toBe(monday);
    const m = firstBookingMonday(at(now));
    expect(`${m.year}-${String(m.month).padStart(2, '0')}-${String(m.day).padStart(2, '0')}`).toBe(monday);
  });

  it('Friday 23:30 in New York is still a weekday although UTC says Saturday', () => {
    // 2026-03-14T03:30Z is Friday 13 March 23:30 EDT.
    expect(datesOf(0, at('2026-03-14T03:30:00Z'))[0]).toBe('2026-03-09');
    expect(datesOf(0, at('2026-03-14T04:00:00Z'))[0]).toBe('2026-03-16');
  });

  it('Sunday 23:30 in New York is still the weekend although UTC says Monday', () => {
    // 2026-03-16T03:30Z is Sunday 15 March 23:30 EDT → next Monday, 16 March.
    expect(datesOf(0, at('2026-03-16T03:30:00Z'))[0]).toBe('2026-03-16');
    // In winter, 2026-01-12T04:30Z is Sunday 11 January 23:30 EST.
    expect(datesOf(0, at('2026-01-12T04:30:00Z'))[0]).toBe('2026-01-12');
    // Monday 00:30 EST on the 12th stays on the 12th.
    expect(datesOf(0, at('2026-01-12T05:30:00Z'))[0]).toBe('2026-01-12');
  });
});

describe('bookingWeek', () => {
  const wednesday = at('2026-03-11T15:00:00Z');

  it('gives Monday to Friday with both date forms and weekday names', () => {
    expect(bookingWeek(0, wednesday)).toEqual(
      E.right([
        { date: '2026-03-09', display: '03/09/2026', weekday: 'Monday' },
        { date: '2026-03-10', display: '03/10/2026', weekday: 'Tuesday' },
        { date: '2026-03-11', display: '03/11/2026', weekday: 'Wednesday' },
        { date: '2026-03-12', display: '03/12/2026', weekday: 'Thursday' },
        { date: '2026-03-13', display: '03/13/2026', weekday: 'Friday' },
      ]),
    );
  });

  it('still lists the days of week 0 already past (Friday afternoon shows Monday)', () => {
    expect(datesOf(0, at('2026-03-13T20:00:00Z'))).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
  });

  it('steps a calendar week per index up to week 5', () => {
    expect(datesOf(1, wednesday)[0]).toBe('2026-03-16');
    expect(datesOf(5, wednesday)).toEqual(['2026-04-13', '2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17']);
  });

  it('crosses month and year ends', () => {
    const newYearsEve = at('2026-12-31T17:00:00Z');
    expect(datesOf(0, newYearsEve)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(datesOf(1, newYearsEve)[0]).toBe('2027-01-04');
  });

  it('is unaffected by the DST changes (no skipped or repeated days)', () => {
    // Sunday of spring-forward → next Monday, 9 March.
    expect(datesOf(0, at('2026-03-08T12:00:00Z'))).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
    // Sunday of fall-back → next Monday, 2 November.
    expect(datesOf(0, at('2026-11-01T12:00:00Z'))).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']);
    // A week spanning the spring change, seen from the week before.
    expect(datesOf(1, at('2026-03-04T12:00:00Z'))).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
  });

  it.each([-1, 6, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses week index %p', (weekIndex) => {
    const result = bookingWeek(weekIndex, wednesday);
    expect(E.isLeft(result) && result.left.code).toBe('BOOKING.INVALID_WEEK');
    expect(E.isLeft(result) && result.left.message).toContain('0 to 5');
    expect(isValidWeekIndex(weekIndex)).toBe(false);
  });

  it('accepts 0 to 5', () => {
    expect([0, 1, 2, 3, 4, 5].every(isValidWeekIndex)).toBe(true);
  });
});

describe('bookingWeeks', () => {
  it('gives six consecutive weeks of five weekdays', () => {
    const weeks = bookingWeeks(at('2026-03-14T15:00:00Z'));
    expect(weeks).toHaveLength(6);
    expect(weeks.map((week) => week.length)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(weeks.map((week) => week[0]?.date)).toEqual([
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
    ]);
    expect(weeks[5]?.[4]).toEqual({ date: '2026-04-24', display: '04/24/2026', weekday: 'Friday' });
  });
});

describe('formatTime12h', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:05', '12:05 AM'],
    ['09:30', '9:30 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['12:45', '12:45 PM'],
    ['13:00', '1:00 PM'],
    ['23:59', '11:59 PM'],
  ])('%s → %s', (time, shown) => {
    expect(formatTime12h(time)).toEqual(E.right(shown));
  });

  it.each(['24:00', '7:00', '12:60', 'noon', '', '9:30 AM'])('refuses %p', (time) => {
    const result = formatTime12h(time);
    expect(E.isLeft(result) && result.left.code).toBe('BOOKING.INVALID_TIME');
  });
});
