/**
 * The staff portal (booking-dashboard-staff §3, §5, §7): passwordless email-code sign-in, patient
 * search and subscription creation for the four paid tiers.
 */
import * as t from 'io-ts';
import { PAID_TIER_CODES } from '@portal/core';
import type { TierCode } from '@portal/core';
import { STAFF_PAYMENT_METHODS } from './reference.ts';
import { MEMBERSHIP_TIER_MESSAGE, athenaPatientId, departmentId, emailAddress, personName, usDate } from './fields.ts';
import { TEXT_LIMITS, exactLength, form, literalUnion, maxLength, normalize, nullable, oneOf, optionalText, requiredText } from './validation.ts';

/** The four paid tiers: the only ones staff may create subscriptions for. */
export type PaidTierCode = Exclude<TierCode, 'decline' | 'decline_hardship'>;
const STAFF_TIER_CODES = PAID_TIER_CODES as ReadonlyArray<PaidTierCode>;

export const StaffEmail = emailAddress('Email is required', 'Please enter a valid email address', { lowercase: true });
export type StaffEmail = t.TypeOf<typeof StaffEmail>;

/** The emailed code: required, 6 characters. */
export const StaffOtpCode = requiredText('Verification code is required', {
  checks: [exactLength(6, 'Verification code must be 6 characters')],
  tooLongMessage: 'Verification code must be 6 characters',
});
export type StaffOtpCode = t.TypeOf<typeof StaffOtpCode>;

/** POST /api/staff/send-otp. The email is lowercased and trimmed. */
export const StaffSendOtpRequest = form('StaffSendOtpRequest', {
  email: StaffEmail,
  // The human check's token: required by the server when the check is enabled (as for guests).
  'cf-turnstile-response': optionalText({ maxLength: 2048, label: 'Security check response' }),
} as { email: typeof StaffEmail; 'cf-turnstile-response': t.Type<string | undefined, string | undefined, unknown> });
export type StaffSendOtpRequest = t.TypeOf<typeof StaffSendOtpRequest>;

/** POST /api/staff/verify-otp. */
export const StaffVerifyOtpRequest = form('StaffVerifyOtpRequest', {
  sessionToken: requiredText('Session token is required', { maxLength: 200 }),
  otpCode: StaffOtpCode,
});
export type StaffVerifyOtpRequest = t.TypeOf<typeof StaffVerifyOtpRequest>;

/** The staff code form (client side): the code alone. */
export const StaffOtpForm = form('StaffOtpForm', { otpCode: StaffOtpCode });
export type StaffOtpForm = t.TypeOf<typeof StaffOtpForm>;

/** POST /api/staff/verify-session (bearer). */
export const StaffVerifySessionRequest = form('StaffVerifySessionRequest', { email: StaffEmail });
export type StaffVerifySessionRequest = t.TypeOf<typeof StaffVerifySessionRequest>;

/** POST /api/staff/patient-search (bearer): all three required; the date of birth is 'MM/DD/YYYY'. */
export const StaffPatientSearchRequest = form('StaffPatientSearchRequest', {
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  dateOfBirth: usDate('Date of birth is required', 'Date of birth must be in MM/DD/YYYY format'),
});
export type StaffPatientSearchRequest = t.TypeOf<typeof StaffPatientSearchRequest>;

/** The new billing address: state uppercased, at most 2 characters; ZIP at most 10. */
export const BillingAddress = form(
  'BillingAddress',
  {
    line1: requiredText('Address line 1 is required', { normalize: normalize.beforeComma, maxLength: TEXT_LIMITS.address }),
    line2: optionalText({ maxLength: TEXT_LIMITS.address }),
    city: requiredText('City is required', { maxLength: TEXT_LIMITS.name }),
    state: requiredText('State is required', {
      normalize: normalize.upper,
      checks: [maxLength(2, 'State must be at most 2 characters')],
      tooLongMessage: 'State must be at most 2 characters',
    }),
    postalCode: requiredText('ZIP code is required', {
      acceptNumber: true,
      checks: [maxLength(10, 'ZIP code must be at most 10 characters')],
      tooLongMessage: 'ZIP code must be at most 10 characters',
    }),
  },
  { notObjectMessage: 'Billing address is required' },
);
export type BillingAddress = t.TypeOf<typeof BillingAddress>;

