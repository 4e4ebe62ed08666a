/**
 * Guest enrollment (spec enrollment-and-payment §4 'Guest enrollment path', §5; issue 5):
 * POST /api/enrollments with the patient info step's form, decoded and checked by the contracts
 * codecs. The server trusts only the verified identity (email and phone the server verified),
 * never the browser's copy of it.
 *
 * Checks, first failure wins:
 * 1. the verified email and phone are the patient's (or, when a caregiver signs, the caregiver's);
 * 2. eligibility from the form's date of birth and Medicare/Medicaid answer (age 27+, not Medicaid);
 * 3. the attempt limits (guest token, verified email, IP: ATTEMPT_LIMITS.match*), counted before
 *    the health record is asked anything;
 * 4. existing patients: among the records with this name and date of birth, only those the
 *    verified person owns count: the chart holds the verified email or phone, or, when a caregiver
 *    signs, the caregiver is an authorized contact of it (portal access or a related person).
 *    None → 'Office Enrollment Required' (or 'Caregiver Not Authorized'), the same answer whether
 *    or not a chart with that name exists, so a stranger learns nothing and cannot guess the SSN
 *    digits. Then (counting the attempt against the chart) exactly one owned record whose SSN ends
 *    in the four digits given;
 *    new patients: a record with this name and date of birth that the verified person owns means
 *    they are an existing patient (409, safe to say: it is their chart). One they do not own is
 *    someone else's: the new patient is registered as a separate person (athena's matching
 *    bypassed, flagged as a possible duplicate for the office), exactly as when no record exists,
 *    so the answer does not tell whether a stranger's chart exists (decision 0015);
 * 5. not already enrolled (an active enrollment of ours, or custom field 21 'Paid Up' = Yes).
 *
 * A decline tier records the opt-out (custom field 81) in the health record, then the enrollment
 * as declined; a paid tier is stored as pending. The enrollment belongs to the guest's hash.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import { TIERS, type TierCode } from '../domain/tier.ts';
import { checkEligibility, type EligibilityError } from '../policies/eligibility.policy.ts';
import { ATTEMPT_LIMITS, type AttemptRule } from '../policies/attempt-limits.policy.ts';
import { OFFICE_ENROLLMENT_REQUIRED_TITLE } from '../policies/eligibility.policy.ts';
import type { AttemptLimiter } from '../ports/attempt-limiter.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { Enrollment, EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import {
  MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID,
  MEMBERSHIP_OPT_OUT_YES_OPTION_ID,
  PAID_UP_CUSTOM_FIELD_ID,
  PAID_UP_YES_OPTION_ID,
  type HealthRecord,
  type HealthRecordCustomFields,
  type HealthRecordPatient,
  type NewPatient,
  type PatientRegistration,
} from '../ports/health-record.port.ts';
import { ALREADY_ENROLLED_MESSAGE, ALREADY_ENROLLED_TITLE, customFieldIsYes } from './create-oauth-enrollment.use-case.ts';

export const PATIENT_NOT_MATCHED_TITLE = 'Patient Not Found';
export const PATIENT_NOT_MATCHED_MESSAGE =
  'Failed to save patient information. Please verify the provided information. If the problem persists, please call the practice for assistance.';
export const PATIENT_EXISTS_TITLE = 'Existing Patient';
export const PATIENT_EXISTS_MESSAGE =
  'A patient record with this name and date of birth already exists. Please choose "Existing patient" and enter the last 4 digits of the SSN.';
export const CAREGIVER_NOT_AUTHORIZED_TITLE = 'Caregiver Not Authorized';
export const CAREGIVER_NOT_AUTHORIZED_MESSAGE =
  'You are not an authorized contact for this patient. Please contact the practice to be added as a contact.';
export const VERIFIED_CONTACT_MISMATCH_TITLE = 'Verification Error';
export const VERIFIED_CONTACT_MISMATCH_MESSAGE = 'Unable to verify your identity.';
/** Ours (the spec names the heading only): no chart with these details holds the verified email or phone. */
export const CONTACT_NOT_ON_RECORD_MESSAGE =
  "We could not find a patient record with these details that lists your verified email or phone number. Please call or visit our office to enroll.";
export const TOO_MANY_MATCH_ATTEMPTS_TITLE = 'Too many requests';
export const TOO_MANY_MATCH_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later';

