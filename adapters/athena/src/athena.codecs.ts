/**
 * io-ts codecs for every athenahealth answer the adapter reads (docs/design/athena-wire.md).
 * They state only what the adapter relies on: required fields are the ones it cannot do
 * without, everything else is optional and may be null. Ids are accepted as strings or numbers
 * because athena spells them both ways (open slots and providers use numbers).
 */
import * as t from 'io-ts';

/** A value athena may leave out or send as null. */
const maybe = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

export const AthenaId = t.union([t.string, t.number]);
export type AthenaId = t.TypeOf<typeof AthenaId>;

/** athena sends flags as JSON booleans or as "true"/"false". */
export const AthenaFlag = t.union([t.boolean, t.string]);
export type AthenaFlag = t.TypeOf<typeof AthenaFlag>;

/** Durations and counts arrive as numbers or numeric strings. */
export const AthenaNumber = t.union([t.number, t.string]);
export type AthenaNumber = t.TypeOf<typeof AthenaNumber>;

// ---- OAuth ----

export const BackendTokenResponse = t.intersection([
  t.type({ access_token: t.string, expires_in: AthenaNumber }),
  t.partial({ token_type: t.string, scope: t.string }),
]);
export type BackendTokenResponse = t.TypeOf<typeof BackendTokenResponse>;

/**
 * What the adapter reads of a patient token answer beyond what oauth4webapi checks (access_token,
 * token_type, the id_token): the patient in context and the lifetime.
 */
export const PatientTokenResponse = t.intersection([
  t.type({
    access_token: t.string,
    expires_in: AthenaNumber,
    patient: AthenaId,
  }),
  t.partial({
    scope: t.string,
    refresh_token: maybe(t.string),
    ah_practice: maybe(t.string),
  }),
]);
export type PatientTokenResponse = t.TypeOf<typeof PatientTokenResponse>;

/**
 * athena's SMART configuration (`{FHIR base}/.well-known/smart-configuration`): where to send the
 * browser, where to exchange the code, who issues the id_token (athena's Okta, on another host)
 * and where its signing keys are.
 */
export const SmartConfiguration = t.type({
  issuer: t.string,
  authorization_endpoint: t.string,
  token_endpoint: t.string,
  jwks_uri: t.string,
});
export type SmartConfiguration = t.TypeOf<typeof SmartConfiguration>;

/** athena's non-2xx body. */
export const AthenaErrorBody = t.partial({ error: t.string, detailedmessage: t.string });
export type AthenaErrorBody = t.TypeOf<typeof AthenaErrorBody>;

// ---- Patients ----

export const AthenaCustomField = t.intersection([
  t.type({ customfieldid: AthenaId }),
  t.partial({ customfieldvalue: maybe(t.string), optionid: maybe(AthenaId) }),
]);
export type AthenaCustomField = t.TypeOf<typeof AthenaCustomField>;

export const AthenaPatient = t.intersection([
  t.type({ patientid: AthenaId, firstname: t.string, lastname: t.string, dob: t.string }),
  t.partial({
    sex: maybe(t.string),
    email: maybe(t.string),
    mobilephone: maybe(t.string),
    homephone: maybe(t.string),
    address1: maybe(t.string),
    address2: maybe(t.string),
    city: maybe(t.string),
    state: maybe(t.string),
    zip: maybe(t.string),
    primarydepartmentid: maybe(AthenaId),
    primaryproviderid: maybe(AthenaId),
    status: maybe(t.string),
    /** Masked by athena, e.g. "*****6789"; may be left out. */
    ssn: maybe(t.string),
    customfields: maybe(t.array(AthenaCustomField)),
  }),
]);
export type AthenaPatient = t.TypeOf<typeof AthenaPatient>;

/** GET /patients/{id}: a one-element array. */
export const AthenaPatientRecord = t.array(AthenaPatient);
export type AthenaPatientRecord = t.TypeOf<typeof AthenaPatientRecord>;

export const AthenaPortalAccess = t.intersection([
  t.type({ name: t.string }),
  t.partial({ email: maybe(t.string), relationshiptopatient: maybe(t.string), accesslevel: maybe(t.string) }),
]);
export type AthenaPortalAccess = t.TypeOf<typeof AthenaPortalAccess>;

export const AthenaPortalAccessList = t.array(AthenaPortalAccess);
export type AthenaPortalAccessList = t.TypeOf<typeof AthenaPortalAccessList>;

export const AthenaCustomFieldsUpdate = t.intersection([
  t.type({ success: AthenaFlag }),
  t.partial({ updatedcount: maybe(AthenaNumber), disallowedcount: maybe(AthenaNumber), errormessage: maybe(t.string) }),
]);
export type AthenaCustomFieldsUpdate = t.TypeOf<typeof AthenaCustomFieldsUpdate>;

// ---- Practice ----

export const AthenaDepartment = t.intersection([
  t.type({ departmentid: AthenaId, name: t.string }),
  t.partial({
    patientdepartmentname: maybe(t.string),
    address: maybe(t.string),
    city: maybe(t.string),
    state: maybe(t.string),
    zip: maybe(t.string),
    phone: maybe(t.string),
    timezonename: maybe(t.string),
  }),
]);
export type AthenaDepartment = t.TypeOf<typeof AthenaDepartment>;

export const AthenaProvider = t.intersection([
  t.type({ providerid: AthenaId, firstname: t.string, lastname: t.string }),
  t.partial({
    displayname: maybe(t.string),
    providertype: maybe(t.string),
    specialty: maybe(t.string),
    npi: maybe(AthenaId),
    hideinportal: maybe(AthenaFlag),
  }),
]);
export type AthenaProvider = t.TypeOf<typeof AthenaProvider>;

