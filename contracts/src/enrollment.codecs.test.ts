import { describe, expect, it } from '@jest/globals';
import {
  CreateDocumentResponse,
  CreateEnrollmentRequest,
  CreateEnrollmentResponse,
  CreateOAuthEnrollmentRequest,
  EnrollmentCompleteResponse,
  EnrollmentForm,
  EnrollmentRecord,
  EnrollmentSessionStart,
  MembershipChangePayload,
  PatientLocationPayload,
  PracticeLocationForm,
  PrivacySignatureRequest,
  SignatureRequest,
  SignatureResponse,
  TierForm,
  UploadFailureResponse,
  VerifyCompletionResponse,
} from './enrollment.codecs.ts';
import * as E from 'fp-ts/lib/Either.js';
import { TIER_CODES } from '@portal/core';
import { decodeBody } from './validation.ts';
import { expectOnlyError, expectValid, without } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const existingPatient = {
  firstName: 'Ann',
  lastName: 'Lee',
  patientStatus: 'existing',
  dateOfBirth: '03/15/1980',
  email: 'ann@example.com',
  phone: '4015550101',
  address1: '1150 Smithfield Avenue',
  city: 'Lincoln',
  state: 'RI',
  zipCode: '02865',
  lastFourSSN: '1234',
  department: '1',
  membershipTier: '120_annual',
  hasMedicareInsurance: 'no',
};

const newPatient = {
  ...without(existingPatient, 'lastFourSSN'),
  patientStatus: 'new',
  fullSSN: '123456789',
  emergencyContactName: 'Bo Lee',
  emergencyContactPhone: '4015550102',
  contactrelationship: 'SPOUSE',
};

const guardian = {
  isGuardianSigning: true,
  guardianFirstName: 'Cy',
  guardianLastName: 'Lee',
  guardianPhone: '4015550103',
  guardianEmail: 'cy@example.com',
  guardianDateOfBirth: '01/02/1960',
  guardianAddress1: '25 Cherry Hill Road',
  guardianCity: 'Johnston',
  guardianState: 'RI',
  guardianZipCode: '02919',
  guardianRelationshipToPatient: '10',
};

const signingGuardian = { ...existingPatient, ...guardian };

const insurance = {
  insuranceCarrier: 'Blue Cross',
  insurancePlan: 'PPO 500',
  insuranceGroupNumber: 'G-100',
  insurancePolicyId: 'P-200',
  relationshipToInsured: '1',
};

const insuredOther = {
  ...existingPatient,
  ...insurance,
  relationshipToInsured: '2',
  insuredFirstName: 'Dee',
  insuredLastName: 'Lee',
  insuredSex: 'F',
  insuredDateOfBirth: '05/06/1978',
};

