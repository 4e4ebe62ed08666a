/**
 * Completes a provider login: from the health record's answer (person, patient in context) to
 * the session's content. The person must be a patient of the practice; the patient in context
 * must be the person or someone the health record links to them (named as a related person AND
 * listing the person with portal access). Nothing is stored here: the caller stores the result.
 */
import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '../domain/domain-error.ts';
import type { LinkedPatient, PersonProfile } from '../domain/patient-session.ts';
import type { HealthRecord, HealthRecordPatient, PatientSignIn } from '../ports/health-record.port.ts';

export type SignInError =
  | DomainError<'AUTH.PERSON_NOT_A_PATIENT'>
  | DomainError<'AUTH.PATIENT_NOT_FOUND'>
  | DomainError<'AUTH.NOT_LINKED'>;

export interface ResolvedSignIn {
  readonly fhirUser: string | null;
  readonly person: PersonProfile;
  readonly actingPatientId: string;
  readonly acting: PersonProfile;
  readonly linkedPatients: readonly LinkedPatient[];
}

/** 'Patient/a-29391.E-1001' or a URL ending so → '1001'; anything else → null. */
export const patientIdFromFhirUser = (fhirUser: string | null): string | null => {
  const match = /(?:^|\/)Patient\/(?:a-\d+\.E-)?(\d+)$/.exec(fhirUser ?? '');
  return match?.[1] ?? null;
};

export const toProfile = (patient: HealthRecordPatient): PersonProfile => ({
  patientId: patient.patientId,
  firstName: patient.firstName,
  lastName: patient.lastName,
  dateOfBirth: patient.dateOfBirth,
  sex: patient.sex,
  email: patient.email,
  phone: patient.mobilePhone ?? patient.homePhone,
  departmentId: patient.primaryDepartmentId,
});

/**
 * The health record records how the caregiver relates to the patient (on Harold's record, Carol
 * is his 'Child'); a contact list shows who the patient is to the caregiver ('Parent').
 */
const INVERSE: Readonly<Record<string, string>> = {
  child: 'Parent',
  parent: 'Child',
  grandchild: 'Grandparent',
  grandparent: 'Grandchild',
  spouse: 'Spouse',
  'life partner': 'Life Partner',
  'significant other': 'Significant Other',
  sibling: 'Sibling',
  guardian: 'Ward',
  'legal guardian': 'Ward',
  'foster parent': 'Foster Child',
  'uncle or aunt': 'Niece or Nephew',
};

export const relationshipToCaregiver = (recorded: string | null): string | null =>
  recorded === null ? null : (INVERSE[recorded.trim().toLowerCase()] ?? 'Dependent');

const sameEmail = (a: string | null, b: string | null): boolean =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The patients the health record links to this person: named as a related person by email, and
 * confirmed by the patient's own portal-access list. Both must hold.
 */
export const linkedPatientsOf = async (healthRecord: HealthRecord, person: PersonProfile): Promise<LinkedPatient[]> => {
  if (!person.email) return [];
  const candidates = (await healthRecord.relatedPatients(person.email)).filter((candidate) => candidate.patientId !== person.patientId);
  const confirmed = await Promise.all(
    candidates.map(async (candidate) => {
      const access = await healthRecord.portalAccess(candidate.patientId);
      if (!access.some((entry) => sameEmail(entry.email, person.email))) return null;
      const patient = await healthRecord.getPatient(candidate.patientId);
      return patient ? { patientId: candidate.patientId, relationship: relationshipToCaregiver(candidate.relationship), profile: toProfile(patient) } : null;
    }),
  );
  return confirmed.filter((linked): linked is LinkedPatient => linked !== null);
};

export const resolvePatientSignIn = async (
  healthRecord: HealthRecord,
  signIn: Pick<PatientSignIn, 'patientId' | 'fhirUser'>,
): Promise<E.Either<SignInError, ResolvedSignIn>> => {
  const personId = patientIdFromFhirUser(signIn.fhirUser) ?? (signIn.fhirUser === null ? signIn.patientId : null);
  if (personId === null) {
    return E.left(domainError('AUTH.PERSON_NOT_A_PATIENT', 'Portal sign-in is available to patients of the practice and their linked caregivers.'));
  }
  const personRecord = await healthRecord.getPatient(personId);
  if (!personRecord) return E.left(domainError('AUTH.PATIENT_NOT_FOUND', 'Your patient record could not be found. Please contact the practice.'));
  const person = toProfile(personRecord);
  const linkedPatients = await linkedPatientsOf(healthRecord, person);
  if (signIn.patientId === personId) {
    return E.right({ fhirUser: signIn.fhirUser, person, actingPatientId: personId, acting: person, linkedPatients });
  }
  const acting = linkedPatients.find((linked) => linked.patientId === signIn.patientId);
  if (!acting) return E.left(domainError('AUTH.NOT_LINKED', 'You are not linked to this patient in the health record.'));
  return E.right({ fhirUser: signIn.fhirUser, person, actingPatientId: acting.patientId, acting: acting.profile, linkedPatients });
};
