/**
 * Appointment booking (booking-dashboard-staff §2, §4, §5, §7, §8, §9): availability by week,
 * book, reschedule, cancel and the upcoming list. The caller (the API) has already decided who
 * the patient is and that they may act for them; everything about the slot comes from the health
 * record, never from the browser.
 *
 * The two booking rules are held by the database (AppointmentRepository.claim): one live booking
 * per slot, one per patient. A claim is filed before the health record is asked, and removed if
 * the record refuses; when the record does not answer, its schedule is read back before deciding,
 * so our row and the record never disagree about a booking.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { appointmentCalendarEvent, type AppointmentCalendarEvent } from '../domain/appointment-notice.ts';
import { bookingWeek } from '../policies/booking-calendar.policy.ts';
import { athenaLocalToInstant, canChangeAppointment, CANCEL_WINDOW_CLOSED_MESSAGE, CANNOT_CANCEL_TITLE } from '../policies/cancellation-cutoff.policy.ts';
import type { AppointmentRecord, AppointmentRepository, NewAppointment, UpcomingAppointmentsCache } from '../ports/appointment.repository.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import { HealthRecordUnavailableError, type HealthRecord } from '../ports/health-record.port.ts';
import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import { SlotTakenError, type Appointment, type AppointmentType, type Scheduling } from '../ports/scheduling.port.ts';

/** The members path offers exactly these (booking-dashboard-staff §2). */
export const MEMBER_APPOINTMENT_TYPE_NAMES = ['Office Visit', 'Telehealth', 'Follow-up', 'Consultation'] as const;
/** Annual physicals: choosing one shows the insurance-benefit warning. */
export const ANNUAL_PHYSICAL_TYPE_IDS = ['5', '12'] as const;
export const UPCOMING_WINDOW_DAYS = 90;
export const UPCOMING_CACHE_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED_MESSAGE = 'Unable to book appointment. Please try again or contact our office.';
export const SLOT_TAKEN_MESSAGE = 'That time is no longer available. Please choose another time.';
export const RESCHEDULE_FAILED_TITLE = 'Reschedule Failed';
export const RESCHEDULE_WINDOW_CLOSED_MESSAGE = 'Appointments cannot be rescheduled within 24 hours. Please call the office.';
export const EXISTING_APPOINTMENT_TITLE = 'Existing Appointment';
export const EXISTING_APPOINTMENT_MESSAGE = 'You already have an upcoming appointment.';
export const AVAILABILITY_FAILED_TITLE = 'Error Loading Appointments';
export const AVAILABILITY_FAILED_MESSAGE = 'Unable to load appointment availability. Please try again or contact our office.';
export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found.';

export interface BookingDeps {
  readonly scheduling: Scheduling;
  readonly appointments: AppointmentRepository;
  readonly upcoming: UpcomingAppointmentsCache;
  readonly clock: Clock;
  readonly timeZone?: string;
}

export type BookingError =
  | DomainError<'BOOKING.SLOT_TAKEN' | 'BOOKING.UNAVAILABLE' | 'BOOKING.INVALID_WEEK' | 'APPOINTMENT.NOT_FOUND'>
  | DomainError<'APPOINTMENT.CANCEL_WINDOW_CLOSED' | 'APPOINTMENT.RESCHEDULE_WINDOW_CLOSED'>
  | (DomainError<'BOOKING.EXISTING_APPOINTMENT'> & { readonly existing: readonly Appointment[] });

/** The slot as the browser names it: only its id is trusted, the rest is checked against the record. */
export interface SlotChoice {
  readonly appointmentId: string;
  readonly appointmentTypeId: string;
  readonly providerId: string | null;
}

const startOf = (appointment: Pick<Appointment, 'date' | 'startTime'>, timeZone: string): Date | null => {
  const start = athenaLocalToInstant(appointment.date, appointment.startTime, timeZone);
  return E.isRight(start) ? start.right : null;
};

const isUpcomingBooking = (appointment: Appointment, now: Date, timeZone: string): boolean => {
  const start = startOf(appointment, timeZone);
  return appointment.appointmentStatus !== 'x' && appointment.appointmentStatus !== 'o' && start !== null && start.getTime() > now.getTime();
};

const notFound = () => domainError('APPOINTMENT.NOT_FOUND', APPOINTMENT_NOT_FOUND_MESSAGE);
const slotTaken = () => domainError('BOOKING.SLOT_TAKEN', SLOT_TAKEN_MESSAGE, BOOKING_FAILED_TITLE);
const unavailable = (title = BOOKING_FAILED_TITLE) => domainError('BOOKING.UNAVAILABLE', BOOKING_FAILED_MESSAGE, title);

/** The types a patient may pick: members get the four; guests every patient-bookable, non-generic type. */
export const bookableTypes = (types: readonly AppointmentType[], member: boolean): readonly AppointmentType[] =>
  member
    ? MEMBER_APPOINTMENT_TYPE_NAMES.map((name) => types.find((type) => type.name === name)).filter((type): type is AppointmentType => type !== undefined)
    : types.filter((type) => type.patientBookable && !type.generic);

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