describe('EnrollmentForm: one test per message of enrollment-and-payment §5', () => {
  const cases: ReadonlyArray<MessageCase> = [
    // Eligibility
    [
      'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
      EnrollmentForm,
      { ...existingPatient, hasMedicareInsurance: 'medicaid' },
      'hasMedicareInsurance',
    ],
    // Patient fields
    ['First name is required', EnrollmentForm, without(existingPatient, 'firstName'), 'firstName'],
    ['Last name is required', EnrollmentForm, { ...existingPatient, lastName: '   ' }, 'lastName'],
    ['Date of birth is required', EnrollmentForm, { ...existingPatient, dateOfBirth: '' }, 'dateOfBirth'],
    ['Invalid email address', EnrollmentForm, { ...existingPatient, email: 'ann.example.com' }, 'email'],
    ['Patient status must be existing or new', EnrollmentForm, { ...existingPatient, patientStatus: 'returning' }, 'patientStatus'],
    ['Phone number is required', EnrollmentForm, without(existingPatient, 'phone'), 'phone'],
    ['Phone number must be at least 10 digits', EnrollmentForm, { ...existingPatient, phone: '(401) 555-010' }, 'phone'],
    ['Please enter a valid phone number', EnrollmentForm, { ...existingPatient, phone: '0401555010' }, 'phone'],
    ['Street address is required', EnrollmentForm, without(existingPatient, 'address1'), 'address1'],
    ['City is required', EnrollmentForm, { ...existingPatient, city: '' }, 'city'],
    ['State must be 2 characters', EnrollmentForm, { ...existingPatient, state: 'RIX' }, 'state'],
    ['Invalid ZIP code format', EnrollmentForm, { ...existingPatient, zipCode: '0286' }, 'zipCode'],
    ['Sex must be M or F', EnrollmentForm, { ...newPatient, sex: 'X' }, 'sex'],
    ['Invalid practice location', EnrollmentForm, { ...existingPatient, department: '3' }, 'department'],
    ['Invalid Medicare/Medicaid status', EnrollmentForm, { ...existingPatient, hasMedicareInsurance: 'unsure' }, 'hasMedicareInsurance'],
    ['Please select a membership tier', EnrollmentForm, { ...existingPatient, membershipTier: 'gold' }, 'membershipTier'],
    // New patients
    ['Full SSN is required for new patients', EnrollmentForm, without(newPatient, 'fullSSN'), 'fullSSN'],
    ['SSN must be exactly 9 digits', EnrollmentForm, { ...newPatient, fullSSN: '123-45-678' }, 'fullSSN'],
    [
      'Emergency contact name is required for new patients',
      EnrollmentForm,
      without(newPatient, 'emergencyContactName'),
      'emergencyContactName',
    ],
    [
      'Emergency contact phone is required for new patients',
      EnrollmentForm,
      { ...newPatient, emergencyContactPhone: '' },
      'emergencyContactPhone',
    ],
    [
      'Emergency contact phone must be at least 10 digits',
      EnrollmentForm,
      { ...newPatient, emergencyContactPhone: '401555010' },
      'emergencyContactPhone',
    ],
    [
      'Emergency contact phone must contain only digits',
      EnrollmentForm,
      { ...newPatient, emergencyContactPhone: '401555O102' },
      'emergencyContactPhone',
    ],
    [
      'Emergency contact relationship is required for new patients',
      EnrollmentForm,
      without(newPatient, 'contactrelationship'),
      'contactrelationship',
    ],
    // Existing patients
    [
      'Last 4 digits of SSN is required for existing patients',
      EnrollmentForm,
      without(existingPatient, 'lastFourSSN'),
      'lastFourSSN',
    ],
    ['Last 4 digits of SSN must be exactly 4 numbers', EnrollmentForm, { ...existingPatient, lastFourSSN: '123' }, 'lastFourSSN'],
    // Guardian signing
    [
      'Guardian first name is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianFirstName'),
      'guardianFirstName',
    ],
    [
      'Guardian last name is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianLastName'),
      'guardianLastName',
    ],
    [
      'Guardian phone is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianPhone'),
      'guardianPhone',
    ],
    ['Guardian phone must be at least 10 digits', EnrollmentForm, { ...signingGuardian, guardianPhone: '555-0103' }, 'guardianPhone'],
    ['Guardian phone must contain only digits', EnrollmentForm, { ...signingGuardian, guardianPhone: '401555010x' }, 'guardianPhone'],
    [
      'Guardian email is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianEmail'),
      'guardianEmail',
    ],
    ['Invalid guardian email address', EnrollmentForm, { ...signingGuardian, guardianEmail: 'cy@example' }, 'guardianEmail'],
    [
      'Guardian street address is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianAddress1'),
      'guardianAddress1',
    ],
    ['Guardian city is required when signing as guardian', EnrollmentForm, without(signingGuardian, 'guardianCity'), 'guardianCity'],
    ['Guardian state is required when signing as guardian', EnrollmentForm, without(signingGuardian, 'guardianState'), 'guardianState'],
    ['Guardian state must be 2 characters', EnrollmentForm, { ...signingGuardian, guardianState: 'R' }, 'guardianState'],
    [
      'Guardian ZIP code is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianZipCode'),
      'guardianZipCode',
    ],
    ['Invalid guardian ZIP code format', EnrollmentForm, { ...signingGuardian, guardianZipCode: '02919-12' }, 'guardianZipCode'],
    [
      'Relationship to patient is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianRelationshipToPatient'),
      'guardianRelationshipToPatient',
    ],
    [
      'Guardian date of birth is required when signing as guardian',
      EnrollmentForm,
      without(signingGuardian, 'guardianDateOfBirth'),
      'guardianDateOfBirth',
    ],
    // Insurance
    [
      'Insurance carrier is required when insurance information is provided',
      EnrollmentForm,
      { ...existingPatient, ...without(insurance, 'insuranceCarrier') },
      'insuranceCarrier',
    ],
    [
      'Insurance plan is required when insurance information is provided',
      EnrollmentForm,
      { ...existingPatient, ...without(insurance, 'insurancePlan') },
      'insurancePlan',
    ],
    [
      'Group number is required when insurance information is provided',
      EnrollmentForm,
      { ...existingPatient, ...without(insurance, 'insuranceGroupNumber') },
      'insuranceGroupNumber',
    ],
    [
      'Policy ID is required when insurance information is provided',
      EnrollmentForm,
      { ...existingPatient, ...without(insurance, 'insurancePolicyId') },
      'insurancePolicyId',
    ],
    [
      'Relationship to insured is required when insurance information is provided',
      EnrollmentForm,
      { ...existingPatient, ...without(insurance, 'relationshipToInsured') },
      'relationshipToInsured',
    ],
    [
      'Insured first name is required when patient is not the insured',
      EnrollmentForm,
      without(insuredOther, 'insuredFirstName'),
      'insuredFirstName',
    ],
    [
      'Insured last name is required when patient is not the insured',
      EnrollmentForm,
      without(insuredOther, 'insuredLastName'),
      'insuredLastName',
    ],
    ['Insured sex is required when patient is not the insured', EnrollmentForm, without(insuredOther, 'insuredSex'), 'insuredSex'],
    [
      'Insured date of birth is required when patient is not the insured',
      EnrollmentForm,
      without(insuredOther, 'insuredDateOfBirth'),
      'insuredDateOfBirth',
    ],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });
});

