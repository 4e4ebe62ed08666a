import { describe, expect, it } from '@jest/globals';
import {
  completeSections,
  effectiveValues,
  initialGuestForm,
  inputValue,
  lastFourInput,
  phoneInput,
  readOnlyContactFields,
  sectionOf,
  setGuardianSigning,
  setPatientStatus,
  setText,
  ssnInput,
  stateInput,
  streetInput,
  validateGuestForm,
  zipInput,
} from './guest-form.ts';
import type { GuestFormValues } from './guest-form.ts';

const guest = { email: 'pat@example.com', phone: '+14015550111', token: 'verified_abc' };

const filled = (overrides: Partial<GuestFormValues> = {}): GuestFormValues => ({
  ...initialGuestForm(guest),
  firstName: 'Pat',
  lastName: 'Jones',
  dateOfBirth: '1970-04-05',
  address1: '12 Elm St',
  city: 'Providence',
  state: 'RI',
  zipCode: '02903',
  lastFourSSN: '1234',
  hasMedicareInsurance: 'no',
  ...overrides,
});

const errorsOf = (values: GuestFormValues): Record<string, string | undefined> => {
  const result = validateGuestForm(values, guest);
  return result.ok ? {} : { ...result.errors };
};

describe('input behaviour', () => {
  it('uppercases the state and keeps 2 characters', () => {
    expect(stateInput('ri')).toBe('RI');
    expect(stateInput('rho')).toBe('RH');
    expect(inputValue('guardianState', 'ma')).toBe('MA');
  });

  it('formats phones as typed', () => {
    expect(phoneInput('401')).toBe('(401');
    expect(phoneInput('4015')).toBe('(401) 5');
    expect(phoneInput('4015550111')).toBe('(401) 555-0111');
    expect(phoneInput('(401) 555-01119999')).toBe('(401) 555-0111');
    expect(inputValue('guardianPhone', '4015550111')).toBe('(401) 555-0111');
    expect(inputValue('emergencyContactPhone', '401555')).toBe('(401) 555');
  });

  it('takes SSN digits only and shows them as 123-45-6789', () => {
    expect(ssnInput('12')).toBe('12');
    expect(ssnInput('1234')).toBe('123-4');
    expect(ssnInput('123456')).toBe('123-45-6');
    expect(ssnInput('123a45b6789')).toBe('123-45-6789');
    expect(ssnInput('1234567890')).toBe('123-45-6789');
    expect(ssnInput('123456789')).toHaveLength(11);
    expect(lastFourInput('12a345')).toBe('1234');
  });

  it('keeps only the street address before a comma', () => {
    expect(streetInput('12 Elm St, Apt 2')).toBe('12 Elm St');
    expect(streetInput('12 Elm St ')).toBe('12 Elm St ');
    expect(inputValue('guardianAddress1', '5 Oak Ave, Unit 3')).toBe('5 Oak Ave');
  });

  it('takes a 5-digit or 5+4 ZIP with a hyphen', () => {
    expect(zipInput('02903')).toBe('02903');
    expect(zipInput('029031234')).toBe('02903-1234');
    expect(zipInput('02903-12345')).toBe('02903-1234');
    expect(zipInput('0290a')).toBe('0290');
  });

  it('leaves other fields as typed', () => {
    expect(setText(filled(), 'firstName', 'Ann, Marie').firstName).toBe('Ann, Marie');
  });
});

