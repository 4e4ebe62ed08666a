/**
 * Security finding 5: every string of every request codec has a length limit and refuses control
 * characters (C0 with NUL, DEL, C1, line separators, bidi overrides, lone surrogates), with a
 * message naming the field; ids of a known shape are checked for it.
 */
import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import {
  BookAppointmentRequest,
  BookingPatientForm,
  CheckEmailSessionRequest,
  CreateEnrollmentRequest,
  CreateOAuthEnrollmentRequest,
  EnrollmentSessionStart,
  GuestEnrollmentVerification,
  MembershipChangePayload,
  PatientLocationPayload,
  PayInvoiceRequest,
  PracticeLocationForm,
  PrivacySignatureRequest,
  RecordPaymentRequest,
  RescheduleAppointmentRequest,
  SendEmailOtpRequest,
  SignatureRequest,
  StaffCreateSubscriptionRequest,
  StaffPatientSearchRequest,
  StaffSendOtpRequest,
  StaffPayInvoiceRequest,
  StaffVerifyOtpRequest,
  StaffVerifySessionRequest,
  UpdateSessionRequest,
  VerificationTokenHeader,
  VerifyEmailOtpRequest,
  VerifyPhoneRequest,
  BillingEmailForm,
  decodeBody,
  hasForbiddenCharacters,
  isAthenaId,
  isStripeId,
  isUuid,
  labelOfKey,
  requiredText,
  form,
  optionalText,
} from './index.ts';
import { expectOnlyError, expectValid } from './test-support.ts';

const UUID = '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b';
const TOKEN = `verified_${'a'.repeat(40)}.${'b'.repeat(43)}`;

const newPatient = {
  patientStatus: 'new',
  firstName: 'Avery',
  lastName: 'Lindqvist',
  dateOfBirth: '1988-05-14',
  email: 'avery@example.com',
  phone: '4015550199',
  address1: '12 Elm Street',
  address2: 'Apt 3',
  city: 'Lincoln',
  state: 'RI',
  zipCode: '02865',
  fullSSN: '900-99-0417',
  sex: 'F',
  emergencyContactName: 'Sam Lindqvist',
  emergencyContactPhone: '4015550123',
  contactrelationship: 'SPOUSE',
  department: '1',
  preferredProvider: '15',
  membershipTier: '70_biannual',
  hasMedicareInsurance: 'no',
  verificationToken: TOKEN,
};

const existingWithGuardian = {
  patientStatus: 'existing',
  firstName: 'Harold',
  lastName: 'Bennett',
  dateOfBirth: '03/02/1942',
  email: 'harold@example.com',
  phone: '4015550105',
  address1: '25 Cherry Hill Road',
  city: 'Johnston',
  state: 'RI',
  zipCode: '02919',
  lastFourSSN: '8407',
  department: '8',
  membershipTier: '120_annual',
  hasMedicareInsurance: 'medicare',
  isGuardianSigning: true,
  guardianFirstName: 'Carol',
  guardianLastName: 'Bennett',
  guardianPhone: '4015550104',
  guardianEmail: 'carol@example.com',
  guardianDateOfBirth: '1968-01-20',
  guardianAddress1: '25 Cherry Hill Road',
  guardianAddress2: 'Unit 1',
  guardianCity: 'Johnston',
  guardianState: 'RI',
  guardianZipCode: '02919',
  guardianRelationshipToPatient: '18',
  insuranceCarrier: 'Blue Cross',
  insurancePlan: 'PPO',
  insuranceGroupNumber: 'G-1',
  insurancePolicyId: 'P-1',
  relationshipToInsured: '2',
  insuredFirstName: 'Carol',
  insuredLastName: 'Bennett',
  insuredSex: 'F',
  insuredDateOfBirth: '1968-01-20',
  verificationToken: TOKEN,
};

