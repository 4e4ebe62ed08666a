/**
 * The booking wizard's week selector (booking-dashboard-staff §2 "Schedule step"): 6 weeks,
 * indices 0 to 5, Monday to Friday. Week 0 starts on the Monday of the current week on the
 * practice's calendar (America/New_York); on a Saturday or Sunday it starts on the next Monday.
 *
 * Days of week 0 that are already past are still listed: whether a day can be booked is decided
 * by the provider's open slots, not by this calendar.
 */
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { domainError } from '../domain/domain-error.ts';
import type { DomainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { addDays, calendarDateIn, formatIsoDate, formatUsDate, isoWeekday, parseWallTime } from '../domain/zoned-time.ts';
import type { CalendarDate } from '../domain/zoned-time.ts';

export const BOOKING_WEEK_COUNT = 6;
export const BOOKING_DAYS_PER_WEEK = 5;

export const BOOKING_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type BookingWeekday = (typeof BOOKING_WEEKDAYS)[number];

export interface BookingDay {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 'MM/DD/YYYY', as slots are shown and as athenahealth takes dates */
  readonly display: string;
  readonly weekday: BookingWeekday;
}

export type InvalidWeekError = DomainError<'BOOKING.INVALID_WEEK'>;
export type InvalidTimeError = DomainError<'BOOKING.INVALID_TIME'>;

/** The Monday that begins week 0 at `now` on the calendar of `timeZone`. */
export const firstBookingMonday = (now: Date, timeZone: string = PRACTICE_TIME_ZONE): CalendarDate => {
  const today = calendarDateIn(now, timeZone);
  const weekday = isoWeekday(today);
  // Mon-Fri: back to this week's Monday. Sat (6) / Sun (7): forward to the next Monday.
  return weekday <= 5 ? addDays(today, 1 - weekday) : addDays(today, 8 - weekday);
};

export const isValidWeekIndex = (weekIndex: number): boolean =>
  Number.isInteger(weekIndex) && weekIndex >= 0 && weekIndex < BOOKING_WEEK_COUNT;

/** The five weekdays of week `weekIndex` (0-5) counted from `now`. */
export const bookingWeek = (
  weekIndex: number,
  now: Date,
  timeZone: string = PRACTICE_TIME_ZONE,
): E.Either<InvalidWeekError, readonly BookingDay[]> => {
  if (!isValidWeekIndex(weekIndex)) {
    return E.left(
      domainError(
        'BOOKING.INVALID_WEEK',
        `Week must be a whole number from 0 to ${BOOKING_WEEK_COUNT - 1}; got ${String(weekIndex)}.`,
      ),
    );
  }
  const monday = addDays(firstBookingMonday(now, timeZone), weekIndex * 7);
  return E.right(
    BOOKING_WEEKDAYS.map((weekday, offset) => {
      const day = addDays(monday, offset);
      return { date: formatIsoDate(day), display: formatUsDate(day), weekday };
    }),
  );
};

/** All six weeks, index 0 first. */
export const bookingWeeks = (now: Date, timeZone: string = PRACTICE_TIME_ZONE): readonly (readonly BookingDay[])[] =>
  Array.from({ length: BOOKING_WEEK_COUNT }, (_, weekIndex) => {
    const week = bookingWeek(weekIndex, now, timeZone);
    // Indices 0..5 are valid by construction.
    return E.isRight(week) ? week.right : [];
  });

/** '13:05' → '1:05 PM', '00:30' → '12:30 AM', '12:00' → '12:00 PM'. */
export const formatTime12h = (time: string): E.Either<InvalidTimeError, string> => {
  const parsed = parseWallTime(time);
  if (O.isNone(parsed)) {
    return E.left(domainError('BOOKING.INVALID_TIME', `Invalid time '${time}'. Expected HH:mm (24-hour).`));
  }
  const { hour, minute } = parsed.value;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return E.right(`${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`);
};