describe('defaults and switches', () => {
  it('starts as the spec defaults with the verified email and phone', () => {
    const values = initialGuestForm(guest);
    expect(values).toMatchObject({ patientStatus: 'existing', department: '1', membershipTier: '120_annual', email: 'pat@example.com', phone: '(401) 555-0111' });
    expect(readOnlyContactFields(values, guest)).toEqual({ email: true, phone: true, guardianEmail: false, guardianPhone: false });
  });

  it('makes email and phone editable once they differ from the verified ones', () => {
    expect(readOnlyContactFields({ ...initialGuestForm(guest), email: 'other@example.com', phone: '' }, guest)).toMatchObject({ email: false, phone: false });
    expect(readOnlyContactFields({ ...initialGuestForm(guest), email: 'PAT@example.com ', phone: '401-555-0111' }, guest)).toMatchObject({ email: true, phone: true });
  });

  it('moves the verified email and phone to the caregiver when a caregiver signs, and back', () => {
    const signing = setGuardianSigning(filled(), true, guest);
    expect(signing).toMatchObject({ isGuardianSigning: true, guardianEmail: 'pat@example.com', guardianPhone: '(401) 555-0111', email: '', phone: '' });
    expect(readOnlyContactFields(signing, guest)).toEqual({ email: false, phone: false, guardianEmail: true, guardianPhone: true });
    const back = setGuardianSigning({ ...signing, copyGuardianAddress: true, email: 'kid@example.com' }, false, guest);
    expect(back).toMatchObject({ isGuardianSigning: false, copyGuardianAddress: false, email: 'pat@example.com', phone: '(401) 555-0111' });
  });

  it('clears the emergency contact when switching to existing', () => {
    const newPatient = setPatientStatus(
      filled({ emergencyContactName: 'Sam', emergencyContactPhone: '(401) 555-0199', contactrelationship: 'SPOUSE', preferredProvider: '6' }),
      'new',
    );
    expect(newPatient.emergencyContactName).toBe('Sam');
    expect(setPatientStatus(newPatient, 'existing')).toMatchObject({
      patientStatus: 'existing',
      emergencyContactName: '',
      emergencyContactPhone: '',
      contactrelationship: '',
      preferredProvider: '',
    });
  });

  it("copies the caregiver's address to the patient when asked", () => {
    const values = {
      ...setGuardianSigning(filled({ address1: '', city: '', state: '', zipCode: '' }), true, guest),
      copyGuardianAddress: true,
      guardianAddress1: '9 Bay Rd',
      guardianAddress2: 'Apt 1',
      guardianCity: 'Warwick',
      guardianState: 'RI',
      guardianZipCode: '02886',
    };
    expect(effectiveValues(values)).toMatchObject({ address1: '9 Bay Rd', address2: 'Apt 1', city: 'Warwick', state: 'RI', zipCode: '02886' });
    expect(effectiveValues({ ...values, copyGuardianAddress: false }).address1).toBe('');
  });
});

describe('validateGuestForm (the contracts EnrollmentForm)', () => {
  it('builds the POST /api/enrollments body with the verification token', () => {
    const result = validateGuestForm(filled({ zipCode: '02903-1234', address2: 'Apt 4' }), guest);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({
      firstName: 'Pat',
      lastName: 'Jones',
      patientStatus: 'existing',
      dateOfBirth: '04/05/1970',
      email: 'pat@example.com',
      phone: '4015550111',
      address1: '12 Elm St',
      address2: 'Apt 4',
      state: 'RI',
      zipCode: '02903-1234',
      lastFourSSN: '1234',
      department: '1',
      membershipTier: '120_annual',
      hasMedicareInsurance: 'no',
      isGuardianSigning: false,
      verificationToken: 'verified_abc',
    });
    // Fields that do not apply are not sent.
    expect(result.body).not.toHaveProperty('fullSSN');
    expect(result.body).not.toHaveProperty('guardianEmail');
  });

  it('sends a new patient\'s full SSN without hyphens and the emergency contact', () => {
    const result = validateGuestForm(
      filled({
        patientStatus: 'new',
        lastFourSSN: '',
        fullSSN: '123-45-6789',
        sex: 'F',
        emergencyContactName: 'Sam Jones',
        emergencyContactPhone: '(401) 555-0199',
        contactrelationship: 'SPOUSE',
        preferredProvider: '6',
      }),
      guest,
    );
    expect(result.ok && result.body).toMatchObject({
      fullSSN: '123456789',
      sex: 'F',
      emergencyContactPhone: '4015550199',
      contactrelationship: 'SPOUSE',
      preferredProvider: '6',
    });
  });

  it("sends the caregiver's verified email and phone in the guardian fields and the patient's own as email and phone", () => {
    const values = {
      ...setGuardianSigning(filled(), true, guest),
      email: 'kid@example.com',
      phone: '(401) 555-0122',
      guardianFirstName: 'Lee',
      guardianLastName: 'Jones',
      guardianDateOfBirth: '1950-01-02',
      guardianRelationshipToPatient: '10',
      guardianAddress1: '9 Bay Rd',
      guardianCity: 'Warwick',
      guardianState: 'RI',
      guardianZipCode: '02886',
      copyGuardianAddress: true,
    };
    const result = validateGuestForm(values, guest);
    expect(result.ok && result.body).toMatchObject({
      email: 'kid@example.com',
      phone: '4015550122',
      guardianEmail: 'pat@example.com',
      guardianPhone: '4015550111',
      guardianDateOfBirth: '01/02/1950',
      isGuardianSigning: true,
      copyGuardianAddress: true,
      address1: '9 Bay Rd',
      city: 'Warwick',
    });
  });

  it('puts the spec messages under each field', () => {
    const errors = errorsOf({ ...initialGuestForm(guest), state: 'R', zipCode: '0290', phone: '(401) 555' });
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
      address1: 'Street address is required',
      city: 'City is required',
      state: 'State must be 2 characters',
      zipCode: 'Invalid ZIP code format',
      phone: 'Phone number must be at least 10 digits',
      lastFourSSN: 'Last 4 digits of SSN is required for existing patients',
      hasMedicareInsurance: 'Medicare/Medicaid participation required',
    });
    expect(errorsOf(filled({ email: 'nope' })).email).toBe('Invalid email address');
    expect(errorsOf(filled({ lastFourSSN: '12' })).lastFourSSN).toBe('Last 4 digits of SSN must be exactly 4 numbers');
    expect(errorsOf(filled({ hasMedicareInsurance: 'medicaid' })).hasMedicareInsurance).toBe(
      'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
    );
  });

  it('checks the new-patient and caregiver rules', () => {
    expect(errorsOf(filled({ patientStatus: 'new' }))).toMatchObject({
      fullSSN: 'Full SSN is required for new patients',
      emergencyContactName: 'Emergency contact name is required for new patients',
    });
    expect(errorsOf(filled({ patientStatus: 'new', fullSSN: '123-45-67' })).fullSSN).toBe('SSN must be exactly 9 digits');
    const caregiver = errorsOf({ ...setGuardianSigning(filled(), true, guest), email: 'kid@example.com', phone: '(401) 555-0122' });
    expect(caregiver.guardianFirstName).toBe('Guardian first name is required when signing as guardian');
    expect(caregiver.guardianRelationshipToPatient).toBe('Relationship to patient is required when signing as guardian');
    expect(caregiver.guardianEmail).toBeUndefined();
  });
});

