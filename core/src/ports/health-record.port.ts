/**
 * The practice's health record (athenahealth) as the use cases need it. The adapter speaks
 * athenahealth's REST API (adapters/athena); the provider sandbox speaks the same on this machine.
 * Dates are MM/DD/YYYY as athenahealth spells them; ids are strings.
 */

export interface HealthRecordCustomField {
  readonly customFieldId: string;
  /** Free-text value, or the option's value for select fields. */
  readonly value: string | null;
  readonly optionId: string | null;
}

export interface HealthRecordPatient {
  readonly patientId: string;
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY */
  readonly dateOfBirth: string;
  readonly sex: 'M' | 'F' | null;
  readonly email: string | null;
  readonly mobilePhone: string | null;
  readonly homePhone: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly primaryDepartmentId: string | null;
  readonly primaryProviderId: string | null;
  readonly customFields: readonly HealthRecordCustomField[];
  /**
   * The last four digits of the SSN on file (athena answers the SSN masked, `*****6789`), or
   * null when none is on file. Used only to match an existing patient; never stored or logged.
   */
  readonly ssnLastFour?: string | null;
}

/** Someone with portal access to a patient's record (athenahealth /patients/{id}/portalaccess). */
export interface PortalAccessEntry {
  readonly name: string;
  readonly email: string | null;
  readonly relationshipToPatient: string | null;
  readonly accessLevel: string | null;
}

/** A patient a person is related to (FHIR RelatedPerson.patient), with the relationship's label. */
export interface RelatedPatient {
  readonly patientId: string;
  readonly relationship: string | null;
}

export interface HealthRecordDepartment {
  readonly departmentId: string;
  readonly name: string;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly phone: string | null;
}

export interface HealthRecordProvider {
  readonly providerId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly specialty: string | null;
  readonly providerType: string | null;
}

export interface PatientSearch {
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY */
  readonly dateOfBirth: string;
}

/**
 * Reads of the health record. Every method either answers or throws
 * HealthRecordUnavailableError (after the adapter's own retries); "not found" is null or [].
 */
export interface HealthRecord {
  getPatient(patientId: string): Promise<HealthRecordPatient | null>;
  searchPatients(search: PatientSearch): Promise<readonly HealthRecordPatient[]>;
  portalAccess(patientId: string): Promise<readonly PortalAccessEntry[]>;
  /** Patients whose records name this email as a related person (caregiver, parent, ...). */
  relatedPatients(email: string): Promise<readonly RelatedPatient[]>;
  departments(): Promise<readonly HealthRecordDepartment[]>;
  providers(): Promise<readonly HealthRecordProvider[]>;
}

/** The health record did not answer in time or answered 5xx/429 after retries. */
export class HealthRecordUnavailableError extends Error {
  override readonly name = 'HealthRecordUnavailableError';
}

/** The result of a patient's SMART sign-in, after the code exchange (tokens stay on the server). */
export interface PatientSignIn {
  /** Proprietary patient id of the patient in context (the `patient` of the token response). */
  readonly patientId: string;
  /**
   * The person who signed in, from the id_token's fhirUser: a FHIR reference or URL ending in
   * 'Patient/a-{practice}.E-{id}' (or 'RelatedPerson/{id}' for a proxy with no record of their own).
   */
  readonly fhirUser: string | null;
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly expiresInSeconds: number;
  readonly scope: string;
}

export interface AuthorizationRequest {
  readonly state: string;
  readonly nonce: string;
  /** The PKCE verifier kept for the code exchange; the login derives the S256 challenge it sends. */
  readonly codeVerifier: string;
  readonly redirectUri: string;
}

/** SMART on FHIR standalone launch with PKCE against the health record's authorization server. */
export interface PatientLogin {
  /** The URL to send the browser to (the authorization server's metadata may have to be read first). */
  authorizeUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges a one-time code; throws PatientLoginError when the server refuses it. */
  exchangeCode(input: { readonly code: string; readonly codeVerifier: string; readonly redirectUri: string; readonly nonce: string }): Promise<PatientSignIn>;
  readonly clientId: string;
}

export class PatientLoginError extends Error {
  override readonly name = 'PatientLoginError';
}

/** A custom field to set on a patient's record: a select option or a free-text value. */
export interface CustomFieldUpdate {
  readonly customFieldId: string;
  /** For select fields: the option to choose (athenahealth `optionid`). */
  readonly optionId?: string;
  /** For free-text fields. */
  readonly value?: string;
}

