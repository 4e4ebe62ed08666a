/** Cancel (booking-dashboard-staff §5, §8). */
import * as E from 'fp-ts/lib/Either.js';
import { domainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import type { AppointmentCalendarEvent } from '../domain/appointment-notice.ts';
import { canChangeAppointment, CANCEL_WINDOW_CLOSED_MESSAGE, CANNOT_CANCEL_TITLE } from '../policies/cancellation-cutoff.policy.ts';
import type { Appointment } from '../ports/scheduling.port.ts';
import type { BookingError } from './booking.errors.ts';
import { bookingCalendarEvent, changeReason, ownedAppointment, type BookingDeps, type CutoffOverride } from './booking-support.ts';

/** cancel: refused inside 24 hours of the start (elapsed time), unless staff override it. */
export const cancelAppointment = async (
  deps: BookingDeps,
  input: { readonly appointmentId: string; readonly mayActFor: (patientId: string) => boolean; readonly override?: CutoffOverride },
): Promise<E.Either<BookingError, { appointment: Appointment; calendar: AppointmentCalendarEvent | null; insideCutoff: boolean }>> => {
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const now = deps.clock.now();
  const owned = await ownedAppointment(deps, input.appointmentId, input.mayActFor, now, timeZone);
  if (E.isLeft(owned)) return owned;
  const { appointment, start } = owned.right;
  const insideCutoff = !canChangeAppointment(start, now);
  if (insideCutoff && !input.override) return E.left(domainError('APPOINTMENT.CANCEL_WINDOW_CLOSED', CANCEL_WINDOW_CLOSED_MESSAGE, CANNOT_CANCEL_TITLE));
  await deps.scheduling.cancelAppointment({
    appointmentId: appointment.appointmentId,
    patientId: appointment.patientId!,
    reason: changeReason(input.override, 'Cancelled by the patient in the member portal', 'Cancelled'),
  });
  const row = await deps.appointments.findLive(appointment.appointmentId);
  const calendar = row ? bookingCalendarEvent({ ...row, calendarSequence: row.calendarSequence + 1 }, 'CANCEL') : null;
  if (row) await deps.appointments.setStatus(row.id, 'cancelled', row.calendarSequence + 1);
  await deps.upcoming.drop(appointment.patientId!);
  return E.right({ appointment, calendar, insideCutoff });
};