describe('accordion sections', () => {
  it('checks a section once its fields are valid', () => {
    expect(completeSections(initialGuestForm(guest), guest)).toEqual({
      caregiver: true,
      'patient-status': false,
      'patient-information': false,
      'membership-tiers': true,
    });
    expect(completeSections(filled(), guest)).toEqual({
      caregiver: true,
      'patient-status': true,
      'patient-information': true,
      'membership-tiers': true,
    });
    expect(completeSections(filled({ membershipTier: '' }), guest)['membership-tiers']).toBe(false);
    expect(completeSections(filled({ hasMedicareInsurance: 'both' }), guest)['patient-status']).toBe(false);
  });

  it('knows where each field lives', () => {
    expect(sectionOf('hasMedicareInsurance')).toBe('patient-status');
    expect(sectionOf('zipCode')).toBe('patient-information');
    expect(sectionOf('membershipTier')).toBe('membership-tiers');
    expect(sectionOf('guardianZipCode')).toBe('caregiver');
    expect(sectionOf('verificationToken')).toBeNull();
  });
});

describe('validation messages in the page language', () => {
  it("keeps the contracts' English as it came, and reads the catalog's Spanish by field and rule", async () => {
    const { messages } = await import('./i18n.ts');
    const { fieldLabel, validationText } = await import('./guest-form.ts');
    await messages.load('en-US');
    const blank = { ...initialGuestForm(guest), email: '', phone: '' };
    const english = errorsOf(blank);
    // The English catalog's 'required' texts are the contracts' own words.
    for (const field of ['firstName', 'lastName', 'dateOfBirth', 'email', 'phone', 'address1', 'city', 'state', 'zipCode', 'lastFourSSN', 'hasMedicareInsurance'] as const) {
      expect(english[field]).toBeDefined();
      expect(validationText(field, english[field]!, blank, messages.t, 'en-US')).toBe(english[field]);
      expect(messages.t(`validation.required.${field}` as Parameters<typeof messages.t>[0])).toBe(english[field]);
    }
    expect(fieldLabel('zipCode')).toBe('ZIP Code');
    await messages.load('es-US');
    try {
      expect(validationText('firstName', english.firstName!, blank, messages.t, 'es-US')).toBe('Escriba el nombre');
      const wrong = filled({ zipCode: '0290', hasMedicareInsurance: 'medicaid' });
      const errors = errorsOf(wrong);
      expect(validationText('zipCode', errors.zipCode!, wrong, messages.t, 'es-US')).toBe('El código postal no es válido');
      expect(validationText('hasMedicareInsurance', errors.hasMedicareInsurance!, wrong, messages.t, 'es-US')).toMatch(/^Las personas con Medicaid/);
      expect(validationText('city', 'City is too long (at most 100 characters)', wrong, messages.t, 'es-US')).toBe('Ciudad: es demasiado largo (máximo 100 caracteres)');
      expect(fieldLabel('zipCode', messages.t)).toBe('Código postal');
    } finally {
      await messages.load('en-US');
    }
  });
});
