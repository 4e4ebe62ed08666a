/**
 * Enrollment requests and answers (enrollment-and-payment §3, §5, §7).
 *
 * The enrollment form carries every rule of §5 "Enrollment form": patient fields, the new vs
 * existing patient rules, guardian signing and the (retained) insurance rules. Fields that do
 * not apply are dropped from the decoded value, so the server never acts on them: new-patient
 * fields (full SSN, sex, emergency contact, preferred provider) for existing patients, the last
 * four SSN digits for new patients, the guardian block unless a guardian signs.
 */
import * as t from 'io-ts';
import { ENROLLMENT_STATUSES, INVALID_DATE_OF_BIRTH_MESSAGE, OFFICE_ENROLLMENT_REQUIRED_MESSAGE, TIER_CODES } from '@portal/core';
import {
  EMERGENCY_CONTACT_RELATIONSHIPS,
  INSURED_RELATIONSHIP_IDS,
  PATIENT_STATUSES,
  RELATIONSHIP_IDS,
  SELF_RELATIONSHIP_ID,
  SEXES,
} from './reference.ts';
import {
  athenaPatientId,
  calendarDate,
  calendarDateChecks,
  departmentId,
  digitsOnlyPhoneChecks,
  emailAddress,
  emailChecks,
  medicareStatus,
  membershipTier,
  isAthenaId,
  optionalId,
  optionalPersonName,
  personName,
  phoneNumber,
  signingDocumentId,
  stateChecks,
  streetAddress,
  stateCode,
  toUsDate,
  zipChecks,
  zipCode,
} from './fields.ts';
import {
  always,
  check,
  flag,
  form,
  literalUnion,
  matches,
  normalize,
  nullable,
  oneOf,
  optionalOneOf,
  optionalText,
  requiredText,
  TEXT_LIMITS,
  when,
} from './validation.ts';
import type { FormRule, FormType } from './validation.ts';

export const PatientStatusCodec = literalUnion(PATIENT_STATUSES, 'PatientStatus');
export const TierCodeCodec = literalUnion(TIER_CODES, 'TierCode');
export const EnrollmentStatusCodec = literalUnion(ENROLLMENT_STATUSES, 'EnrollmentStatus');

const ssnWithoutSeparators = (value: string): string => value.replace(/[\s-]/g, '');

// ---------------------------------------------------------------------------------------------
// The enrollment form (§3 "Enrollment form fields", §5 "Enrollment form")

