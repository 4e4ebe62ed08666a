/**
 * Sessions, provider login and the practice-location step (enrollment-and-payment §3, §5, §7;
 * booking-dashboard-staff §3, §7).
 */
import * as t from 'io-ts';
import { HAS_MEDICARE_INSURANCE_VALUES, OFFICE_ENROLLMENT_REQUIRED_MESSAGE } from '@portal/core';
import { CONTACT_TYPES, WORKFLOW_TYPES } from './reference.ts';
import { athenaPatientId, departmentId, emailChecks } from './fields.ts';
import { TEXT_LIMITS, always, check, form, literalUnion, nullable, oneOf, optionalOneOf, requiredText, variants, when } from './validation.ts';
import type { FormType } from './validation.ts';

// ---------------------------------------------------------------------------------------------
// POST /api/auth/update-session: three bodies

/** Provider-login users only: a billing email other than the patient's. */
export const BillingEmailSessionUpdate = form('BillingEmailSessionUpdate', {
  billingEmail: requiredText('Billing email is required', {
    checks: emailChecks('Invalid billing email address'),
    maxLength: TEXT_LIMITS.email,
  }),
});
export type BillingEmailSessionUpdate = t.TypeOf<typeof BillingEmailSessionUpdate>;

const workflowType = () => oneOf(WORKFLOW_TYPES, 'Workflow type is required', 'Invalid workflow type');
const isMedicaid = (value: string): boolean => value === 'medicaid' || value === 'both';

const locationSessionUpdateProps = {
  practiceLocation: departmentId('Practice location required'),
  workflowType: workflowType(),
  hasMedicareInsurance: optionalOneOf(HAS_MEDICARE_INSURANCE_VALUES, 'Invalid Medicare/Medicaid status'),
};
type LocationSessionUpdateFields = FormType<typeof locationSessionUpdateProps>;

/**
 * The location step: practice location and workflow; for enrollment also the Medicare/Medicaid
 * status, where Medicaid participants are sent to the office.
 */
export const LocationSessionUpdate = form('LocationSessionUpdate', locationSessionUpdateProps, {
  rules: [
    when<LocationSessionUpdateFields>((v) => v.workflowType === 'enrollment', {
      field: 'hasMedicareInsurance',
      required: 'Medicare/Medicaid participation required',
    }),
    always<LocationSessionUpdateFields>({
      field: 'hasMedicareInsurance',
      checks: [check((value) => !isMedicaid(value), OFFICE_ENROLLMENT_REQUIRED_MESSAGE)],
    }),
  ],
});
export type LocationSessionUpdate = t.TypeOf<typeof LocationSessionUpdate>;

const contactSessionUpdateProps = {
  practiceLocation: departmentId('Practice location required'),
  workflowType: workflowType(),
  selectedContactId: athenaPatientId('Please select who this enrollment is for', 'Invalid patient contact', 'Selected contact'),
  selectedContactType: oneOf(CONTACT_TYPES, 'Please select who this enrollment is for', 'Invalid contact type'),
  hasMedicareInsurance: optionalOneOf(HAS_MEDICARE_INSURANCE_VALUES, 'Invalid Medicare/Medicaid status'),
};
type ContactSessionUpdateFields = FormType<typeof contactSessionUpdateProps>;

/** The location step of enrollment with the chosen contact (who the enrollment is for). */
export const ContactSessionUpdate = form('ContactSessionUpdate', contactSessionUpdateProps, {
  rules: [
    always<ContactSessionUpdateFields>({
      field: 'hasMedicareInsurance',
      checks: [check((value) => !isMedicaid(value), OFFICE_ENROLLMENT_REQUIRED_MESSAGE)],
    }),
  ],
});
export type ContactSessionUpdate = t.TypeOf<typeof ContactSessionUpdate>;

/**
 * The variant is chosen by its keys: `billingEmail` → billing email; `selectedContactId` or
 * `selectedContactType` → contact; otherwise the location variant.
 */
