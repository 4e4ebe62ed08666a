/**
 * The patient's language choice kept with the patient (issue 26): what is sent later without a
 * request (reminders, waitlist offers) goes in it. Whose patient it is comes from the caller, never
 * from the browser: a provider-login session keeps it for the patient it acts for; a verified guest
 * for the patients of its own active memberships (at most 20: a caregiver's dependents), or for no
 * one when it has none (the device's cookie holds the choice then).
 */
import type { Locale } from '../domain/locale.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';
import type { BookingCaller } from './booking-patient.use-case.ts';

export const MAX_GUEST_LANGUAGE_PATIENTS = 20;

export interface ChooseLanguageDeps {
  readonly enrollments: Pick<EnrollmentRepository, 'findActiveForGuest'>;
  readonly languages: PatientLanguages;
  readonly clock: Clock;
}

/** Keeps the choice; answers the patients it was kept for (for the audit row). */
export const chooseLanguage = async (deps: ChooseLanguageDeps, input: { readonly caller: BookingCaller; readonly locale: Locale }): Promise<readonly string[]> => {
  const { caller, locale } = input;
  const patientIds =
    caller.kind === 'session'
      ? [caller.session.actingPatientId]
      : [...new Set((await deps.enrollments.findActiveForGuest(caller.guestHash)).map((enrollment) => enrollment.athenaPatientId).filter((id): id is string => id !== null))].slice(
          0,
          MAX_GUEST_LANGUAGE_PATIENTS,
        );
  const at = deps.clock.now();
  for (const patientId of patientIds) await deps.languages.remember(patientId, locale, at);
  return patientIds;
};