export const enrollmentFormProps = {
  // Patient
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  patientStatus: oneOf(PATIENT_STATUSES, 'Patient status is required', 'Patient status must be existing or new'),
  dateOfBirth: calendarDate('Date of birth is required', INVALID_DATE_OF_BIRTH_MESSAGE),
  email: emailAddress('Email is required', 'Invalid email address'),
  phone: phoneNumber(),
  address1: streetAddress('Street address is required'),
  address2: optionalText({ maxLength: TEXT_LIMITS.address }),
  city: requiredText('City is required', { maxLength: TEXT_LIMITS.name }),
  state: stateCode('State is required', 'State must be 2 characters'),
  zipCode: zipCode('ZIP code is required', 'Invalid ZIP code format'),
  lastFourSSN: optionalText({ acceptNumber: true, label: 'Last 4 digits of SSN', maxLength: 4, tooLongMessage: 'Last 4 digits of SSN must be exactly 4 numbers' }),
  fullSSN: optionalText({ normalize: ssnWithoutSeparators, label: 'SSN', maxLength: 16, tooLongMessage: 'SSN must be exactly 9 digits' }),
  sex: optionalOneOf(SEXES, 'Sex must be M or F'),
  emergencyContactName: optionalPersonName('Emergency contact name'),
  emergencyContactPhone: optionalText({ normalize: normalize.withoutFormatting, maxLength: 32 }),
  contactrelationship: optionalText({
    normalize: normalize.upper,
    label: 'Emergency contact relationship',
    maxLength: 32,
    tooLongMessage: 'Please select a valid emergency contact relationship',
  }),
  department: departmentId('Please select a practice location'),
  preferredProvider: optionalId({
    label: 'Preferred provider',
    tooLongMessage: 'Please select a valid preferred provider',
    checks: [check(isAthenaId, 'Please select a valid preferred provider')],
  }),
  membershipTier: membershipTier(),
  hasMedicareInsurance: medicareStatus(),
  isGuardianSigning: flag(false, 'Guardian signing must be true or false'),
  copyGuardianAddress: flag(false, 'Copy guardian address must be true or false'),
  // Caregiver (checked by the guardian rules only when a guardian signs)
  guardianFirstName: optionalPersonName(),
  guardianLastName: optionalPersonName(),
  guardianPhone: optionalText({ normalize: normalize.withoutFormatting, maxLength: 32 }),
  guardianEmail: optionalText({ maxLength: TEXT_LIMITS.email }),
  guardianDateOfBirth: optionalText({ normalize: toUsDate, maxLength: 32, tooLongMessage: 'Please enter a valid guardian date of birth (MM/DD/YYYY).' }),
  guardianAddress1: optionalText({ normalize: normalize.beforeComma, maxLength: TEXT_LIMITS.address }),
  guardianAddress2: optionalText({ maxLength: TEXT_LIMITS.address }),
  guardianCity: optionalText({ maxLength: TEXT_LIMITS.name }),
  guardianState: optionalText({ normalize: normalize.upper, maxLength: 2, tooLongMessage: 'Guardian state must be 2 characters' }),
  guardianZipCode: optionalText({ normalize: normalize.zip, maxLength: 10, tooLongMessage: 'Invalid guardian ZIP code format' }),
  guardianRelationshipToPatient: optionalId({ tooLongMessage: 'Please select a valid relationship to patient' }),
  // Insurance (retained in the form schema; no longer collected online)
  insuranceCarrier: optionalText(),
  insurancePlan: optionalText({ acceptNumber: true }),
  insuranceGroupNumber: optionalText({ acceptNumber: true }),
  insurancePolicyId: optionalText({ acceptNumber: true }),
  relationshipToInsured: optionalId({ tooLongMessage: 'Please select a valid relationship to insured' }),
  insuredFirstName: optionalPersonName(),
  insuredLastName: optionalPersonName(),
  insuredSex: optionalOneOf(SEXES, 'Insured sex must be M or F'),
  insuredDateOfBirth: optionalText({ normalize: toUsDate, maxLength: 32, tooLongMessage: 'Please enter a valid insured date of birth (MM/DD/YYYY).' }),
  provideInsuranceAtVisit: flag(false, 'Provide insurance at visit must be true or false'),
  cannotFindInsurancePlan: flag(false, 'Cannot find insurance plan must be true or false'),
};

type EnrollmentFormFields = FormType<typeof enrollmentFormProps>;

const isMedicaid = (value: string): boolean => value === 'medicaid' || value === 'both';

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

const insuranceProvided = (v: Partial<EnrollmentFormFields>): boolean =>
  v.provideInsuranceAtVisit !== true &&
  [v.insuranceCarrier, v.insurancePlan, v.insuranceGroupNumber, v.insurancePolicyId, v.relationshipToInsured].some(hasText);