/** POST /api/staff/create-subscription (bearer): only the four paid tiers. */
export const StaffCreateSubscriptionRequest = form('StaffCreateSubscriptionRequest', {
  patientId: athenaPatientId('Patient ID is required'),
  membershipTier: oneOf(STAFF_TIER_CODES, MEMBERSHIP_TIER_MESSAGE, 'Staff can only create subscriptions for paid membership tiers'),
  email: emailAddress('Email is required', 'Please enter a valid email address'),
  address: BillingAddress,
  paymentMethod: oneOf(STAFF_PAYMENT_METHODS, 'Please select a payment method', 'Invalid payment method'),
  patientName: personName('Patient name is required'),
  department: departmentId('Please select a practice location'),
});
export type StaffCreateSubscriptionRequest = t.TypeOf<typeof StaffCreateSubscriptionRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

/** POST /api/staff/send-otp: the same answer whether or not the address is on the list. */
export const StaffSendOtpResponse = t.type({ sessionToken: t.string, message: t.string }, 'StaffSendOtpResponse');
export type StaffSendOtpResponse = t.TypeOf<typeof StaffSendOtpResponse>;

/** POST /api/staff/verify-otp: who signed in and when the session ends at the latest (ISO 8601). */
export const StaffVerifyOtpResponse = t.type({ email: t.string, expiresAt: t.string }, 'StaffVerifyOtpResponse');
export type StaffVerifyOtpResponse = t.TypeOf<typeof StaffVerifyOtpResponse>;

/** POST /api/staff/verify-session (bearer); an ended session answers 401 instead. */
export const StaffVerifySessionResponse = t.type({ valid: t.boolean, email: nullable(t.string), expiresAt: t.string }, 'StaffVerifySessionResponse');
export type StaffVerifySessionResponse = t.TypeOf<typeof StaffVerifySessionResponse>;

/** POST /api/staff/logout (bearer). */
export const StaffLogoutResponse = t.type({ success: t.boolean }, 'StaffLogoutResponse');
export type StaffLogoutResponse = t.TypeOf<typeof StaffLogoutResponse>;

/** A custom field on the patient record; 21 is 'MDRI Paid Up', 81 the membership opt-out. */
export const StaffCustomField = t.partial(
  { customfieldid: t.string, optionname: t.string, customfieldvalue: t.string, optionid: t.string },
  'StaffCustomField',
);
export type StaffCustomField = t.TypeOf<typeof StaffCustomField>;

/** A patient as the health record gives it (names as it spells them); dob 'MM/DD/YYYY'. */
export const StaffPatientRecord = t.intersection(
  [
    t.type({ patientid: t.string, firstname: t.string, lastname: t.string, dob: t.string }),
    t.partial({
      email: nullable(t.string),
      address1: nullable(t.string),
      address2: nullable(t.string),
      city: nullable(t.string),
      state: nullable(t.string),
      zip: nullable(t.string),
      primarydepartmentid: nullable(t.string),
      primaryproviderid: nullable(t.string),
      customfields: t.array(StaffCustomField),
      /**
       * Ours, not the health record's (issue 26): the language the patient chose in the portal, null
       * when none is known. Sent by POST /api/staff/patient-details only.
       */
      preferredLanguage: nullable(t.keyof({ 'en-US': null, 'es-US': null })),
    }),
  ],
  'StaffPatientRecord',
);
export type StaffPatientRecord = t.TypeOf<typeof StaffPatientRecord>;

/** POST /api/staff/patient-search. */
export const StaffPatientSearchResponse = t.type({ patients: t.array(StaffPatientRecord) }, 'StaffPatientSearchResponse');
export type StaffPatientSearchResponse = t.TypeOf<typeof StaffPatientSearchResponse>;

