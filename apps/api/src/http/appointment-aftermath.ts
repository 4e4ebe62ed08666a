/**
 * What follows a cancel or a reschedule, whoever made it (the patient routes and the staff cutoff
 * override, decision 0029): the email with its calendar file, and the freed slot offered to the
 * earlier-slot waitlist. Both after the answer's work is done; a failure is logged, never undoes
 * the change.
 */
import { appointmentEmailFor, type Appointment, type AppointmentCalendarEvent, type Locale, type Mailer, type Waitlist } from '@portal/core';
import type { Logger } from '@portal/composition';

export interface AftermathDeps {
  readonly mailer: Mailer;
  readonly waitlist: Waitlist;
  readonly logger: Logger;
}

/**
 * The confirmation, update or cancellation email with its calendar file; none without an address or
 * a calendar. In `locale` (issue 26: the request's language, or the patient's for a change staff
 * made), else the calendar's own (English).
 */
export const notifyAppointment = (
  deps: AftermathDeps,
  to: string | null | undefined,
  calendar: AppointmentCalendarEvent | null,
  kind: 'booked' | 'rescheduled' | 'cancelled',
  locale?: Locale,
): void => {
  if (!to || !calendar) return;
  // No locale: appointmentEmailFor's default, the calendar's own.
  void deps.mailer.send(appointmentEmailFor(to, calendar, kind, locale)).catch((error: unknown) => deps.logger.error({ err: error }, 'appointment email not sent'));
};

/**
 * A slot a cancel or reschedule gave back: the appointment leaves the waitlist, and a background
 * job offers the slot to those waiting.
 */
export const slotFreed = async (deps: AftermathDeps, appointment: Appointment): Promise<void> => {
  try {
    await deps.waitlist.leave(appointment.appointmentId);
    if (appointment.departmentId) {
      await deps.waitlist.slotFreed({ departmentId: appointment.departmentId, providerId: appointment.providerId, date: appointment.date, startTime: appointment.startTime });
    }
  } catch (error) {
    deps.logger.error({ err: error }, 'freed slot not offered to the waitlist');
  }
};