export const UpdateSessionRequest = variants(
  'UpdateSessionRequest',
  { billing: BillingEmailSessionUpdate, location: LocationSessionUpdate, contact: ContactSessionUpdate },
  (input) => {
    if ('billingEmail' in input) return 'billing';
    if ('selectedContactId' in input || 'selectedContactType' in input) return 'contact';
    return 'location';
  },
);
export type UpdateSessionRequest = t.TypeOf<typeof UpdateSessionRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

/** GET /api/auth/session. Everything but isAuthenticated is absent or null when signed out. */
export const SessionResponse = t.intersection(
  [
    t.type({ isAuthenticated: t.boolean }),
    t.partial({
      patientId: nullable(t.string),
      patientName: nullable(t.string),
      isCaregiver: t.boolean,
      caregiver: nullable(t.type({ name: t.string })),
      email: nullable(t.string),
      practiceLocation: nullable(t.string),
      /** 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
      birthDate: nullable(t.string),
      phone: nullable(t.string),
    }),
  ],
  'SessionResponse',
);
export type SessionResponse = t.TypeOf<typeof SessionResponse>;

export const AuthUser = t.type(
  {
    id: t.string,
    patientId: t.string,
    numericPatientId: nullable(t.number),
    name: t.string,
    birthDate: nullable(t.string),
    gender: nullable(t.string),
    email: nullable(t.string),
    phone: nullable(t.string),
  },
  'AuthUser',
);
export type AuthUser = t.TypeOf<typeof AuthUser>;

/** GET /api/auth/status. */
export const AuthStatusResponse = t.intersection(
  [
    t.type({ isAuthenticated: t.boolean }),
    t.partial({
      user: nullable(AuthUser),
      /** expiresAt: ISO 8601. */
      sessionInfo: nullable(t.type({ expiresAt: t.string })),
    }),
  ],
  'AuthStatusResponse',
);
export type AuthStatusResponse = t.TypeOf<typeof AuthStatusResponse>;

/** GET /api/auth/config. */
export const AuthConfigResponse = t.type(
  { clientId: t.string, redirectUri: t.string, authorizeUrl: t.string },
  'AuthConfigResponse',
);
export type AuthConfigResponse = t.TypeOf<typeof AuthConfigResponse>;

/** POST /api/auth/session/extend: the session's new end (ISO 8601). */
export const ExtendSessionResponse = t.type({ expiresAt: t.string }, 'ExtendSessionResponse');
export type ExtendSessionResponse = t.TypeOf<typeof ExtendSessionResponse>;

/** POST /api/auth/logout. */
export const LogoutResponse = t.type({ clearClientData: t.boolean }, 'LogoutResponse');
export type LogoutResponse = t.TypeOf<typeof LogoutResponse>;

/** A 401 that sends the browser elsewhere: error 'Session expired' and a redirect address. */
export const SessionExpiredResponse = t.intersection(
  [t.type({ error: t.literal('Session expired'), redirect: t.string }), t.partial({ clearClientData: t.boolean })],
  'SessionExpiredResponse',
);
export type SessionExpiredResponse = t.TypeOf<typeof SessionExpiredResponse>;

export const ContactTypeCodec = literalUnion(CONTACT_TYPES, 'ContactType');

/** A patient contact: who an enrollment can be for. `relationship` is set for caregivers. */
export const Contact = t.type(
  {
    id: t.string,
    type: ContactTypeCodec,
    displayName: t.string,
    displayEmail: nullable(t.string),
    isCurrentPatient: t.boolean,
    relationship: nullable(t.string),
  },
  'Contact',
);
export type Contact = t.TypeOf<typeof Contact>;

/** GET /api/oauth/patient-contacts. */
export const PatientContactsResponse = t.type({ contacts: t.array(Contact) }, 'PatientContactsResponse');
export type PatientContactsResponse = t.TypeOf<typeof PatientContactsResponse>;

/** POST /api/auth/update-session. */
export const UpdateSessionResponse = t.intersection(
  [t.type({ success: t.boolean }), t.partial({ message: t.string })],
  'UpdateSessionResponse',
);
export type UpdateSessionResponse = t.TypeOf<typeof UpdateSessionResponse>;