/** The patient's appointments in the next 90 days, from the record (kept UPCOMING_CACHE_MS). */
export const upcomingAppointments = async (deps: BookingDeps, patientId: string): Promise<readonly Appointment[]> => {
  const now = deps.clock.now();
  const cached = await deps.upcoming.read(patientId, now);
  if (cached) return cached;
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const until = now.getTime() + UPCOMING_WINDOW_DAYS * DAY_MS;
  const appointments = (await deps.scheduling.patientAppointments(patientId, { showPast: false, showCancelled: false }))
    .filter((appointment) => isUpcomingBooking(appointment, now, timeZone) && startOf(appointment, timeZone)!.getTime() <= until)
    .sort((a, b) => startOf(a, timeZone)!.getTime() - startOf(b, timeZone)!.getTime());
  await deps.upcoming.write(patientId, appointments, now);
  return appointments;
};

/** The open slot behind a choice, or why it cannot be booked. */
const openSlot = async (deps: BookingDeps, choice: SlotChoice, now: Date, timeZone: string): Promise<E.Either<BookingError, { slot: Appointment; start: Date }>> => {
  const slot = await deps.scheduling.appointment(choice.appointmentId);
  if (!slot) return E.left(slotTaken());
  const start = startOf(slot, timeZone);
  if (slot.appointmentStatus !== 'o' || start === null || start.getTime() <= now.getTime()) return E.left(slotTaken());
  if (choice.providerId !== null && slot.providerId !== null && slot.providerId !== choice.providerId) return E.left(slotTaken());
  return E.right({ slot, start });
};