/** POST /api/staff/create-subscription. clientSecret is null for manual payment. */
export const StaffCreateSubscriptionResponse = t.type(
  {
    subscriptionId: t.string,
    clientSecret: nullable(t.string),
    intentType: nullable(literalUnion(['setup', 'payment'], 'IntentType')),
    invoiceId: nullable(t.string),
  },
  'StaffCreateSubscriptionResponse',
);
export type StaffCreateSubscriptionResponse = t.TypeOf<typeof StaffCreateSubscriptionResponse>;

/** GET /api/staff/document-submissions?status=failed: signed documents the worker could not file. */
export const FailedDocumentSubmission = t.type(
  {
    id: t.string,
    enrollmentId: t.string,
    patientId: t.string,
    documentType: t.union([t.literal('membership_agreement'), t.literal('privacy_practices')]),
    status: t.string,
    uploadAttempts: t.number,
    lastAttemptError: t.union([t.string, t.null]),
    createdAt: t.string,
    updatedAt: t.string,
  },
  'FailedDocumentSubmission',
);
export type FailedDocumentSubmission = t.TypeOf<typeof FailedDocumentSubmission>;
export const FailedDocumentSubmissions = t.array(FailedDocumentSubmission, 'FailedDocumentSubmissions');

/** POST /api/staff/patient-details (bearer): the patient staff selected from the results. */
export const StaffPatientDetailsRequest = form('StaffPatientDetailsRequest', {
  patientId: athenaPatientId('Patient ID is required'),
});
export type StaffPatientDetailsRequest = t.TypeOf<typeof StaffPatientDetailsRequest>;

/** An eligibility warning staff acknowledge before continuing (§5): under 27, paid up, opted out, hardship. */
export const StaffEligibilityWarning = t.type(
  {
    code: literalUnion(['under_27', 'paid_up', 'opted_out', 'hardship'], 'StaffWarningCode'),
    title: t.string,
    message: t.string,
  },
  'StaffEligibilityWarning',
);
export type StaffEligibilityWarning = t.TypeOf<typeof StaffEligibilityWarning>;

/** POST /api/staff/patient-details: the record (custom fields 21 and 81 included) and its warnings. */
export const StaffPatientDetailsResponse = t.type(
  { patient: StaffPatientRecord, warnings: t.array(StaffEligibilityWarning) },
  'StaffPatientDetailsResponse',
);
export type StaffPatientDetailsResponse = t.TypeOf<typeof StaffPatientDetailsResponse>;

// ---------------------------------------------------------------------------------------------
// Beyond the spec (issue 14; decision 0029): the practice report, the cutoff override and the
// patient view.

/** GET /api/staff/report?from=YYYY-MM-DD&to=YYYY-MM-DD (bearer): counts only, never people. */
export const StaffReportResponse = t.type(
  {
    period: t.type({ from: t.string, to: t.string }),
    generatedAt: t.string,
    activeMembers: t.number,
    activeByTier: t.array(t.type({ tier: t.string, count: t.number, monthlyRevenueCents: t.number })),
    activeByLocation: t.array(t.type({ location: t.string, count: t.number })),
    activeByTierAndLocation: t.array(t.type({ tier: t.string, location: t.string, count: t.number })),
    monthlyRecurringRevenueCents: t.number,
    newMembers: t.number,
    cancelledMembers: t.number,
    pastDueMembers: t.number,
    pastDueInPeriod: t.number,
    declines: t.number,
    hardshipDeclines: t.number,
  },
  'StaffReportResponse',
);
export type StaffReportResponse = t.TypeOf<typeof StaffReportResponse>;

export const OVERRIDE_REASON_REQUIRED = 'A reason is required to change an appointment inside 24 hours';
export const OVERRIDE_REASON_MAX_LENGTH = 500;
const overrideReason = () =>
  requiredText(OVERRIDE_REASON_REQUIRED, {
    maxLength: OVERRIDE_REASON_MAX_LENGTH,
    tooLongMessage: `The reason must be at most ${OVERRIDE_REASON_MAX_LENGTH} characters`,
  });
const athenaAppointmentId = (requiredMessage: string) => athenaPatientId(requiredMessage, 'Invalid appointment ID', 'Appointment ID');