describe('EnrollmentForm: messages the spec leaves to us', () => {
  const cases: ReadonlyArray<MessageCase> = [
    ['Email is required', EnrollmentForm, without(existingPatient, 'email'), 'email'],
    ['Patient status is required', EnrollmentForm, without(existingPatient, 'patientStatus'), 'patientStatus'],
    ['State is required', EnrollmentForm, without(existingPatient, 'state'), 'state'],
    ['ZIP code is required', EnrollmentForm, without(existingPatient, 'zipCode'), 'zipCode'],
    ['Please select a practice location', EnrollmentForm, without(existingPatient, 'department'), 'department'],
    ['Medicare/Medicaid participation required', EnrollmentForm, without(existingPatient, 'hasMedicareInsurance'), 'hasMedicareInsurance'],
    [
      'Please enter a valid date of birth (MM/DD/YYYY).',
      EnrollmentForm,
      { ...existingPatient, dateOfBirth: '02/30/1980' },
      'dateOfBirth',
    ],
    [
      'Please select a valid emergency contact relationship',
      EnrollmentForm,
      { ...newPatient, contactrelationship: 'NEIGHBOR' },
      'contactrelationship',
    ],
    [
      'Please select a valid relationship to patient',
      EnrollmentForm,
      { ...signingGuardian, guardianRelationshipToPatient: '1' },
      'guardianRelationshipToPatient',
    ],
    [
      'Please enter a valid guardian date of birth (MM/DD/YYYY).',
      EnrollmentForm,
      { ...signingGuardian, guardianDateOfBirth: '1960-13-01' },
      'guardianDateOfBirth',
    ],
    [
      'Please select a valid relationship to insured',
      EnrollmentForm,
      { ...existingPatient, ...insurance, relationshipToInsured: '99', insuredFirstName: 'D', insuredLastName: 'L', insuredSex: 'F', insuredDateOfBirth: '05/06/1978' },
      'relationshipToInsured',
    ],
    ['Insured sex must be M or F', EnrollmentForm, { ...insuredOther, insuredSex: 'Female' }, 'insuredSex'],
    [
      'Please enter a valid insured date of birth (MM/DD/YYYY).',
      EnrollmentForm,
      { ...insuredOther, insuredDateOfBirth: 'yesterday' },
      'insuredDateOfBirth',
    ],
    ['Guardian signing must be true or false', EnrollmentForm, { ...existingPatient, isGuardianSigning: 'yes' }, 'isGuardianSigning'],
    ['Copy guardian address must be true or false', EnrollmentForm, { ...existingPatient, copyGuardianAddress: 1 }, 'copyGuardianAddress'],
    [
      'Cannot find insurance plan must be true or false',
      EnrollmentForm,
      { ...existingPatient, cannotFindInsurancePlan: 'no' },
      'cannotFindInsurancePlan',
    ],
    ['Verification token is required', CreateEnrollmentRequest, existingPatient, 'verificationToken'],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });
});