/** Every request codec with a body it accepts: each of its strings is then spoiled in turn. */
const REQUESTS: ReadonlyArray<readonly [string, t.Decoder<unknown, unknown>, Record<string, unknown>]> = [
  ['CreateEnrollmentRequest (new patient)', CreateEnrollmentRequest, newPatient],
  ['CreateEnrollmentRequest (existing, guardian, insurance)', CreateEnrollmentRequest, existingWithGuardian],
  ['CreateOAuthEnrollmentRequest', CreateOAuthEnrollmentRequest, { patientId: '5101', practiceLocation: '1', membershipTier: '120_annual' }],
  ['MembershipChangePayload', MembershipChangePayload, { membershipTier: '120_annual', department: '1', patientId: '5101' }],
  ['PatientLocationPayload', PatientLocationPayload, { department: '2', patientId: '5102' }],
  ['EnrollmentSessionStart', EnrollmentSessionStart, { patientStatus: 'new', department: '1', membershipTier: '120_annual', sessionToken: 'abc', guestHash: 'f00d' }],
  ['PracticeLocationForm', PracticeLocationForm, { practiceLocation: '1', selectedContact: '5105' }],
  ['SignatureRequest', SignatureRequest, { documentId: UUID }],
  ['PrivacySignatureRequest', PrivacySignatureRequest, { documentId: UUID }],
  ['UpdateSessionRequest (billing)', UpdateSessionRequest, { billingEmail: 'billing@example.com' }],
  ['UpdateSessionRequest (location)', UpdateSessionRequest, { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'no' }],
  ['UpdateSessionRequest (contact)', UpdateSessionRequest, { practiceLocation: '1', workflowType: 'enrollment', selectedContactId: '5105', selectedContactType: 'caregiver' }],
  ['PayInvoiceRequest', PayInvoiceRequest, { invoiceId: 'in_1Abc', paymentMethodId: 'pm_1Abc', subscriptionId: 'sub_1Abc' }],
  ['StaffPayInvoiceRequest', StaffPayInvoiceRequest, { invoiceId: 'in_1Abc', paymentMethodId: 'pm_1Abc', subscriptionId: 'sub_1Abc' }],
  ['RecordPaymentRequest', RecordPaymentRequest, { billingEmail: 'billing@example.com', paymentMethodId: 'pm_1Abc' }],
  ['BillingEmailForm', BillingEmailForm, { useDifferentBillingEmail: true, billingEmail: 'billing@example.com' }],
  ['SendEmailOtpRequest', SendEmailOtpRequest, { email: 'guest@example.com', 'cf-turnstile-response': 'token' }],
  ['VerifyEmailOtpRequest', VerifyEmailOtpRequest, { email: 'guest@example.com', code: '123456' }],
  ['CheckEmailSessionRequest', CheckEmailSessionRequest, { email: 'guest@example.com' }],
  ['VerifyPhoneRequest', VerifyPhoneRequest, { emailSessionToken: 'es_abc.def', firebaseIdToken: 'a.b.c', phone: '4015550199' }],
  ['GuestEnrollmentVerification', GuestEnrollmentVerification, { dualVerificationToken: TOKEN, verifiedEmail: 'guest@example.com', verifiedPhone: '+14015550199' }],
  ['StaffSendOtpRequest', StaffSendOtpRequest, { email: 'nurse@practice.example', 'cf-turnstile-response': 'token' }],
  ['StaffVerifyOtpRequest', StaffVerifyOtpRequest, { sessionToken: 'a'.repeat(43), otpCode: '123456' }],
  ['StaffVerifySessionRequest', StaffVerifySessionRequest, { email: 'nurse@practice.example' }],
  ['StaffPatientSearchRequest', StaffPatientSearchRequest, { firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' }],
  [
    'StaffCreateSubscriptionRequest',
    StaffCreateSubscriptionRequest,
    {
      patientId: '5101',
      membershipTier: '120_annual',
      email: 'margaret@example.com',
      address: { line1: '1 Main Street', line2: 'Suite 2', city: 'Lincoln', state: 'RI', postalCode: '02865' },
      paymentMethod: 'card',
      patientName: 'Margaret Sullivan',
      department: '1',
    },
  ],
  ['BookAppointmentRequest', BookAppointmentRequest, { providerId: '15', appointmentId: '1234', appointmentDate: '12/01/2026', appointmentTime: '09:30', appointmentTypeId: '2' }],
  [
    'RescheduleAppointmentRequest',
    RescheduleAppointmentRequest,
    { providerId: '15', appointmentId: '1234', appointmentDate: '12/01/2026', appointmentTime: '09:30', appointmentTypeId: '2', existingAppointmentId: '999', providerName: 'Sarah Chen' },
  ],
  [
    'BookingPatientForm',
    BookingPatientForm,
    {
      isGuardianSigning: true,
      guardianFirstName: 'Carol',
      guardianLastName: 'Bennett',
      guardianPhone: '4015550104',
      guardianEmail: 'carol@example.com',
      guardianRelationshipToPatient: 'spouse',
      firstName: 'Harold',
      lastName: 'Bennett',
      dateOfBirth: '1942-03-02',
      email: 'harold@example.com',
      phone: '4015550105',
      zipCode: '02919',
      lastFourSSN: '8407',
      patientStatus: 'existing',
      department: '8',
      appointmentType: '2',
    },
  ],
];

/** Dotted paths of every string in a body ('address.city'). */
const stringPaths = (value: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, entry]) =>
    typeof entry === 'string' ? [`${prefix}${key}`] : entry !== null && typeof entry === 'object' ? stringPaths(entry as Record<string, unknown>, `${prefix}${key}.`) : [],
  );