/** POST /api/staff/appointments/cancel (bearer): the cutoff override, with the caller's reason. */
export const StaffCancelAppointmentRequest = form('StaffCancelAppointmentRequest', {
  appointmentId: athenaAppointmentId('Appointment is required'),
  reason: overrideReason(),
});
export type StaffCancelAppointmentRequest = t.TypeOf<typeof StaffCancelAppointmentRequest>;

/** POST /api/staff/appointments/reschedule (bearer): the booked appointment moves to an open slot. */
export const StaffRescheduleAppointmentRequest = form('StaffRescheduleAppointmentRequest', {
  existingAppointmentId: athenaAppointmentId('Existing appointment is required'),
  appointmentId: athenaAppointmentId('Appointment slot is required'),
  appointmentTypeId: requiredText('Appointment type is required', { acceptNumber: true, maxLength: TEXT_LIMITS.id }),
  reason: overrideReason(),
});
export type StaffRescheduleAppointmentRequest = t.TypeOf<typeof StaffRescheduleAppointmentRequest>;

/** The answer of both overrides. */
export const StaffAppointmentOverrideResponse = t.type(
  { success: t.boolean, message: t.string, appointmentId: t.string },
  'StaffAppointmentOverrideResponse',
);
export type StaffAppointmentOverrideResponse = t.TypeOf<typeof StaffAppointmentOverrideResponse>;

/** POST /api/staff/patient-record (bearer). */
export const StaffPatientRecordRequest = form('StaffPatientRecordRequest', {
  patientId: athenaPatientId('Patient ID is required'),
});
export type StaffPatientRecordRequest = t.TypeOf<typeof StaffPatientRecordRequest>;

const FilingStatus = literalUnion(['not_signed', 'not_submitted', 'processing', 'uploaded', 'failed'], 'FilingStatus');

/** One signed (or still unsigned) document of an enrollment and where its chart filing stands. */
export const StaffPatientDocument = t.type(
  {
    enrollmentId: t.string,
    documentType: literalUnion(['membership_agreement', 'privacy_practices'], 'ChartDocumentType'),
    signed: t.boolean,
    filing: FilingStatus,
    uploadAttempts: t.number,
    lastAttemptError: nullable(t.string),
    updatedAt: nullable(t.string),
  },
  'StaffPatientDocument',
);
export type StaffPatientDocument = t.TypeOf<typeof StaffPatientDocument>;

/**
 * POST /api/staff/patient-record: the patient's enrollments, documents (and what is still to file
 * by hand), Stripe subscriptions and upcoming appointments, in one answer.
 */
export const StaffPatientRecordResponse = t.type(
  {
    patientId: t.string,
    enrollments: t.array(
      t.type({
        id: t.string,
        status: t.string,
        membershipTier: t.string,
        department: nullable(t.string),
        createdAt: t.string,
        updatedAt: t.string,
        membershipStartDate: nullable(t.string),
        membershipEndDate: nullable(t.string),
        stripeSubscriptionId: nullable(t.string),
      }),
    ),
    documents: t.array(StaffPatientDocument),
    documentsToFile: t.array(StaffPatientDocument),
    subscriptions: t.array(
      t.type({
        id: t.string,
        status: t.string,
        displayStatus: t.string,
        tier: nullable(t.string),
        cancelAtPeriodEnd: t.boolean,
        currentPeriodEnd: nullable(t.string),
      }),
    ),
    subscriptionsUnavailable: t.boolean,
    appointments: t.array(
      t.type({
        appointmentId: t.string,
        date: t.string,
        startTime: t.string,
        appointmentType: nullable(t.string),
        appointmentTypeId: nullable(t.string),
        departmentId: nullable(t.string),
        providerId: nullable(t.string),
        insideCutoff: t.boolean,
      }),
    ),
    appointmentsUnavailable: t.boolean,
  },
  'StaffPatientRecordResponse',
);
export type StaffPatientRecordResponse = t.TypeOf<typeof StaffPatientRecordResponse>;