describe('EnrollmentForm rules', () => {
  it('blocks both Medicaid answers', () => {
    expectOnlyError(
      EnrollmentForm,
      { ...existingPatient, hasMedicareInsurance: 'both' },
      'hasMedicareInsurance',
      'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
    );
    expect(expectValid(EnrollmentForm, { ...existingPatient, hasMedicareInsurance: 'medicare' }).hasMedicareInsurance).toBe(
      'medicare',
    );
  });

  it('reports every failing field once, first rule only, in field order', () => {
    expect(decodeBody(EnrollmentForm, { ...newPatient, firstName: '', phone: '12', fullSSN: 'abc', state: 'R' })).toEqual(
      E.left({
        errors: [
          { field: 'firstName', message: 'First name is required' },
          { field: 'phone', message: 'Phone number must be at least 10 digits' },
          { field: 'state', message: 'State must be 2 characters' },
          { field: 'fullSSN', message: 'SSN must be exactly 9 digits' },
        ],
      }),
    );
  });

  it('does not ask guardian fields when no guardian signs', () => {
    const decoded = expectValid(EnrollmentForm, { ...existingPatient, isGuardianSigning: false, guardianEmail: 'not-an-email' });
    expect(decoded.isGuardianSigning).toBe(false);
    expect('guardianEmail' in decoded).toBe(false);
  });

  it('does not ask insurance when provideInsuranceAtVisit is set', () => {
    const decoded = expectValid(EnrollmentForm, {
      ...existingPatient,
      insuranceCarrier: 'Blue Cross',
      relationshipToInsured: '2',
      provideInsuranceAtVisit: true,
    });
    expect(decoded.provideInsuranceAtVisit).toBe(true);
  });

  it('does not ask the insured party when the patient is the insured', () => {
    expect(expectValid(EnrollmentForm, { ...existingPatient, ...insurance }).relationshipToInsured).toBe('1');
  });

  it('accepts a complete insured-party block', () => {
    expect(expectValid(EnrollmentForm, insuredOther).insuredDateOfBirth).toBe('05/06/1978');
  });
});

describe('EnrollmentForm valid inputs and normalisation', () => {
  it('decodes an existing patient with defaults', () => {
    expect(expectValid(EnrollmentForm, existingPatient)).toEqual({
      ...existingPatient,
      isGuardianSigning: false,
      copyGuardianAddress: false,
      provideInsuranceAtVisit: false,
      cannotFindInsurancePlan: false,
    });
  });

  it('decodes a new patient', () => {
    const decoded = expectValid(EnrollmentForm, { ...newPatient, sex: 'F', preferredProvider: 15 });
    expect(decoded.fullSSN).toBe('123456789');
    expect(decoded.sex).toBe('F');
    expect(decoded.preferredProvider).toBe('15');
  });

  it('decodes a guardian signing for a patient', () => {
    const decoded = expectValid(EnrollmentForm, { ...signingGuardian, copyGuardianAddress: true });
    expect(decoded.guardianEmail).toBe('cy@example.com');
    expect(decoded.copyGuardianAddress).toBe(true);
  });

  it('normalises what the spec says: phone digits, state upper, ZIP hyphen, street before comma, SSN hyphens, date', () => {
    const decoded = expectValid(EnrollmentForm, {
      ...newPatient,
      firstName: '  Ann ',
      phone: '(401) 555-0101',
      state: ' ri ',
      zipCode: '028651234',
      address1: '1150 Smithfield Avenue, Lincoln, RI',
      fullSSN: '123-45-6789',
      dateOfBirth: '1980-03-15',
      emergencyContactPhone: '(401) 555-0102',
      contactrelationship: 'spouse',
    });
    expect(decoded).toMatchObject({
      firstName: 'Ann',
      phone: '4015550101',
      state: 'RI',
      zipCode: '02865-1234',
      address1: '1150 Smithfield Avenue',
      fullSSN: '123456789',
      dateOfBirth: '03/15/1980',
      emergencyContactPhone: '4015550102',
      contactrelationship: 'SPOUSE',
    });
  });

  it('normalises the guardian block the same way', () => {
    const decoded = expectValid(EnrollmentForm, {
      ...signingGuardian,
      guardianPhone: '401.555.0103',
      guardianState: 'ri',
      guardianZipCode: '029191234',
      guardianAddress1: '25 Cherry Hill Road, Johnston',
      guardianDateOfBirth: '1960-01-02',
    });
    expect(decoded).toMatchObject({
      guardianPhone: '4015550103',
      guardianState: 'RI',
      guardianZipCode: '02919-1234',
      guardianAddress1: '25 Cherry Hill Road',
      guardianDateOfBirth: '01/02/1960',
    });
  });

  it('drops new-patient fields for an existing patient (switching to existing clears the emergency contact)', () => {
    const decoded = expectValid(EnrollmentForm, { ...newPatient, patientStatus: 'existing', lastFourSSN: '1234', sex: 'M' });
    for (const key of ['fullSSN', 'sex', 'emergencyContactName', 'emergencyContactPhone', 'contactrelationship']) {
      expect(key in decoded).toBe(false);
    }
    expect(decoded.lastFourSSN).toBe('1234');
  });

  it('drops the last four SSN digits for a new patient', () => {
    expect('lastFourSSN' in expectValid(EnrollmentForm, { ...newPatient, lastFourSSN: '1234' })).toBe(false);
  });

  it('drops unknown keys', () => {
    expect('isAdmin' in expectValid(EnrollmentForm, { ...existingPatient, isAdmin: true })).toBe(false);
  });

  it('accepts every tier code', () => {
    for (const code of TIER_CODES) {
      expect(expectValid(EnrollmentForm, { ...existingPatient, membershipTier: code }).membershipTier).toBe(code);
    }
  });
});

