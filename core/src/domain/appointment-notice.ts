/**
 * What a patient is told about an appointment (issue 13, beyond the spec): the confirmation email
 * and its calendar file, updated on reschedule (same UID, higher SEQUENCE) and withdrawn on cancel
 * (METHOD:CANCEL). No diagnosis or reason for the visit: the type, the place and the time only.
 */
import { CANCELLATION_CUTOFF_MS, PRACTICE_LOCATIONS, PRACTICE_NAME, PRACTICE_TIME_ZONE } from './practice.ts';

export const ARRIVE_EARLY_MINUTES = 15;

export interface AppointmentCalendarEvent {
  /** Stable per appointment: the calendar replaces the event it already holds. */
  readonly uid: string;
  readonly sequence: number;
  readonly method: 'REQUEST' | 'CANCEL';
  readonly start: Date;
  readonly end: Date;
  readonly timeZone: string;
  readonly summary: string;
  readonly location: string;
  readonly description: string;
}

export interface NoticeAppointment {
  /** The first health-record id of the booking (kept across reschedules, so the UID stays). */
  readonly uidSeed: string;
  readonly appointmentType: string | null;
  readonly departmentId: string;
  readonly start: Date;
  readonly durationMinutes: number | null;
}

const locationOf = (departmentId: string): string => {
  const location = PRACTICE_LOCATIONS.find((candidate) => candidate.id === departmentId);
  return location ? `${location.name}, ${location.address1}, ${location.city}, ${location.state} ${location.zip}` : PRACTICE_NAME;
};

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it (it was
// 4.5 % of the API's CPU under booking load, issue 15).
const WHEN = new Intl.DateTimeFormat('en-US', { timeZone: PRACTICE_TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** A start as the practice says it: 'Monday, December 7, 2026 at 9:00 AM EST'. */
export const appointmentWhen = (start: Date): string => WHEN.format(start);

export const appointmentCalendarEvent = (appointment: NoticeAppointment, change: { readonly sequence: number; readonly method: 'REQUEST' | 'CANCEL' }): AppointmentCalendarEvent => {
  const cutoff = new Date(appointment.start.getTime() - CANCELLATION_CUTOFF_MS);
  return {
    uid: `appointment-${appointment.uidSeed}@member-portal`,
    sequence: change.sequence,
    method: change.method,
    start: appointment.start,
    end: new Date(appointment.start.getTime() + (appointment.durationMinutes ?? 30) * 60_000),
    timeZone: PRACTICE_TIME_ZONE,
    summary: `${appointment.appointmentType ?? 'Appointment'} at ${PRACTICE_NAME}`,
    location: locationOf(appointment.departmentId),
    description:
      change.method === 'CANCEL'
        ? 'This appointment has been cancelled.'
        : `Please arrive ${ARRIVE_EARLY_MINUTES} minutes early. To reschedule or cancel, use Manage Appointments in the member portal until ${appointmentWhen(cutoff)}; after that, please call the office.`,
  };
};

/** The email for a change whose calendar event is already made (the use cases make it from our booking). */
export const appointmentEmailFor = (to: string, calendar: AppointmentCalendarEvent, kind: 'booked' | 'rescheduled' | 'cancelled') => {
  const subject = { booked: 'Your appointment is booked', rescheduled: 'Your appointment has been moved', cancelled: 'Your appointment has been cancelled' }[kind];
  const lines = kind === 'cancelled' ? [`Your ${calendar.summary} on ${appointmentWhen(calendar.start)} has been cancelled.`] : [calendar.summary, appointmentWhen(calendar.start), calendar.location, '', calendar.description];
  return { to, subject, text: `${lines.join('\n')}\n`, calendar };
};
