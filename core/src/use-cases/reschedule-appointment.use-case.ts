/** Reschedule (booking-dashboard-staff §2, §5, §8). */
import * as E from 'fp-ts/lib/Either.js';
import { domainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { canChangeAppointment } from '../policies/cancellation-cutoff.policy.ts';
import type { AppointmentRecord } from '../ports/appointment.repository.port.ts';
import { HealthRecordUnavailableError } from '../ports/health-record.port.ts';
import { SlotTakenError, type Appointment } from '../ports/scheduling.port.ts';
import { RESCHEDULE_FAILED_TITLE, RESCHEDULE_WINDOW_CLOSED_MESSAGE, slotTaken, unavailable, type BookingError } from './booking.errors.ts';
import { bookableTypes, bookedInRecord, bookingCalendarEvent, changeReason, newRow, openSlot, ownedAppointment, type Booked, type BookingDeps, type CutoffOverride, type SlotChoice } from './booking-support.ts';

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