export type TooManyAttemptsError = DomainError<'ENROLLMENT.TOO_MANY_ATTEMPTS'> & { readonly retryAfterSeconds: number };

export type EnrollGuestError =
  | DomainError<'ENROLLMENT.PATIENT_NOT_MATCHED'>
  | DomainError<'ENROLLMENT.PATIENT_EXISTS'>
  | DomainError<'ENROLLMENT.CAREGIVER_NOT_AUTHORIZED'>
  | DomainError<'ENROLLMENT.VERIFIED_CONTACT_MISMATCH'>
  | DomainError<'ENROLLMENT.ALREADY_ENROLLED'>
  | DomainError<'ENROLLMENT.CONTACT_NOT_ON_RECORD'>
  | TooManyAttemptsError
  | EligibilityError;

/** The decoded form (contracts' CreateEnrollmentRequest satisfies it). Dates MM/DD/YYYY. */
export interface GuestEnrollmentForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly patientStatus: 'existing' | 'new';
  readonly dateOfBirth: string;
  readonly email: string;
  readonly phone: string;
  readonly address1: string;
  readonly address2?: string | undefined;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  readonly lastFourSSN?: string | undefined;
  readonly fullSSN?: string | undefined;
  readonly sex?: 'M' | 'F' | undefined;
  readonly emergencyContactName?: string | undefined;
  readonly emergencyContactPhone?: string | undefined;
  readonly contactrelationship?: string | undefined;
  readonly department: string;
  readonly preferredProvider?: string | undefined;
  readonly membershipTier: TierCode;
  readonly hasMedicareInsurance: string;
  readonly isGuardianSigning: boolean;
  readonly guardianFirstName?: string | undefined;
  readonly guardianLastName?: string | undefined;
  readonly guardianPhone?: string | undefined;
  readonly guardianEmail?: string | undefined;
  readonly guardianDateOfBirth?: string | undefined;
  readonly guardianAddress1?: string | undefined;
  readonly guardianAddress2?: string | undefined;
  readonly guardianCity?: string | undefined;
  readonly guardianState?: string | undefined;
  readonly guardianZipCode?: string | undefined;
  readonly guardianRelationshipToPatient?: string | undefined;
}

/** What the server verified (email code and phone token), never what the browser says. */
export interface VerifiedGuest {
  readonly email: string;
  /** Digits, as verified (E.164 without '+' is fine: the last 10 digits are compared). */
  readonly phone: string;
  readonly guestHash: string;
}

export interface EnrollGuestDeps {
  readonly enrollments: EnrollmentRepository;
  readonly healthRecord: Pick<HealthRecord, 'searchPatients' | 'getPatient' | 'portalAccess' | 'relatedPatients'> &
    HealthRecordCustomFields &
    PatientRegistration;
  readonly clock: Clock;
  readonly limiter: AttemptLimiter;
}

/** Opaque keys (hashes) of who is attempting: the guest token, the verified email, the IP. */
export interface MatchAttemptKeys {
  readonly guestToken: string;
  readonly email: string;
  readonly ip: string;
}

export interface EnrollGuestResult {
  readonly enrollment: Enrollment;
  /** True when this call registered the patient in the health record. */
  readonly patientCreated: boolean;
  /** True when a record with the same name and birth date (someone else's) already existed. */
  readonly possibleDuplicate: boolean;
}

const digits = (value: string | undefined | null): string => (value ?? '').replace(/\D/g, '');
const lastTen = (value: string | undefined | null): string => digits(value).slice(-10);
const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a) && Boolean(b) && a!.trim().toLowerCase() === b!.trim().toLowerCase();
const text = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

const sameName = (patient: HealthRecordPatient, form: GuestEnrollmentForm): boolean =>
  patient.firstName.trim().toLowerCase() === form.firstName.trim().toLowerCase() &&
  patient.lastName.trim().toLowerCase() === form.lastName.trim().toLowerCase() &&
  patient.dateOfBirth === form.dateOfBirth;

/** The verified contact must be the signer's: the patient's own, or the caregiver's when one signs. */
const verifiedContactsMatch = (form: GuestEnrollmentForm, verified: VerifiedGuest): boolean =>
  form.isGuardianSigning
    ? sameEmail(form.guardianEmail, verified.email) && lastTen(form.guardianPhone) === lastTen(verified.phone)
    : sameEmail(form.email, verified.email) && lastTen(form.phone) === lastTen(verified.phone);