describe('enrollment requests', () => {
  it('CreateEnrollmentRequest: the form plus verificationToken, email and phone', () => {
    const decoded = expectValid(CreateEnrollmentRequest, { ...existingPatient, verificationToken: 'verified_abc' });
    expect(decoded.verificationToken).toBe('verified_abc');
    expect(decoded.email).toBe('ann@example.com');
  });

  it('CreateEnrollmentRequest keeps the form rules', () => {
    expectOnlyError(
      CreateEnrollmentRequest,
      { ...without(existingPatient, 'lastFourSSN'), verificationToken: 't' },
      'lastFourSSN',
      'Last 4 digits of SSN is required for existing patients',
    );
  });

  it('CreateOAuthEnrollmentRequest: valid', () => {
    expect(
      expectValid(CreateOAuthEnrollmentRequest, { patientId: 12345, practiceLocation: '8', membershipTier: 'decline' }),
    ).toEqual({ patientId: '12345', practiceLocation: '8', membershipTier: 'decline' });
  });

  it('CreateOAuthEnrollmentRequest: Patient ID is required', () => {
    expectOnlyError(
      CreateOAuthEnrollmentRequest,
      { practiceLocation: '8', membershipTier: 'decline' },
      'patientId',
      'Patient ID is required',
    );
  });

  it('CreateOAuthEnrollmentRequest: Practice location required', () => {
    expectOnlyError(
      CreateOAuthEnrollmentRequest,
      { patientId: '1', membershipTier: 'decline' },
      'practiceLocation',
      'Practice location required',
    );
  });

  it('MembershipChangePayload: valid', () => {
    expect(expectValid(MembershipChangePayload, { membershipTier: '70_biannual', department: '2', patientId: '77' })).toEqual({
      membershipTier: '70_biannual',
      department: '2',
      patientId: '77',
    });
  });

  it("MembershipChangePayload: 'Patient ID is required'", () => {
    expectOnlyError(MembershipChangePayload, { membershipTier: '70_biannual', department: '2' }, 'patientId', 'Patient ID is required');
  });

  it('MembershipChangePayload: Please select a membership tier', () => {
    expectOnlyError(MembershipChangePayload, { department: '2', patientId: '77' }, 'membershipTier', 'Please select a membership tier');
  });

  it('PatientLocationPayload: valid', () => {
    expect(expectValid(PatientLocationPayload, { department: '1', patientId: '77' })).toEqual({ department: '1', patientId: '77' });
  });

  it('PatientLocationPayload: Practice location required', () => {
    expectOnlyError(PatientLocationPayload, { patientId: '77' }, 'department', 'Practice location required');
  });

  it('EnrollmentSessionStart: valid, with optional sessionToken and guestHash', () => {
    expect(
      expectValid(EnrollmentSessionStart, {
        patientStatus: 'new',
        department: '1',
        isGuardianSigning: true,
        membershipTier: '300_concierge_biannual',
        guestHash: 'h1',
      }),
    ).toEqual({ patientStatus: 'new', department: '1', isGuardianSigning: true, membershipTier: '300_concierge_biannual', guestHash: 'h1' });
  });

  it('EnrollmentSessionStart: Patient status is required', () => {
    expectOnlyError(EnrollmentSessionStart, { department: '1', membershipTier: 'decline' }, 'patientStatus', 'Patient status is required');
  });

  it('TierForm: valid', () => {
    expect(expectValid(TierForm, { membershipTier: '500_concierge_annual' })).toEqual({ membershipTier: '500_concierge_annual' });
  });

  it('TierForm: Please select a membership tier', () => {
    expectOnlyError(TierForm, {}, 'membershipTier', 'Please select a membership tier');
  });

  it('PracticeLocationForm: valid', () => {
    expect(expectValid(PracticeLocationForm, { practiceLocation: '2', selectedContact: '5105' })).toEqual({
      practiceLocation: '2',
      selectedContact: '5105',
    });
  });

  it('PracticeLocationForm: Please select a practice location', () => {
    expectOnlyError(PracticeLocationForm, { selectedContact: '5105' }, 'practiceLocation', 'Please select a practice location');
  });

  it('PracticeLocationForm: Please select who this enrollment is for', () => {
    expectOnlyError(PracticeLocationForm, { practiceLocation: '2' }, 'selectedContact', 'Please select who this enrollment is for');
  });

  it('SignatureRequest and PrivacySignatureRequest: valid', () => {
    expect(expectValid(SignatureRequest, { documentId: '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b' })).toEqual({ documentId: '3f2b8c1e-9a4d-4e5f-8b6a-0c1d2e3f4a5b' });
    expect(expectValid(PrivacySignatureRequest, { documentId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d' })).toEqual({ documentId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d' });
  });

  it('SignatureRequest: Document ID is required', () => {
    expectOnlyError(SignatureRequest, {}, 'documentId', 'Document ID is required');
  });
});

describe('enrollment answers', () => {
  it('decode what the API sends', () => {
    expectValid(CreateEnrollmentResponse, { id: 'enr_1' });
    expectValid(CreateEnrollmentResponse, { id: 'enr_1', status: 'declined' });
    const record = {
      id: 'enr_1',
      status: 'declined',
      membershipTier: 'decline',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: null,
      patientStatus: 'existing',
      signwellDocumentId: null,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      hasBillingEmail: false,
      billingEmail: null,
      originalPatientEmail: null,
      stripeSubscriptionId: null,
      membershipStartDate: null,
      membershipEndDate: null,
    };
    expectValid(EnrollmentRecord, record);
    expectValid(EnrollmentRecord, { id: 'enr_1', status: 'pending', membershipTier: '120_annual', createdAt: 'x', updatedAt: 'y' });
    expectValid(EnrollmentCompleteResponse, { enrollment: record, invoiceNumber: 'INV-12345678' });
    expectValid(EnrollmentCompleteResponse, { enrollment: { ...record, receiptUrl: 'https://pay.example/receipt' }, invoiceNumber: 'INV-12345678' });
    expectValid(EnrollmentCompleteResponse, { enrollment: { ...record, receiptUrl: null }, invoiceNumber: 'INV-12345678' });
    expectValid(CreateDocumentResponse, { embeddedUrl: 'https://sign.example/doc', documentId: 'd1' });
    expectValid(VerifyCompletionResponse, { isComplete: true });
    expectValid(SignatureResponse, { status: 'signed', requiresPrivacyPractices: true });
    expectValid(UploadFailureResponse, { message: 'Upload failed', critical: true });
  });

  it('refuse an unknown enrollment status', () => {
    expect(() => expectValid(CreateEnrollmentResponse, { id: 'e', status: 'weird' })).toThrow('status');
    expect(() => expectValid(EnrollmentRecord, { id: 'e', status: 'weird', membershipTier: 'decline', createdAt: 'x' })).toThrow(
      'status',
    );
  });
});
