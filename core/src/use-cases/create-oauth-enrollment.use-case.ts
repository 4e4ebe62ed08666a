/**
 * Provider-login enrollment (spec enrollment-and-payment §4 'Provider-login enrollment path',
 * 'Declining'; §5 'Eligibility'): the tier step creates the enrollment for the patient chosen.
 *
 * Checks, first failure wins:
 * 1. the patient is the session's person or a patient the health record links to them;
 * 2. a practice location, and the session's Medicare/Medicaid answer, are present;
 * 3. eligibility from the health record's date of birth and the saved answer (age, Medicaid);
 * 4. not already enrolled: an active enrollment of ours, or custom field 21 'Paid Up' = Yes.
 *
 * A decline tier writes the membership opt-out (custom field 81 = Yes) to the health record
 * first and only then stores the enrollment as declined: if the health record write fails,
 * nothing is stored and the error propagates (HealthRecordUnavailableError → 503).
 * A paid tier is stored as pending.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { mayActFor, type PatientSession } from '../domain/patient-session.ts';
import { TIERS, type TierCode } from '../domain/tier.ts';
import { checkEligibility, type EligibilityError } from '../policies/eligibility.policy.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { EnrollmentRepository, Enrollment } from '../ports/enrollment.repository.port.ts';
import {
  MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID,
  MEMBERSHIP_OPT_OUT_YES_OPTION_ID,
  PAID_UP_CUSTOM_FIELD_ID,
  PAID_UP_YES_OPTION_ID,
  type HealthRecord,
  type HealthRecordCustomFields,
  type HealthRecordPatient,
} from '../ports/health-record.port.ts';

export const NOT_LINKED_MESSAGE = 'You are not linked to this patient in the health record.';
export const PRACTICE_LOCATION_REQUIRED_TITLE = 'Practice location required';
export const PRACTICE_LOCATION_REQUIRED_MESSAGE = 'Please select a practice location.';
export const MEDICARE_ANSWER_REQUIRED_TITLE = 'Medicare/Medicaid participation required';
export const MEDICARE_ANSWER_REQUIRED_MESSAGE = 'Please tell us whether the patient participates in Medicare or Medicaid.';
export const ALREADY_ENROLLED_TITLE = 'Already Enrolled';
export const ALREADY_ENROLLED_MESSAGE = 'This patient already has an active membership.';
export const PATIENT_NOT_FOUND_MESSAGE = 'The patient was not found in the health record.';

export type CreateOAuthEnrollmentError =
  | DomainError<'ENROLLMENT.NOT_LINKED'>
  | DomainError<'ENROLLMENT.PATIENT_NOT_FOUND'>
  | DomainError<'ENROLLMENT.PRACTICE_LOCATION_REQUIRED'>
  | DomainError<'ENROLLMENT.MEDICARE_ANSWER_REQUIRED'>
  | DomainError<'ENROLLMENT.ALREADY_ENROLLED'>
  | EligibilityError;

export interface CreateOAuthEnrollmentInput {
  readonly session: Pick<PatientSession, 'person' | 'linkedPatients' | 'actingPatientId' | 'data'>;
  readonly patientId: string;
  readonly practiceLocation: string;
  readonly membershipTier: TierCode;
}

export interface CreateOAuthEnrollmentDeps {
  readonly enrollments: EnrollmentRepository;
  readonly healthRecord: Pick<HealthRecord, 'getPatient'> & HealthRecordCustomFields;
  readonly clock: Clock;
}

/** A select custom field on the record set to its Yes option (or a free-text 'yes'). */
export const customFieldIsYes = (patient: HealthRecordPatient, customFieldId: string, yesOptionId: string): boolean =>
  patient.customFields.some(
    (field) =>
      field.customFieldId === customFieldId && (field.optionId === yesOptionId || field.value?.trim().toLowerCase() === 'yes'),
  );

/** The session may enroll its acting patient, its own person, or a patient linked to the person. */
const mayEnroll = (session: CreateOAuthEnrollmentInput['session'], patientId: string): boolean =>
  session.actingPatientId === patientId || mayActFor(session, patientId);

export const createOAuthEnrollment = async (
  deps: CreateOAuthEnrollmentDeps,
  input: CreateOAuthEnrollmentInput,
): Promise<E.Either<CreateOAuthEnrollmentError, Enrollment>> => {
  const { session, patientId, membershipTier } = input;
  if (!mayEnroll(session, patientId)) return E.left(domainError('ENROLLMENT.NOT_LINKED', NOT_LINKED_MESSAGE));
  const practiceLocation = input.practiceLocation.trim();
  if (practiceLocation === '') {
    return E.left(domainError('ENROLLMENT.PRACTICE_LOCATION_REQUIRED', PRACTICE_LOCATION_REQUIRED_MESSAGE, PRACTICE_LOCATION_REQUIRED_TITLE));
  }
  const hasMedicareInsurance = session.data.hasMedicareInsurance?.trim() ?? '';
  if (hasMedicareInsurance === '') {
    return E.left(domainError('ENROLLMENT.MEDICARE_ANSWER_REQUIRED', MEDICARE_ANSWER_REQUIRED_MESSAGE, MEDICARE_ANSWER_REQUIRED_TITLE));
  }

  const patient = await deps.healthRecord.getPatient(patientId);
  if (!patient) return E.left(domainError('ENROLLMENT.PATIENT_NOT_FOUND', PATIENT_NOT_FOUND_MESSAGE));
  const now = deps.clock.now();
  const eligible = checkEligibility({ dateOfBirth: patient.dateOfBirth, hasMedicareInsurance }, now);
  if (E.isLeft(eligible)) return eligible;

  const active = await deps.enrollments.findActiveForPatient(patientId);
  if (active || customFieldIsYes(patient, PAID_UP_CUSTOM_FIELD_ID, PAID_UP_YES_OPTION_ID)) {
    return E.left(domainError('ENROLLMENT.ALREADY_ENROLLED', ALREADY_ENROLLED_MESSAGE, ALREADY_ENROLLED_TITLE));
  }

  const declining = !TIERS[membershipTier].paid;
  if (declining) {
    // The opt-out is recorded in the health record before anything is stored here.
    await deps.healthRecord.updateCustomFields(patientId, practiceLocation, [
      { customFieldId: MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID, optionId: MEMBERSHIP_OPT_OUT_YES_OPTION_ID },
    ]);
  }
  const enrollment = await deps.enrollments.create({
    status: declining ? 'declined' : 'pending',
    membershipTier,
    department: practiceLocation,
    athenaPatientId: patientId,
    patientStatus: 'existing',
    isGuardianSigning: patientId !== session.person.patientId,
    createdAt: now,
  });
  return E.right(enrollment);
};