/**
 * The records the verified person owns: the patient's chart holds the verified email or phone;
 * a caregiver's verified email is an authorized contact of it (portal access or related person).
 */
const ownedRecords = async (
  deps: EnrollGuestDeps,
  records: readonly HealthRecordPatient[],
  form: GuestEnrollmentForm,
  verified: VerifiedGuest,
): Promise<HealthRecordPatient[]> => {
  if (!form.isGuardianSigning) {
    const phone = lastTen(verified.phone);
    return records.filter(
      (record) => sameEmail(record.email, verified.email) || [record.mobilePhone, record.homePhone].some((onFile) => onFile && lastTen(onFile) === phone),
    );
  }
  // Asked whether or not a record was found, so both answers take about the same time.
  const related = await deps.healthRecord.relatedPatients(verified.email);
  const owned: HealthRecordPatient[] = [];
  for (const record of records) {
    if (related.some((entry) => entry.patientId === record.patientId)) {
      owned.push(record);
      continue;
    }
    const access = await deps.healthRecord.portalAccess(record.patientId);
    if (access.some((entry) => sameEmail(entry.email, verified.email) && entry.relationshipToPatient?.toLowerCase() !== 'self')) owned.push(record);
  }
  return owned;
};

/** Counts one attempt under each rule, in order; the first spent rule refuses. */
const spend = async (limiter: AttemptLimiter, attempts: ReadonlyArray<readonly [AttemptRule, string]>): Promise<TooManyAttemptsError | null> => {
  for (const [rule, key] of attempts) {
    const verdict = await limiter.attempt(rule, key);
    if (!verdict.allowed) {
      return { ...domainError('ENROLLMENT.TOO_MANY_ATTEMPTS', TOO_MANY_MATCH_ATTEMPTS_MESSAGE, TOO_MANY_MATCH_ATTEMPTS_TITLE), retryAfterSeconds: verdict.retryAfterSeconds };
    }
  }
  return null;
};

const newPatient = (form: GuestEnrollmentForm, bypassMatching: boolean): NewPatient => ({
  bypassMatching,
  firstName: form.firstName.trim(),
  lastName: form.lastName.trim(),
  dateOfBirth: form.dateOfBirth,
  departmentId: form.department,
  email: form.email.trim(),
  mobilePhone: lastTen(form.phone),
  address1: form.address1.trim(),
  address2: text(form.address2),
  city: form.city.trim(),
  state: form.state.trim().toUpperCase(),
  zip: form.zipCode.trim(),
  ssn: digits(form.fullSSN),
  sex: form.sex ?? null,
  emergencyContact:
    text(form.emergencyContactName) && text(form.emergencyContactPhone)
      ? {
          name: form.emergencyContactName!.trim(),
          relationship: (form.contactrelationship ?? 'OTHER').toUpperCase(),
          mobilePhone: digits(form.emergencyContactPhone),
        }
      : null,
  primaryProviderId: text(form.preferredProvider),
  guardian: form.isGuardianSigning
    ? {
        firstName: (form.guardianFirstName ?? '').trim(),
        lastName: (form.guardianLastName ?? '').trim(),
        email: (form.guardianEmail ?? '').trim(),
        phone: lastTen(form.guardianPhone),
        dateOfBirth: form.guardianDateOfBirth ?? '',
        relationshipToPatient: form.guardianRelationshipToPatient ?? '',
        address1: (form.guardianAddress1 ?? '').trim(),
        address2: text(form.guardianAddress2),
        city: (form.guardianCity ?? '').trim(),
        state: (form.guardianState ?? '').trim().toUpperCase(),
        zip: (form.guardianZipCode ?? '').trim(),
      }
    : null,
});

const notMatched = () => E.left(domainError('ENROLLMENT.PATIENT_NOT_MATCHED', PATIENT_NOT_MATCHED_MESSAGE, PATIENT_NOT_MATCHED_TITLE));