/** The §5 rules that depend on other fields, in the order the spec lists them. */
export const enrollmentFormRules: ReadonlyArray<FormRule<EnrollmentFormFields>> = [
  // Eligibility: Medicaid participants enroll at the office.
  always<EnrollmentFormFields>({
    field: 'hasMedicareInsurance',
    checks: [check((value) => !isMedicaid(value), OFFICE_ENROLLMENT_REQUIRED_MESSAGE)],
  }),
  when<EnrollmentFormFields>(
    (v) => v.patientStatus === 'new',
    {
      field: 'fullSSN',
      required: 'Full SSN is required for new patients',
      checks: [matches(/^\d{9}$/, 'SSN must be exactly 9 digits')],
    },
    { field: 'emergencyContactName', required: 'Emergency contact name is required for new patients' },
    {
      field: 'emergencyContactPhone',
      required: 'Emergency contact phone is required for new patients',
      checks: digitsOnlyPhoneChecks(
        'Emergency contact phone must be at least 10 digits',
        'Emergency contact phone must contain only digits',
      ),
    },
    {
      field: 'contactrelationship',
      required: 'Emergency contact relationship is required for new patients',
      checks: [
        check(
          (value) => (EMERGENCY_CONTACT_RELATIONSHIPS as ReadonlyArray<string>).includes(value),
          'Please select a valid emergency contact relationship',
        ),
      ],
    },
  ),
  when<EnrollmentFormFields>((v) => v.patientStatus === 'existing', {
    field: 'lastFourSSN',
    required: 'Last 4 digits of SSN is required for existing patients',
    checks: [matches(/^\d{4}$/, 'Last 4 digits of SSN must be exactly 4 numbers')],
  }),
  when<EnrollmentFormFields>(
    (v) => v.isGuardianSigning === true,
    { field: 'guardianFirstName', required: 'Guardian first name is required when signing as guardian' },
    { field: 'guardianLastName', required: 'Guardian last name is required when signing as guardian' },
    {
      field: 'guardianPhone',
      required: 'Guardian phone is required when signing as guardian',
      checks: digitsOnlyPhoneChecks('Guardian phone must be at least 10 digits', 'Guardian phone must contain only digits'),
    },
    {
      field: 'guardianEmail',
      required: 'Guardian email is required when signing as guardian',
      checks: emailChecks('Invalid guardian email address'),
    },
    {
      field: 'guardianDateOfBirth',
      required: 'Guardian date of birth is required when signing as guardian',
      checks: calendarDateChecks('Please enter a valid guardian date of birth (MM/DD/YYYY).'),
    },
    { field: 'guardianAddress1', required: 'Guardian street address is required when signing as guardian' },
    { field: 'guardianCity', required: 'Guardian city is required when signing as guardian' },
    {
      field: 'guardianState',
      required: 'Guardian state is required when signing as guardian',
      checks: stateChecks('Guardian state must be 2 characters'),
    },
    {
      field: 'guardianZipCode',
      required: 'Guardian ZIP code is required when signing as guardian',
      checks: zipChecks('Invalid guardian ZIP code format'),
    },
    {
      field: 'guardianRelationshipToPatient',
      required: 'Relationship to patient is required when signing as guardian',
      checks: [
        check((value) => (RELATIONSHIP_IDS as ReadonlyArray<string>).includes(value), 'Please select a valid relationship to patient'),
      ],
    },
  ),
  when<EnrollmentFormFields>(
    insuranceProvided,
    { field: 'insuranceCarrier', required: 'Insurance carrier is required when insurance information is provided' },
    { field: 'insurancePlan', required: 'Insurance plan is required when insurance information is provided' },
    { field: 'insuranceGroupNumber', required: 'Group number is required when insurance information is provided' },
    { field: 'insurancePolicyId', required: 'Policy ID is required when insurance information is provided' },
    {
      field: 'relationshipToInsured',
      required: 'Relationship to insured is required when insurance information is provided',
      checks: [check((value) => INSURED_RELATIONSHIP_IDS.includes(value), 'Please select a valid relationship to insured')],
    },
  ),
  when<EnrollmentFormFields>(
    (v) => insuranceProvided(v) && hasText(v.relationshipToInsured) && v.relationshipToInsured !== SELF_RELATIONSHIP_ID,
    { field: 'insuredFirstName', required: 'Insured first name is required when patient is not the insured' },
    { field: 'insuredLastName', required: 'Insured last name is required when patient is not the insured' },
    { field: 'insuredSex', required: 'Insured sex is required when patient is not the insured' },
    {
      field: 'insuredDateOfBirth',
      required: 'Insured date of birth is required when patient is not the insured',
      checks: calendarDateChecks('Please enter a valid insured date of birth (MM/DD/YYYY).'),
    },
  ),
];

const NEW_PATIENT_ONLY = [
  'fullSSN',
  'sex',
  'emergencyContactName',
  'emergencyContactPhone',
  'contactrelationship',
  'preferredProvider',
] as const;
const EXISTING_PATIENT_ONLY = ['lastFourSSN'] as const;
const GUARDIAN_FIELDS = [
  'guardianFirstName',
  'guardianLastName',
  'guardianPhone',
  'guardianEmail',
  'guardianDateOfBirth',
  'guardianAddress1',
  'guardianAddress2',
  'guardianCity',
  'guardianState',
  'guardianZipCode',
  'guardianRelationshipToPatient',
] as const;