const withValue = (body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> => {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: withValue(body[head!] as Record<string, unknown>, rest.join('.'), value) };
};

const errorsOf = (codec: t.Decoder<unknown, unknown>, input: unknown) => {
  const result = decodeBody(codec, input);
  return E.isLeft(result) ? result.left.errors : [];
};

describe('every string of every request codec', () => {
  it.each(REQUESTS)('%s: the valid body decodes', (_name, codec, body) => {
    expectValid(codec, body);
  });

  const spoilers: ReadonlyArray<readonly [string, (value: string) => string]> = [
    ['a NUL', (value) => `${value}\u0000${value}`],
    ['an escape character', (value) => `${value}\u001b[2J`],
    ['DEL', (value) => `${value}\u007f`],
    ['a C1 control', (value) => `${value}\u0085${value}`],
    ['a lone surrogate', (value) => `${value}\ud800`],
    ['a right-to-left override', (value) => `\u202e${value}`],
    ['a line separator inside', (value) => `${value}\u2028${value}`],
    ['300 000 characters', (value) => `${value}${'9'.repeat(300_000)}`],
    ['10 000 characters', (value) => `${'x'.repeat(10_000)}${value}`],
  ];

  it.each(REQUESTS)('%s: each string with a control character or far too long is refused at its own field', (_name, codec, body) => {
    for (const path of stringPaths(body)) {
      for (const [what, spoil] of spoilers) {
        const errors = errorsOf(codec, withValue(body, path, spoil(String(path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body)))));
        expect({ path, what, fields: errors.map((error) => error.field) }).toEqual({ path, what, fields: [path] });
        expect(errors[0]!.message.length).toBeGreaterThan(0);
        expect(errors[0]!.message).not.toMatch(/\u0000|9{50}/);
      }
    }
  });
});

describe('messages', () => {
  const Form = form('Form', {
    firstName: requiredText('First name is required', { maxLength: 5 }),
    guardianAddress2: optionalText({ maxLength: 5 }),
    code: requiredText('Code is required', { maxLength: 6, tooLongMessage: 'Code must be 6 digits' }),
    token: optionalText({ unsafeMessage: 'Authentication Error' }),
  });
  const valid = { firstName: 'Ann', code: '123456' };

  it('name the field from its required message, else from its key', () => {
    expectOnlyError(Form, { ...valid, firstName: 'Annabelle' }, 'firstName', 'First name is too long (at most 5 characters)');
    expectOnlyError(Form, { ...valid, firstName: 'A\u0000n' }, 'firstName', 'First name contains characters that are not allowed');
    expectOnlyError(Form, { ...valid, guardianAddress2: 'Unit 12' }, 'guardianAddress2', 'Guardian address 2 is too long (at most 5 characters)');
    expectOnlyError(Form, { ...valid, guardianAddress2: 'U\u0007' }, 'guardianAddress2', 'Guardian address 2 contains characters that are not allowed');
  });

  it("use the spec's message for a field that has one", () => {
    expectOnlyError(Form, { ...valid, code: '1234567' }, 'code', 'Code must be 6 digits');
    expectOnlyError(Form, { ...valid, token: 'x\u0000' }, 'token', 'Authentication Error');
    expectOnlyError(Form, { ...valid, token: 'x'.repeat(300) }, 'token', 'Authentication Error');
    expectOnlyError(CreateOAuthEnrollmentRequest, { patientId: '9'.repeat(5_000), practiceLocation: '1', membershipTier: '120_annual' }, 'patientId', 'Invalid patient ID');
    expectOnlyError(SignatureRequest, { documentId: `${UUID}${'0'.repeat(300_000)}` }, 'documentId', 'Invalid document ID');
    expectOnlyError(
      PayInvoiceRequest,
      { invoiceId: 'in_1', paymentMethodId: `pm_${'a'.repeat(300)}`, subscriptionId: 'sub_1' },
      'paymentMethodId',
      'Invalid payment method. Please enter your card again.',
    );
    expectOnlyError(VerificationTokenHeader, `${TOKEN}\u0000`, '', 'Authentication Error');
    expect(errorsOf(CreateEnrollmentRequest, { ...newPatient, state: 'R'.repeat(300) })).toEqual([{ field: 'state', message: 'State must be 2 characters' }]);
    expect(errorsOf(CreateEnrollmentRequest, { ...newPatient, email: `${'a'.repeat(250)}@example.com` })).toEqual([
      { field: 'email', message: 'Email is too long (at most 254 characters)' },
    ]);
  });

  it('still say "required" for a blank field and still trim', () => {
    expectOnlyError(Form, { ...valid, firstName: '   ' }, 'firstName', 'First name is required');
    expect(expectValid(Form, { ...valid, firstName: '  Ann\t\n' })).toMatchObject({ firstName: 'Ann' });
  });

  it('labelOfKey makes a readable name', () => {
    expect(labelOfKey('guardianAddress2')).toBe('Guardian address 2');
    expect(labelOfKey('lastFourSSN')).toBe('Last four SSN');
    expect(labelOfKey('paymentMethodId')).toBe('Payment method ID');
    expect(labelOfKey('cf-turnstile-response')).toBe('Cf turnstile response');
    expect(labelOfKey('')).toBe('Value');
  });
});

