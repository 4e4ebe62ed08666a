/**
 * Whom a booking caller may act for, and whether that patient may book (booking-dashboard-staff §1,
 * §2; ARCHITECTURE §3): a provider-login session acts for its acting patient and the patients the
 * health record links to its person; a verified guest for the patients of its own active
 * memberships. Booking, rescheduling and the waitlist need an active membership ('Membership
 * Required'). Another patient's id is refused exactly as a missing one, so ids cannot be probed.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { mayActFor, type PatientSession } from '../domain/patient-session.ts';
import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';

export const MEMBERSHIP_REQUIRED_TITLE = 'Membership Required';
export const MEMBERSHIP_REQUIRED_MESSAGE = 'You must be an enrolled member to book appointments. Please enroll first to access appointment booking.';

/** Who asks: a provider-login session, or a verified guest (by its hash). */
export type BookingCaller =
  | { readonly kind: 'session'; readonly session: Pick<PatientSession, 'actingPatientId' | 'person' | 'linkedPatients'> }
  | { readonly kind: 'guest'; readonly guestHash: string };

export interface CallerPatients {
  /** Whether the caller may act for this patient. */
  readonly mayTouch: (patientId: string) => boolean;
  readonly guestHash: string | null;
}

export type BookingPatientError = DomainError<'BOOKING.NOT_YOUR_PATIENT'> | DomainError<'BOOKING.MEMBERSHIP_REQUIRED'>;

/** The patients this caller may act for (a guest: those of its own active memberships). */
export const patientsOfCaller = async (deps: { readonly enrollments: Pick<EnrollmentRepository, 'findActiveForGuest'> }, caller: BookingCaller): Promise<CallerPatients> => {
  if (caller.kind === 'session') {
    const { session } = caller;
    return { mayTouch: (patientId) => patientId === session.actingPatientId || mayActFor(session, patientId), guestHash: null };
  }
  const own = await deps.enrollments.findActiveForGuest(caller.guestHash);
  const ids = new Set(own.map((enrollment) => enrollment.athenaPatientId).filter((id): id is string => id !== null));
  return { mayTouch: (patientId) => ids.has(patientId), guestHash: caller.guestHash };
};

/** The patient `patientId` (null: an id of no valid shape) if the caller may act for them and they are a member. */
export const memberPatientFor = async (
  deps: { readonly enrollments: Pick<EnrollmentRepository, 'findActiveForGuest' | 'findActiveForPatient'> },
  caller: BookingCaller,
  patientId: string | null,
): Promise<E.Either<BookingPatientError, CallerPatients & { readonly patientId: string }>> => {
  const patients = await patientsOfCaller(deps, caller);
  if (patientId === null || !patients.mayTouch(patientId)) return E.left(domainError('BOOKING.NOT_YOUR_PATIENT', 'Patient not found.'));
  if (!(await deps.enrollments.findActiveForPatient(patientId))) return E.left(domainError('BOOKING.MEMBERSHIP_REQUIRED', MEMBERSHIP_REQUIRED_MESSAGE, MEMBERSHIP_REQUIRED_TITLE));
  return E.right({ ...patients, patientId });
};
