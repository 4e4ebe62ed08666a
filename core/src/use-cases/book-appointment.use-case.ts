/**
 * Book (booking-dashboard-staff §2, §7): a claim is filed before the health record is asked, and
 * removed if the record refuses; when the record does not answer, its schedule is read back before
 * deciding, so our row and the record never disagree about a booking.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import type { AppointmentRecord } from '../ports/appointment.repository.port.ts';
import { HealthRecordUnavailableError } from '../ports/health-record.port.ts';
import { SlotTakenError, type Appointment } from '../ports/scheduling.port.ts';
import { EXISTING_APPOINTMENT_MESSAGE, EXISTING_APPOINTMENT_TITLE, slotTaken, unavailable, type BookingError } from './booking.errors.ts';
import { bookableTypes, bookedInRecord, bookingCalendarEvent, isUpcomingBooking, newRow, openSlot, type Booked, type BookingDeps, type SlotChoice } from './booking-support.ts';

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