/** Drops what does not apply (switching to existing clears the emergency contact, §5). */
export const dropInapplicableEnrollmentFields = <T extends EnrollmentFormFields>(value: T): T => {
  const out: Record<string, unknown> = { ...value };
  const drop = [
    ...(value.patientStatus === 'existing' ? NEW_PATIENT_ONLY : EXISTING_PATIENT_ONLY),
    ...(value.isGuardianSigning ? [] : GUARDIAN_FIELDS),
  ];
  for (const key of drop) delete out[key];
  return out as T;
};

/** The guest enrollment form (patient info step) with every rule of §5. */
export const EnrollmentForm = form('EnrollmentForm', enrollmentFormProps, {
  rules: enrollmentFormRules,
  finalize: dropInapplicableEnrollmentFields,
});
export type EnrollmentForm = t.TypeOf<typeof EnrollmentForm>;

/**
 * POST /api/enrollments: the form plus the guest's verification token. `email` and `phone` are
 * the verified values, or the patient's own when a caregiver signs (the verified ones are then in
 * guardianEmail and guardianPhone).
 */
export const createEnrollmentRequestProps = {
  ...enrollmentFormProps,
  verificationToken: requiredText('Verification token is required', { maxLength: TEXT_LIMITS.token }),
};
export const CreateEnrollmentRequest = form('CreateEnrollmentRequest', createEnrollmentRequestProps, {
  rules: enrollmentFormRules,
  finalize: dropInapplicableEnrollmentFields,
});
export type CreateEnrollmentRequest = t.TypeOf<typeof CreateEnrollmentRequest>;

/** POST /api/enrollments/oauth (provider-login tier step). */
export const CreateOAuthEnrollmentRequest = form('CreateOAuthEnrollmentRequest', {
  patientId: athenaPatientId('Patient ID is required'),
  practiceLocation: departmentId('Practice location required'),
  membershipTier: membershipTier(),
});
export type CreateOAuthEnrollmentRequest = t.TypeOf<typeof CreateOAuthEnrollmentRequest>;

/** The membership-change payload of §5 "Other payloads". */
export const MembershipChangePayload = form('MembershipChangePayload', {
  membershipTier: membershipTier(),
  department: departmentId('Practice location required'),
  patientId: athenaPatientId('Patient ID is required'),
});
export type MembershipChangePayload = t.TypeOf<typeof MembershipChangePayload>;

/** The second payload of §5 "Other payloads": department and patientId. */
export const PatientLocationPayload = form('PatientLocationPayload', {
  department: departmentId('Practice location required'),
  patientId: athenaPatientId('Patient ID is required'),
});
export type PatientLocationPayload = t.TypeOf<typeof PatientLocationPayload>;

/** Session-start payloads: patient status, department, guardian flag and tier; optional sessionToken and guestHash. */
export const EnrollmentSessionStart = form('EnrollmentSessionStart', {
  patientStatus: oneOf(PATIENT_STATUSES, 'Patient status is required', 'Patient status must be existing or new'),
  department: departmentId('Practice location required'),
  isGuardianSigning: flag(false, 'Guardian signing must be true or false'),
  membershipTier: membershipTier(),
  sessionToken: optionalText({ maxLength: TEXT_LIMITS.token }),
  guestHash: optionalText({ maxLength: 128 }),
});
export type EnrollmentSessionStart = t.TypeOf<typeof EnrollmentSessionStart>;

/** The tier form (§5 Eligibility "Tier step"). */
export const TierForm = form('TierForm', { membershipTier: membershipTier() });
export type TierForm = t.TypeOf<typeof TierForm>;

/** The practice location form of the enrollment flow (a location and who the enrollment is for). */
export const PracticeLocationForm = form('PracticeLocationForm', {
  practiceLocation: departmentId('Please select a practice location'),
  selectedContact: athenaPatientId('Please select who this enrollment is for', 'Invalid patient contact', 'Selected contact'),
});
export type PracticeLocationForm = t.TypeOf<typeof PracticeLocationForm>;

/** POST /api/enrollments/{id}/signature and /privacy-signature. */
export const SignatureRequest = form('SignatureRequest', { documentId: signingDocumentId('Document ID is required') });
export type SignatureRequest = t.TypeOf<typeof SignatureRequest>;
export const PrivacySignatureRequest = form('PrivacySignatureRequest', {
  documentId: signingDocumentId('Document ID is required'),
});
export type PrivacySignatureRequest = t.TypeOf<typeof PrivacySignatureRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

