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
  readonly codeChallenge: string;
  readonly redirectUri: string;
}

/** SMART on FHIR standalone launch with PKCE against the health record's authorization server. */
export interface PatientLogin {
  /** The URL to send the browser to. */
  authorizeUrl(request: AuthorizationRequest): string;
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
