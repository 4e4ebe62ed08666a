/** List availability: the open slots of a booking week (booking-dashboard-staff §2 'Select a time', §7), and the weeks' dates. */
import * as E from 'fp-ts/lib/Either.js';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { bookingWeek, bookingWeeks } from '../policies/booking-calendar.policy.ts';
import type { BookingError } from './booking.errors.ts';
import { startOf, type BookingDeps } from './booking-support.ts';

export interface AvailableSlot {
  readonly appointmentId: string;
  /** 'MM/DD/YYYY' */
  readonly date: string;
  /** 'HH:mm' */
  readonly time: string;
  readonly providerId: string | null;
}

/** A booking week's Monday and Friday, 'YYYY-MM-DD' on the practice's calendar. */
export interface BookingWeekDates {
  readonly start: string;
  readonly end: string;
}

export interface Availability {
  readonly slots: readonly AvailableSlot[];
  /**
   * The six booking weeks (index 0 first) at the same instant the slots were read: the screen
   * labels its weeks with these, never with the browser's clock, so labels and slots agree across
   * a week's boundary.
   */
  readonly weeks: readonly BookingWeekDates[];
}

/** Open slots of booking week `week` (0–5, Monday–Friday, practice time), not yet started; and the dates of the six weeks. */
export const availability = async (
  deps: BookingDeps,
  query: { readonly departmentId: string; readonly providerId: string | null; readonly appointmentTypeId: string; readonly week: number },
): Promise<E.Either<BookingError, Availability>> => {
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const now = deps.clock.now();
  const days = bookingWeek(query.week, now, timeZone);
  if (E.isLeft(days)) return days;
  const slots = await deps.scheduling.openSlots({
    departmentId: query.departmentId,
    appointmentTypeId: query.appointmentTypeId,
    ...(query.providerId === null ? {} : { providerId: query.providerId }),
    startDate: days.right[0]!.display,
    endDate: days.right[days.right.length - 1]!.display,
  });
  return E.right({
    slots: slots
      .filter((slot) => !slot.frozen && (startOf(slot, timeZone)?.getTime() ?? 0) > now.getTime())
      .map((slot) => ({ appointmentId: slot.appointmentId, date: slot.date, time: slot.startTime, providerId: slot.providerId, start: startOf(slot, timeZone)!.getTime() }))
      .sort((a, b) => a.start - b.start || a.appointmentId.localeCompare(b.appointmentId))
      .map(({ start: _start, ...slot }) => slot),
    weeks: bookingWeeks(now, timeZone).map((week) => ({ start: week[0]!.date, end: week[week.length - 1]!.date })),
  });
};
