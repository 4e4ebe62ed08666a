/**
 * The earlier-slot waitlist choice of a booked appointment (PUT /api/appointments/{id}/waitlist;
 * issue 13, issue 25): who may set it and for which appointment. The caller must be able to act for
 * the appointment's patient (known from our own records: a booking made here, or the upcoming list
 * the portal showed), the patient must hold an active membership, and the health record must still
 * show the appointment booked ('f') for that patient with its location, type and start. Anything
 * else is refused as a missing appointment, so ids cannot be probed.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { TIERS } from '../domain/tier.ts';
import { athenaLocalToInstant } from '../policies/cancellation-cutoff.policy.ts';
import type { AppointmentRepository, UpcomingAppointmentsCache } from '../ports/appointment.repository.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import type { Scheduling } from '../ports/scheduling.port.ts';
import type { Waitlist, WaitlistEntry, WaitlistScope } from '../ports/waitlist.port.ts';
import { notFound } from './booking.errors.ts';
import { knownPatientOf } from './booking-support.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE, MEMBERSHIP_REQUIRED_TITLE, patientsOfCaller, type BookingCaller } from './booking-patient.use-case.ts';

/** Puts a booked appointment on the waitlist, or takes it off (scope null). */
export const setWaitlist = async (
  deps: { readonly waitlist: Pick<Waitlist, 'join' | 'leave'>; readonly clock: Clock },
  input: { readonly appointment: Omit<WaitlistEntry, 'id' | 'scope'>; readonly scope: WaitlistScope | null },
): Promise<void> => {
  if (input.scope === null) await deps.waitlist.leave(input.appointment.athenaAppointmentId);
  else await deps.waitlist.join({ ...input.appointment, scope: input.scope }, deps.clock.now());
};

export type SetAppointmentWaitlistError = DomainError<'APPOINTMENT.NOT_FOUND'> | DomainError<'BOOKING.MEMBERSHIP_REQUIRED'>;

export interface SetAppointmentWaitlistDeps {
  readonly enrollments: Pick<EnrollmentRepository, 'findActiveForGuest' | 'findActiveForPatient'>;
  readonly booking: {
    readonly appointments: Pick<AppointmentRepository, 'patientOf'>;
    readonly upcoming: Pick<UpcomingAppointmentsCache, 'patientOf'>;
    readonly scheduling: Pick<Scheduling, 'appointment'>;
  };
  readonly waitlist: Pick<Waitlist, 'join' | 'leave'>;
  readonly clock: Clock;
}

/**
 * Sets the waitlist choice of appointment `appointmentId` (null: an id of no valid shape) for the
 * caller: the patient's appointment and whether it changed, or why not.
 */
export const setAppointmentWaitlist = async (
  deps: SetAppointmentWaitlistDeps,
  input: { readonly caller: BookingCaller; readonly appointmentId: string | null; readonly scope: WaitlistScope | null },
): Promise<E.Either<SetAppointmentWaitlistError, { readonly appointmentId: string; readonly patientId: string }>> => {
  const { appointmentId } = input;
  const { mayTouch } = await patientsOfCaller(deps, input.caller);
  const owner = appointmentId === null ? null : await knownPatientOf(deps.booking, appointmentId);
  if (appointmentId === null || owner === null || !mayTouch(owner)) return E.left(notFound());
  const enrollment = await deps.enrollments.findActiveForPatient(owner);
  if (!enrollment) return E.left(domainError('BOOKING.MEMBERSHIP_REQUIRED', MEMBERSHIP_REQUIRED_MESSAGE, MEMBERSHIP_REQUIRED_TITLE));
  const appointment = await deps.booking.scheduling.appointment(appointmentId);
  const startsAt = appointment ? athenaLocalToInstant(appointment.date, appointment.startTime, PRACTICE_TIME_ZONE) : null;
  if (!appointment || appointment.patientId !== owner || appointment.appointmentStatus !== 'f' || !appointment.departmentId || !appointment.appointmentTypeId || !startsAt || E.isLeft(startsAt)) {
    return E.left(notFound());
  }
  await setWaitlist(deps, {
    appointment: {
      athenaPatientId: owner,
      athenaAppointmentId: appointmentId,
      appointmentTypeId: appointment.appointmentTypeId,
      departmentId: appointment.departmentId,
      providerId: appointment.providerId,
      concierge: TIERS[enrollment.membershipTier].concierge,
      date: appointment.date,
      startTime: appointment.startTime,
      startsAt: startsAt.right,
    },
    scope: input.scope,
  });
  return E.right({ appointmentId, patientId: owner });
};