describe('allowed and refused characters', () => {
  it.each(['Zoë Ångström-Nuñez', "O'Brien", '李小龍', 'محمد', 'Ψυχή', 'José María', '👩‍👩‍👧‍👦', '😀', 'Nguyễn', 'a\u200db'])('accepts %s', (name) => {
    expect(hasForbiddenCharacters(name)).toBe(false);
    expect(expectValid(CreateEnrollmentRequest, { ...newPatient, firstName: name })).toMatchObject({ firstName: name });
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['tab', '\t'],
    ['line feed', '\n'],
    ['DEL', '\u007f'],
    ['C1 NEL', '\u0085'],
    ['C1 end', '\u009f'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['right-to-left override', '\u202e'],
    ['first strong isolate', '\u2068'],
    ['byte order mark', '\ufeff'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', '\udfff'],
    ['reversed pair', '\udc00\ud800'],
  ])('refuses %s inside a value', (_name, character) => {
    expect(hasForbiddenCharacters(`a${character}b`)).toBe(true);
  });
});

describe('ids of a known shape', () => {
  it('athenahealth ids are digits', () => {
    expect(['5101', '1', '123456789012'].every(isAthenaId)).toBe(true);
    expect(['', 'abc', '-1', '5101 ', '1e3', '1234567890123', '٥١٠١'].some(isAthenaId)).toBe(false);
    expect(expectValid(CreateOAuthEnrollmentRequest, { patientId: 5101, practiceLocation: '1', membershipTier: '120_annual' })).toMatchObject({ patientId: '5101' });
    expectOnlyError(UpdateSessionRequest, { practiceLocation: '1', workflowType: 'enrollment', selectedContactId: 'p-1', selectedContactType: 'patient' }, 'selectedContactId', 'Invalid patient contact');
  });

  it('Stripe ids carry their prefix and at most 255 characters', () => {
    expect(isStripeId('pm_1Abc', ['pm'])).toBe(true);
    expect(isStripeId('pm_card_visa', ['pm'])).toBe(true);
    expect(isStripeId('sub_1Abc', ['pm'])).toBe(false);
    expect(isStripeId('pm_', ['pm'])).toBe(false);
    expect(isStripeId('pm_a-b', ['pm'])).toBe(false);
    expect(isStripeId(`pm_${'a'.repeat(253)}`, ['pm'])).toBe(false);
    expectOnlyError(PayInvoiceRequest, { invoiceId: 'sub_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1' }, 'invoiceId', 'Invalid invoice ID');
    expectOnlyError(PayInvoiceRequest, { invoiceId: 'in_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1\u0000' }, 'subscriptionId', 'Invalid subscription ID');
    expectOnlyError(PayInvoiceRequest, { invoiceId: 'in_1', paymentMethodId: '', subscriptionId: 'sub_1' }, 'paymentMethodId', 'Missing payment/invoice/subscription info to complete charge.');
  });

  it('SignWell document ids and enrollment ids are UUIDs', () => {
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(UUID.toUpperCase())).toBe(true);
    expect(isUuid(`${UUID}\u0000`)).toBe(false);
    expect(isUuid('1'.repeat(36))).toBe(false);
    expectOnlyError(PrivacySignatureRequest, { documentId: 'doc-1' }, 'documentId', 'Invalid document ID');
  });
});