export const enrollGuest = async (
  deps: EnrollGuestDeps,
  input: { readonly form: GuestEnrollmentForm; readonly verified: VerifiedGuest; readonly attemptKeys: MatchAttemptKeys },
): Promise<E.Either<EnrollGuestError, EnrollGuestResult>> => {
  const { form, verified, attemptKeys } = input;
  if (!verifiedContactsMatch(form, verified)) {
    return E.left(domainError('ENROLLMENT.VERIFIED_CONTACT_MISMATCH', VERIFIED_CONTACT_MISMATCH_MESSAGE, VERIFIED_CONTACT_MISMATCH_TITLE));
  }
  const now = deps.clock.now();
  const eligible = checkEligibility({ dateOfBirth: form.dateOfBirth, hasMedicareInsurance: form.hasMedicareInsurance }, now);
  if (E.isLeft(eligible)) return eligible;

  const limited = await spend(deps.limiter, [
    [ATTEMPT_LIMITS.matchPerIp, attemptKeys.ip],
    [ATTEMPT_LIMITS.matchPerGuestToken, attemptKeys.guestToken],
    [ATTEMPT_LIMITS.matchPerEmail, attemptKeys.email],
  ]);
  if (limited) return E.left(limited);

  const found = (
    await deps.healthRecord.searchPatients({ firstName: form.firstName.trim(), lastName: form.lastName.trim(), dateOfBirth: form.dateOfBirth })
  ).filter((patient) => sameName(patient, form));
  const owned = await ownedRecords(deps, found, form, verified);

  let patient: HealthRecordPatient;
  let patientCreated = false;
  let possibleDuplicate = false;
  if (form.patientStatus === 'existing') {
    if (owned.length === 0) {
      return E.left(
        form.isGuardianSigning
          ? domainError('ENROLLMENT.CAREGIVER_NOT_AUTHORIZED', CAREGIVER_NOT_AUTHORIZED_MESSAGE, CAREGIVER_NOT_AUTHORIZED_TITLE)
          : domainError('ENROLLMENT.CONTACT_NOT_ON_RECORD', CONTACT_NOT_ON_RECORD_MESSAGE, OFFICE_ENROLLMENT_REQUIRED_TITLE),
      );
    }
    const perChart = await spend(
      deps.limiter,
      owned.map((record) => [ATTEMPT_LIMITS.matchPerPatient, record.patientId] as const),
    );
    if (perChart) return E.left(perChart);
    const lastFour = digits(form.lastFourSSN);
    const matches = owned.filter((candidate) => candidate.ssnLastFour !== undefined && candidate.ssnLastFour === lastFour);
    // Two records with the same name, birth date and SSN digits cannot be told apart: the office decides.
    if (matches.length !== 1 || lastFour.length !== 4) return notMatched();
    patient = matches[0]!;
  } else {
    if (owned.length > 0) return E.left(domainError('ENROLLMENT.PATIENT_EXISTS', PATIENT_EXISTS_MESSAGE, PATIENT_EXISTS_TITLE));
    possibleDuplicate = found.length > 0;
    const { patientId } = await deps.healthRecord.createPatient(newPatient(form, possibleDuplicate));
    const created = await deps.healthRecord.getPatient(patientId);
    // athena's best match may answer an existing id: only a new record with this name is accepted.
    if (!created || !sameName(created, form) || found.some((record) => record.patientId === created.patientId)) return notMatched();
    patient = created;
    patientCreated = true;
  }

  const active = await deps.enrollments.findActiveForPatient(patient.patientId);
  if (active || customFieldIsYes(patient, PAID_UP_CUSTOM_FIELD_ID, PAID_UP_YES_OPTION_ID)) {
    return E.left(domainError('ENROLLMENT.ALREADY_ENROLLED', ALREADY_ENROLLED_MESSAGE, ALREADY_ENROLLED_TITLE));
  }

  const declining = !TIERS[form.membershipTier].paid;
  if (declining) {
    await deps.healthRecord.updateCustomFields(patient.patientId, form.department, [
      { customFieldId: MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID, optionId: MEMBERSHIP_OPT_OUT_YES_OPTION_ID },
    ]);
  }
  const signerName = form.isGuardianSigning
    ? `${form.guardianFirstName ?? ''} ${form.guardianLastName ?? ''}`.trim()
    : `${patient.firstName} ${patient.lastName}`.trim();
  const enrollment = await deps.enrollments.create({
    status: declining ? 'declined' : 'pending',
    membershipTier: form.membershipTier,
    department: form.department,
    athenaPatientId: patient.patientId,
    patientStatus: form.patientStatus,
    isGuardianSigning: form.isGuardianSigning,
    guestHash: verified.guestHash,
    signerName,
    createdAt: now,
  });
  return E.right({ enrollment, patientCreated, possibleDuplicate });
};