const newRow = (
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
const bookedInRecord = async (deps: BookingDeps, patientId: string, appointmentId: string): Promise<boolean> => {
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

/**
 * book: one upcoming appointment per patient (409 with the existing ones), one booking per slot.
 * `member` chooses which appointment types are allowed.
 */
export const bookAppointment = async (
  deps: BookingDeps,
  input: { readonly patientId: string; readonly choice: SlotChoice; readonly member: boolean; readonly guestHash: string | null },
): Promise<E.Either<BookingError, Booked>> => {
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const now = deps.clock.now();
  const type = bookableTypes(await deps.scheduling.appointmentTypes(), input.member).find((candidate) => candidate.appointmentTypeId === input.choice.appointmentTypeId);
  if (!type) return E.left(slotTaken());
  const existing = (await deps.scheduling.patientAppointments(input.patientId, { showPast: false, showCancelled: false })).filter((appointment) =>
    isUpcomingBooking(appointment, now, timeZone),
  );
  if (existing.length > 0) return E.left({ ...domainError('BOOKING.EXISTING_APPOINTMENT', EXISTING_APPOINTMENT_MESSAGE, EXISTING_APPOINTMENT_TITLE), existing });
  const open = await openSlot(deps, input.choice, now, timeZone);
  if (E.isLeft(open)) return open;
  const { slot, start } = open.right;
  const claim = await deps.appointments.claim(newRow(input.patientId, slot, start, type, input.choice, input.guestHash), now);
  if (claim.kind === 'slot_taken') return E.left(slotTaken());
  if (claim.kind === 'patient_has_appointment') {
    const record = claim.existing;
    const asAppointment: Appointment = {
      appointmentId: record.athenaAppointmentId,
      appointmentStatus: 'f',
      patientId: record.athenaPatientId,
      date: record.appointmentDate,
      startTime: record.appointmentTime,
      durationMinutes: null,
      departmentId: record.departmentId,
      providerId: record.providerId,
      appointmentTypeId: record.appointmentTypeId,
      appointmentType: record.appointmentType,
    };
    return E.left({ ...domainError('BOOKING.EXISTING_APPOINTMENT', EXISTING_APPOINTMENT_MESSAGE, EXISTING_APPOINTMENT_TITLE), existing: [asAppointment] });
  }
  const claimed = claim.appointment;
  try {
    await deps.scheduling.bookAppointment({ appointmentId: slot.appointmentId, patientId: input.patientId, appointmentTypeId: type.appointmentTypeId, departmentId: slot.departmentId ?? '' });
  } catch (error) {
    if (error instanceof HealthRecordUnavailableError && (await bookedInRecord(deps, input.patientId, slot.appointmentId))) {
      // The answer was lost but the booking was made.
    } else {
      await deps.appointments.release(claimed.id);
      if (error instanceof SlotTakenError) return E.left(slotTaken());
      if (error instanceof HealthRecordUnavailableError) return E.left(unavailable());
      throw error;
    }
  }
  await deps.appointments.confirm(claimed.id, now);
  await deps.upcoming.drop(input.patientId);
  const booked: AppointmentRecord = { ...claimed, status: 'booked', bookedAt: now };
  return E.right({ appointment: booked, appointmentTypeName: type.name, calendar: bookingCalendarEvent(booked) });
};

/** The patient's booked appointment `appointmentId`, if `mayActFor` its patient; else NOT_FOUND. */
const ownedAppointment = async (
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

const changeReason = (override: CutoffOverride | undefined, patientText: string, staffVerb: string): string =>
  override ? `${staffVerb} by practice staff: ${override.reason}`.slice(0, 500) : patientText;

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

/** reschedule: the booked appointment moves to an open slot; refused inside 24 hours of its start, unless staff override it. */
export const rescheduleAppointment = async (
  deps: BookingDeps,
  input: {
    readonly existingAppointmentId: string;
    readonly choice: SlotChoice;
    readonly member: boolean;
    readonly guestHash: string | null;
    readonly mayActFor: (patientId: string) => boolean;
    readonly override?: CutoffOverride;
  },
): Promise<E.Either<BookingError, Booked & { readonly freed: Appointment; readonly insideCutoff: boolean }>> => {
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const now = deps.clock.now();
  const owned = await ownedAppointment(deps, input.existingAppointmentId, input.mayActFor, now, timeZone);
  if (E.isLeft(owned)) return owned;
  const patientId = owned.right.appointment.patientId!;
  const insideCutoff = !canChangeAppointment(owned.right.start, now);
  if (insideCutoff && !input.override) {
    return E.left(domainError('APPOINTMENT.RESCHEDULE_WINDOW_CLOSED', RESCHEDULE_WINDOW_CLOSED_MESSAGE, RESCHEDULE_FAILED_TITLE));
  }
  const type = bookableTypes(await deps.scheduling.appointmentTypes(), input.member).find((candidate) => candidate.appointmentTypeId === input.choice.appointmentTypeId);
  if (!type) return E.left(slotTaken());
  const open = await openSlot(deps, input.choice, now, timeZone);
  if (E.isLeft(open)) return open;
  const { slot, start } = open.right;
  const old = await deps.appointments.findLive(input.existingAppointmentId);
  const row = newRow(patientId, slot, start, type, input.choice, input.guestHash, old ? { uid: old.calendarUid, sequence: old.calendarSequence + 1 } : { uid: input.existingAppointmentId, sequence: 1 });
  const claim = old ? await deps.appointments.claimReschedule(old.id, row, now) : await deps.appointments.claim(row, now);
  if (claim.kind === 'slot_taken') return E.left(slotTaken());
  if (claim.kind === 'patient_has_appointment') return E.left({ ...slotTaken(), title: RESCHEDULE_FAILED_TITLE });
  const claimed = claim.appointment;
  const undo = () => (old ? deps.appointments.undoReschedule(old.id, claimed.id) : deps.appointments.release(claimed.id));
  try {
    await deps.scheduling.rescheduleAppointment({ appointmentId: input.existingAppointmentId, newAppointmentId: slot.appointmentId, patientId, reason: changeReason(input.override, 'Rescheduled by the patient in the member portal', 'Rescheduled') });
  } catch (error) {
    if (!(error instanceof HealthRecordUnavailableError && (await bookedInRecord(deps, patientId, slot.appointmentId)))) {
      await undo();
      if (error instanceof SlotTakenError) return E.left({ ...slotTaken(), title: RESCHEDULE_FAILED_TITLE });
      if (error instanceof HealthRecordUnavailableError) return E.left(unavailable(RESCHEDULE_FAILED_TITLE));
      throw error;
    }
  }
  if (old) await deps.appointments.finishReschedule(old.id, claimed.id, now);
  else await deps.appointments.confirm(claimed.id, now);
  await deps.upcoming.drop(patientId);
  const booked: AppointmentRecord = { ...claimed, status: 'booked', bookedAt: now };
  return E.right({ appointment: booked, appointmentTypeName: type.name, calendar: bookingCalendarEvent(booked), freed: owned.right.appointment, insideCutoff });
};

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase('en-US') === b.trim().toLocaleLowerCase('en-US');

/**
 * The guest path's patient information step: among the patients of this guest's own active
 * memberships, the one the form names (first and last name, date of birth 'MM/DD/YYYY'). Null when
 * none matches, so the form can neither reach another person's chart nor learn whether one exists.
 */
export const guestMemberPatient = async (
  deps: { readonly enrollments: EnrollmentRepository; readonly healthRecord: Pick<HealthRecord, 'getPatient'> },
  guestHash: string,
  form: { readonly firstName: string; readonly lastName: string; readonly dateOfBirth: string },
): Promise<{ patientId: string; patientName: string; departmentId: string } | null> => {
  for (const enrollment of await deps.enrollments.findActiveForGuest(guestHash)) {
    if (!enrollment.athenaPatientId) continue;
    const patient = await deps.healthRecord.getPatient(enrollment.athenaPatientId);
    if (patient && sameName(patient.firstName, form.firstName) && sameName(patient.lastName, form.lastName) && patient.dateOfBirth === form.dateOfBirth) {
      return { patientId: patient.patientId, patientName: `${patient.firstName} ${patient.lastName}`, departmentId: enrollment.department ?? patient.primaryDepartmentId ?? '' };
    }
  }
  return null;
};