export interface CustomFieldsUpdateResult {
  readonly updatedCount: number;
  readonly disallowedCount: number;
}

/** Writes of patient custom fields; throws HealthRecordUnavailableError or a rejection error. */
export interface HealthRecordCustomFields {
  updateCustomFields(patientId: string, departmentId: string, fields: readonly CustomFieldUpdate[]): Promise<CustomFieldsUpdateResult>;
}

/** Custom field 21 'MDRI Paid Up' (select: 2101 Yes / 2102 No). */
export const PAID_UP_CUSTOM_FIELD_ID = '21';
export const PAID_UP_YES_OPTION_ID = '2101';
/** Custom field 81 membership opt-out (select: 8101 Yes / 8102 No). */
export const MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID = '81';
export const MEMBERSHIP_OPT_OUT_YES_OPTION_ID = '8101';

/** A person the new patient names (emergency contact, or the guardian signing for them). */
export interface NewPatientContact {
  readonly name: string;
  /** Emergency contacts: CHILD, COUSIN, ... SPOUSE; guardians: the relationship id (10 Guardian, ...). */
  readonly relationship: string;
  /** Digits only. */
  readonly mobilePhone: string;
}

/** A guardian (caregiver) who signs for a new patient: written as the record's guarantor. */
export interface NewPatientGuardian {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Digits only. */
  readonly phone: string;
  /** MM/DD/YYYY */
  readonly dateOfBirth: string;
  /** Relationship id of spec §3 (10 = Guardian). */
  readonly relationshipToPatient: string;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

/** A new patient's registration (athenahealth POST /patients). */
export interface NewPatient {
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY */
  readonly dateOfBirth: string;
  readonly departmentId: string;
  readonly email: string;
  /** Digits only. */
  readonly mobilePhone: string;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  /** Nine digits. Passed to the health record only; never stored or logged by us. */
  readonly ssn: string;
  readonly sex: 'M' | 'F' | null;
  readonly emergencyContact: NewPatientContact | null;
  readonly primaryProviderId: string | null;
  readonly guardian: NewPatientGuardian | null;
  /**
   * Register a separate person even though a record with the same name and birth date exists
   * (athena's `bypasspatientmatching`): set when that record is someone else's.
   */
  readonly bypassMatching?: boolean;
}

/**
 * Registration of new patients. athenahealth answers the EXISTING patient's id when its best
 * match finds one, so the caller must not treat the answer as proof the record is new.
 * Throws HealthRecordUnavailableError (5xx, timeout: never retried, a retry could register
 * twice) or HealthRecordRejectedError (4xx, or athena's 200 with an `errormessage`).
 */
export interface PatientRegistration {
  createPatient(patient: NewPatient): Promise<{ readonly patientId: string }>;
}

/** The health record refused a write (4xx or an error inside a 200). The message holds no PHI. */
export class HealthRecordRejectedError extends Error {
  override readonly name = 'HealthRecordRejectedError';
}

/** A signed PDF to file into the patient's chart (athenahealth admin documents). */
export interface AdminDocumentInput {
  readonly patientId: string;
  readonly departmentId: string;
  /** e.g. ADMIN_CONSENT */
  readonly documentSubclass: string;
  /** The PDF, base64-encoded. */
  readonly pdfBase64: string;
  /** Free text shown to staff in the chart; carries our submission marker, never PHI. */
  readonly internalNote: string;
}

/** An admin document in the chart (athenahealth GET /patients/{id}/documents/admin). */
export interface ChartAdminDocument {
  readonly adminId: string;
  readonly documentSubclass: string | null;
  readonly internalNote: string | null;
  /** MM/DD/YYYY HH:mm:ss as athenahealth writes it (practice time). */
  readonly createdAt: string | null;
}

/**
 * The patient's chart documents. `fileAdminDocument` is never retried by the adapter (a retry
 * could file twice): the caller looks with `listAdminDocuments` for its marker before trying again.
 * It throws HealthRecordRejectedError (4xx) or HealthRecordUnavailableError (5xx, 429, timeout:
 * the document MAY have been filed). `listAdminDocuments` is a read: retried by the adapter, then
 * HealthRecordUnavailableError; an unknown patient has none ([]).
 */
export interface ChartDocuments {
  fileAdminDocument(input: AdminDocumentInput): Promise<{ readonly adminId: string }>;
  listAdminDocuments(patientId: string, departmentId: string): Promise<readonly ChartAdminDocument[]>;
}
