/**
 * What the booking use cases share (booking-dashboard-staff §2, §4, §5, §7, §8, §9): their ports,
 * the appointment types each path offers, how a start is read on the practice's clock, the open slot
 * behind a choice, the row a claim files, reading the record back after a lost answer, and the
 * staff's cutoff override. Everything about a slot comes from the health record, never from the
 * browser; the booking rules themselves are held by the database (AppointmentRepository.claim).
 */
import * as E from 'fp-ts/lib/Either.js';
import { appointmentCalendarEvent, type AppointmentCalendarEvent } from '../domain/appointment-notice.ts';
import { athenaLocalToInstant } from '../policies/cancellation-cutoff.policy.ts';
import type { AppointmentRecord, AppointmentRepository, NewAppointment, UpcomingAppointmentsCache } from '../ports/appointment.repository.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { Appointment, AppointmentType, Scheduling } from '../ports/scheduling.port.ts';
import { notFound, slotTaken, type BookingError } from './booking.errors.ts';

/** The members path offers exactly these (booking-dashboard-staff §2). */
export const MEMBER_APPOINTMENT_TYPE_NAMES = ['Office Visit', 'Telehealth', 'Follow-up', 'Consultation'] as const;
export { ANNUAL_PHYSICAL_TYPE_IDS } from '../domain/practice.ts';
export const UPCOMING_WINDOW_DAYS = 90;
export const UPCOMING_CACHE_MS = 5 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface BookingDeps {
  readonly scheduling: Scheduling;
  readonly appointments: AppointmentRepository;
  readonly upcoming: UpcomingAppointmentsCache;
  readonly clock: Clock;
  readonly timeZone?: string;
}

/**
 * Whose appointment this is, from our own records (a booking made here, or the upcoming list the
 * portal showed): someone else's or an unknown appointment is refused before the health record is
 * asked anything. The use cases then check the record itself.
 */
export const knownPatientOf = async (
  deps: { readonly appointments: Pick<AppointmentRepository, 'patientOf'>; readonly upcoming: Pick<UpcomingAppointmentsCache, 'patientOf'> },
  appointmentId: string,
): Promise<string | null> => (await deps.appointments.patientOf(appointmentId)) ?? (await deps.upcoming.patientOf(appointmentId));

/** The slot as the browser names it: only its id is trusted, the rest is checked against the record. */
export interface SlotChoice {
  readonly appointmentId: string;
  readonly appointmentTypeId: string;
  readonly providerId: string | null;
}

export const startOf = (appointment: Pick<Appointment, 'date' | 'startTime'>, timeZone: string): Date | null => {
  const start = athenaLocalToInstant(appointment.date, appointment.startTime, timeZone);
  return E.isRight(start) ? start.right : null;
};

export const isUpcomingBooking = (appointment: Appointment, now: Date, timeZone: string): boolean => {
  const start = startOf(appointment, timeZone);
  return appointment.appointmentStatus !== 'x' && appointment.appointmentStatus !== 'o' && start !== null && start.getTime() > now.getTime();
};

/** The types a patient may pick: members get the four; guests every patient-bookable, non-generic type. */
export const bookableTypes = (types: readonly AppointmentType[], member: boolean): readonly AppointmentType[] =>
  member
    ? MEMBER_APPOINTMENT_TYPE_NAMES.map((name) => types.find((type) => type.name === name)).filter((type): type is AppointmentType => type !== undefined)
    : types.filter((type) => type.patientBookable && !type.generic);

/** The open slot behind a choice, or why it cannot be booked. */
export const openSlot = async (deps: BookingDeps, choice: SlotChoice, now: Date, timeZone: string): Promise<E.Either<BookingError, { slot: Appointment; start: Date }>> => {
  const slot = await deps.scheduling.appointment(choice.appointmentId);
  if (!slot) return E.left(slotTaken());
  const start = startOf(slot, timeZone);
  if (slot.appointmentStatus !== 'o' || start === null || start.getTime() <= now.getTime()) return E.left(slotTaken());
  if (choice.providerId !== null && slot.providerId !== null && slot.providerId !== choice.providerId) return E.left(slotTaken());
  return E.right({ slot, start });
};

export const newRow = (
  patientId: string,
  slot: Appointment,
  start: Date,
  type: AppointmentType | undefined,
  choice: SlotChoice,
  guestHash: string | null,
  calendar: { readonly uid: string; readonly sequence: number } = { uid: slot.appointmentId, sequence: 0 },
): NewAppointment => ({
  athenaPatientId: patientId,
  athenaAppointmentId: slot.appointmentId,
  departmentId: slot.departmentId ?? '',
  providerId: slot.providerId,
  appointmentTypeId: choice.appointmentTypeId,
  appointmentType: type?.name ?? null,
  appointmentDate: slot.date,
  appointmentTime: slot.startTime,
  startsAt: start,
  guestHash,
  calendarUid: calendar.uid,
  calendarSequence: calendar.sequence,
});

/** The calendar event of a booking we hold, for its email and its download. */
export const bookingCalendarEvent = (record: AppointmentRecord, method: 'REQUEST' | 'CANCEL' = 'REQUEST'): AppointmentCalendarEvent =>
  appointmentCalendarEvent(
    { uidSeed: record.calendarUid, appointmentType: record.appointmentType, departmentId: record.departmentId, start: record.startsAt, durationMinutes: null },
    { sequence: record.calendarSequence, method },
  );

/** Reads the record back after a lost answer: is this slot now this patient's? */
export const bookedInRecord = async (deps: BookingDeps, patientId: string, appointmentId: string): Promise<boolean> => {
  try {
    const appointments = await deps.scheduling.patientAppointments(patientId, { showPast: false, showCancelled: false });
    return appointments.some((appointment) => appointment.appointmentId === appointmentId && appointment.appointmentStatus !== 'x');
  } catch {
    return false;
  }
};

export interface Booked {
  readonly appointment: AppointmentRecord;
  readonly appointmentTypeName: string | null;
  /** For the confirmation email. */
  readonly calendar: AppointmentCalendarEvent;
}

/** The patient's booked appointment `appointmentId`, if `mayActFor` its patient; else NOT_FOUND. */
export const ownedAppointment = async (
  deps: BookingDeps,
  appointmentId: string,
  mayActFor: (patientId: string) => boolean,
  now: Date,
  timeZone: string,
): Promise<E.Either<BookingError, { appointment: Appointment; start: Date }>> => {
  const appointment = await deps.scheduling.appointment(appointmentId);
  if (!appointment || appointment.patientId === null || !mayActFor(appointment.patientId) || !isUpcomingBooking(appointment, now, timeZone)) return E.left(notFound());
  return E.right({ appointment, start: startOf(appointment, timeZone)! });
};

/**
 * The cutoff override (issue 14, decision 0029): practice staff, on the phone call the patient is
 * told to make, may cancel or reschedule inside 24 hours. Only the staff API passes it, always
 * with the staff member's reason; the patient paths never do, so they still refuse.
 */
export interface CutoffOverride {
  readonly reason: string;
}

export const changeReason = (override: CutoffOverride | undefined, patientText: string, staffVerb: string): string =>
  override ? `${staffVerb} by practice staff: ${override.reason}`.slice(0, 500) : patientText;