export const AthenaAppointmentType = t.intersection([
  t.type({ appointmenttypeid: AthenaId, name: t.string }),
  t.partial({
    shortname: maybe(t.string),
    duration: maybe(AthenaNumber),
    patient: maybe(AthenaFlag),
    generic: maybe(AthenaFlag),
  }),
]);
export type AthenaAppointmentType = t.TypeOf<typeof AthenaAppointmentType>;

// ---- Appointments ----

export const AthenaOpenSlot = t.intersection([
  t.type({
    appointmentid: AthenaId,
    date: t.string,
    starttime: t.string,
    departmentid: AthenaId,
  }),
  t.partial({
    duration: maybe(AthenaNumber),
    providerid: maybe(AthenaId),
    appointmenttypeid: maybe(AthenaId),
    appointmenttype: maybe(t.string),
    patientappointmenttypename: maybe(t.string),
    frozen: maybe(AthenaFlag),
  }),
]);
export type AthenaOpenSlot = t.TypeOf<typeof AthenaOpenSlot>;

export const AthenaAppointment = t.intersection([
  t.type({
    appointmentid: AthenaId,
    appointmentstatus: t.string,
    date: t.string,
    starttime: t.string,
  }),
  t.partial({
    patientid: maybe(AthenaId),
    duration: maybe(AthenaNumber),
    departmentid: maybe(AthenaId),
    providerid: maybe(AthenaId),
    appointmenttypeid: maybe(AthenaId),
    appointmenttype: maybe(t.string),
    rescheduledappointmentid: maybe(AthenaId),
  }),
]);
export type AthenaAppointment = t.TypeOf<typeof AthenaAppointment>;

/** PUT /appointments/{id} and /reschedule: a one-element array. */
export const AthenaAppointmentResult = t.array(AthenaAppointment);
export type AthenaAppointmentResult = t.TypeOf<typeof AthenaAppointmentResult>;

/** PUT /appointments/{id}/cancel (shape unconfirmed on the real service). */
export const AthenaCancelResult = t.partial({ status: maybe(t.string), errormessage: maybe(t.string) });
export type AthenaCancelResult = t.TypeOf<typeof AthenaCancelResult>;

// ---- Documents ----

export const AthenaAdminDocumentCreated = t.type({ adminid: AthenaId });
export type AthenaAdminDocumentCreated = t.TypeOf<typeof AthenaAdminDocumentCreated>;

export const AthenaAdminDocument = t.intersection([
  t.type({ adminid: AthenaId }),
  t.partial({
    documentclass: maybe(t.string),
    documentsubclass: maybe(t.string),
    internalnote: maybe(t.string),
    status: maybe(t.string),
    /** MM/DD/YYYY HH:mm:ss */
    createddatetime: maybe(t.string),
  }),
]);
export type AthenaAdminDocument = t.TypeOf<typeof AthenaAdminDocument>;

// ---- Patient registration ----

/** POST /patients: `[{patientid, errormessage?}]`; an empty patientid comes with an errormessage. */
export const AthenaPatientCreated = t.array(t.partial({ patientid: maybe(AthenaId), errormessage: maybe(t.string) }));
export type AthenaPatientCreated = t.TypeOf<typeof AthenaPatientCreated>;

// ---- Lists ----

/** `{<collection>: [...], totalcount}`: the page of items under `key`. */
export const athenaList = <K extends string, C extends t.Mixed>(key: K, item: C) =>
  t.intersection([
    t.type({ [key]: t.array(item) } as { [P in K]: t.ArrayC<C> }),
    t.partial({ totalcount: maybe(AthenaNumber) }),
  ]);

export const PatientList = athenaList('patients', AthenaPatient);
export const DepartmentList = athenaList('departments', AthenaDepartment);
export const ProviderList = athenaList('providers', AthenaProvider);
export const AppointmentTypeList = athenaList('appointmenttypes', AthenaAppointmentType);
export const OpenSlotList = athenaList('appointments', AthenaOpenSlot);
export const AppointmentList = athenaList('appointments', AthenaAppointment);
export const AdminDocumentList = athenaList('admins', AthenaAdminDocument);

// ---- FHIR ----

export const FhirCoding = t.partial({ system: maybe(t.string), code: maybe(t.string), display: maybe(t.string) });
export type FhirCoding = t.TypeOf<typeof FhirCoding>;

export const FhirRelatedPerson = t.intersection([
  t.type({ resourceType: t.literal('RelatedPerson'), patient: t.type({ reference: t.string }) }),
  t.partial({
    id: t.string,
    relationship: maybe(t.array(t.partial({ coding: maybe(t.array(FhirCoding)), text: maybe(t.string) }))),
  }),
]);
export type FhirRelatedPerson = t.TypeOf<typeof FhirRelatedPerson>;

/** A searchset entry: RelatedPerson matches, or anything else (an OperationOutcome) we skip. */
export const FhirBundleEntry = t.partial({ resource: t.UnknownRecord });
export type FhirBundleEntry = t.TypeOf<typeof FhirBundleEntry>;

export const FhirBundleLink = t.type({ relation: t.string, url: t.string });
export const FhirBundle = t.intersection([
  t.type({ resourceType: t.literal('Bundle') }),
  t.partial({ entry: maybe(t.array(FhirBundleEntry)), link: maybe(t.array(FhirBundleLink)) }),
]);
export type FhirBundle = t.TypeOf<typeof FhirBundle>;