/** POST /api/enrollments and /api/enrollments/oauth: `status` is 'declined' for a decline tier (the screen then confirms the declination). */
export const CreateEnrollmentResponse = t.intersection(
  [t.type({ id: t.string }), t.partial({ status: EnrollmentStatusCodec })],
  'CreateEnrollmentResponse',
);
export type CreateEnrollmentResponse = t.TypeOf<typeof CreateEnrollmentResponse>;

/** GET /api/enrollments/{id}: the enrollment record as read (§3). Dates are ISO 8601 strings. */
export const EnrollmentRecord = t.intersection(
  [
    t.type({
      id: t.string,
      status: EnrollmentStatusCodec,
      membershipTier: TierCodeCodec,
      createdAt: t.string,
    }),
    t.partial({
      updatedAt: nullable(t.string),
      patientStatus: nullable(PatientStatusCodec),
      signwellDocumentId: nullable(t.string),
      privacyPracticesDocumentId: nullable(t.string),
      isGuardianSigning: t.boolean,
      firstName: nullable(t.string),
      lastName: nullable(t.string),
      email: nullable(t.string),
      hasBillingEmail: t.boolean,
      billingEmail: nullable(t.string),
      originalPatientEmail: nullable(t.string),
      stripeSubscriptionId: nullable(t.string),
      membershipStartDate: nullable(t.string),
      membershipEndDate: nullable(t.string),
    }),
  ],
  'EnrollmentRecord',
);
export type EnrollmentRecord = t.TypeOf<typeof EnrollmentRecord>;

/**
 * GET /api/enrollments/{id}/complete (confirmation step; the spec does not show it): the record
 * with the payment's receipt URL, and the invoice number 'INV-' + last 8 characters of the id.
 */
export const EnrollmentCompleteResponse = t.type(
  { enrollment: t.intersection([EnrollmentRecord, t.partial({ receiptUrl: nullable(t.string) })]), invoiceNumber: t.string },
  'EnrollmentCompleteResponse',
);
export type EnrollmentCompleteResponse = t.TypeOf<typeof EnrollmentCompleteResponse>;

/** POST /api/enrollments/{id}/create-document and /create-privacy-document. */
export const CreateDocumentResponse = t.intersection(
  [
    t.type({ embeddedUrl: t.string }),
    // bodyLocale (issue 26): the language of the document's body, so a Spanish page can say before signing that it is English.
    t.partial({ documentId: t.string, bodyLocale: t.union([t.literal('en-US'), t.literal('es-US')]) }),
  ],
  'CreateDocumentResponse',
);
export type CreateDocumentResponse = t.TypeOf<typeof CreateDocumentResponse>;

/** GET /api/signwell/verify-completion/{documentId}. */
export const VerifyCompletionResponse = t.type({ isComplete: t.boolean }, 'VerifyCompletionResponse');
export type VerifyCompletionResponse = t.TypeOf<typeof VerifyCompletionResponse>;

/** Where the signed PDF's filing into the chart stands. */
export const DocumentUploadStatusCodec = literalUnion(['processing', 'uploaded', 'failed'] as const, 'DocumentUploadStatus');
export type DocumentUploadStatus = t.TypeOf<typeof DocumentUploadStatusCodec>;

/**
 * POST /api/enrollments/{id}/signature and /privacy-signature (not shown by the spec): the new
 * status, whether the privacy notice is next (new patients), `declined` when the signer declined
 * in SignWell, and `upload`: the chart filing ('processing' → ask again; 'uploaded' → done).
 * Repeating the call is safe: it files the document once and answers where the filing stands.
 * A filing that failed after the last retry answers 502 with UploadFailureResponse (critical).
 */
export const SignatureResponse = t.intersection(
  [
    t.type({ status: EnrollmentStatusCodec }),
    t.partial({
      requiresPrivacyPractices: t.boolean,
      declined: t.boolean,
      message: t.string,
      upload: DocumentUploadStatusCodec,
    }),
  ],
  'SignatureResponse',
);
export type SignatureResponse = t.TypeOf<typeof SignatureResponse>;

/** The body of a failed document upload; `critical` picks the 'Critical Document Error' message. */
export const UploadFailureResponse = t.type({ message: t.string, critical: t.boolean }, 'UploadFailureResponse');
export type UploadFailureResponse = t.TypeOf<typeof UploadFailureResponse>;
