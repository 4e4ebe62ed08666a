/** List availability: the open slots of a booking week (booking-dashboard-staff §2 'Select a time', §7). */
import * as E from 'fp-ts/lib/Either.js';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { bookingWeek } from '../policies/booking-calendar.policy.ts';
import type { BookingError } from './booking.errors.ts';
import { startOf, type BookingDeps } from './booking-support.ts';

/** Open slots of booking week `week` (0–5, Monday–Friday, practice time), not yet started. */
export const availability = async (
  deps: BookingDeps,
  query: { readonly departmentId: string; readonly providerId: string | null; readonly appointmentTypeId: string; readonly week: number },
): Promise<E.Either<BookingError, readonly { appointmentId: string; date: string; time: string; providerId: string | null }[]>> => {
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
  return E.right(
    slots
      .filter((slot) => !slot.frozen && (startOf(slot, timeZone)?.getTime() ?? 0) > now.getTime())
      .map((slot) => ({ appointmentId: slot.appointmentId, date: slot.date, time: slot.startTime, providerId: slot.providerId, start: startOf(slot, timeZone)!.getTime() }))
      .sort((a, b) => a.start - b.start || a.appointmentId.localeCompare(b.appointmentId))
      .map(({ start: _start, ...slot }) => slot),
  );
};
