/**
 * The guest's Patient Info step (enrollment-and-payment §2 'Guest step 1' and 'Input behaviour',
 * §3 'Enrollment form fields', §5 'Enrollment form'): the form's values as typed, the input
 * behaviour of each field, the caregiver switch, which accordion sections are complete, and the
 * body of POST /api/enrollments. Every rule and message comes from the `EnrollmentForm` codec
 * of @portal/contracts; nothing here re-states a rule.
 */
import { EnrollmentForm, decodeBody, normalize } from '@portal/contracts';
import type { TierCode } from '@portal/contracts';
import { formatPhone, formatPhoneInput, formatZip } from '@portal/ui';
import type { Locale } from '@portal/contracts/locale.ts';
import { messages } from './i18n.ts';
import type { MessageId, Translate } from './i18n.ts';

export interface GuestFormValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly patientStatus: 'existing' | 'new';
  /** 'YYYY-MM-DD' from the date input; the codec sends 'MM/DD/YYYY'. */
  readonly dateOfBirth: string;
  readonly email: string;
  /** As shown: '(401) 555-0101'. */
  readonly phone: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  readonly lastFourSSN: string;
  /** As shown: '123-45-6789'. */
  readonly fullSSN: string;
  readonly sex: string;
  readonly emergencyContactName: string;
  readonly emergencyContactPhone: string;
  readonly contactrelationship: string;
  readonly department: string;
  readonly preferredProvider: string;
  readonly membershipTier: TierCode | '';
  readonly hasMedicareInsurance: string;
  readonly isGuardianSigning: boolean;
  readonly copyGuardianAddress: boolean;
  readonly guardianFirstName: string;
  readonly guardianLastName: string;
  readonly guardianPhone: string;
  readonly guardianEmail: string;
  readonly guardianDateOfBirth: string;
  readonly guardianAddress1: string;
  readonly guardianAddress2: string;
  readonly guardianCity: string;
  readonly guardianState: string;
  readonly guardianZipCode: string;
  readonly guardianRelationshipToPatient: string;
}

export type GuestFormField = keyof GuestFormValues;
export type TextField = { [K in GuestFormField]: GuestFormValues[K] extends string ? K : never }[GuestFormField];

/** The verified guest: what /guest-login stored. */
export interface VerifiedContact {
  readonly email: string;
  readonly phone: string;
  /** The stored dualVerificationToken ('verified_...'). */
  readonly token: string;
}

/** Defaults of §9: patient status existing, department '1', tier 120_annual. */
export const initialGuestForm = (guest: Pick<VerifiedContact, 'email' | 'phone'>): GuestFormValues => ({
  firstName: '',
  lastName: '',
  patientStatus: 'existing',
  dateOfBirth: '',
  email: guest.email,
  phone: formatPhone(guest.phone),
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
  lastFourSSN: '',
  fullSSN: '',
  sex: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  contactrelationship: '',
  department: '1',
  preferredProvider: '',
  membershipTier: '120_annual',
  hasMedicareInsurance: '',
  isGuardianSigning: false,
  copyGuardianAddress: false,
  guardianFirstName: '',
  guardianLastName: '',
  guardianPhone: '',
  guardianEmail: '',
  guardianDateOfBirth: '',
  guardianAddress1: '',
  guardianAddress2: '',
  guardianCity: '',
  guardianState: '',
  guardianZipCode: '',
  guardianRelationshipToPatient: '',
});

// ---------------------------------------------------------------------------------------------
// Input behaviour (§2): applied to every keystroke or paste

const digits = (value: string): string => value.replace(/\D/g, '');

/** State: uppercased, at most 2 characters. */
export const stateInput = (value: string): string => value.toUpperCase().slice(0, 2);

/** Phone: formatted as typed, (xxx) xxx-xxxx. */
export const phoneInput = (value: string): string => formatPhoneInput(value);

/** Full SSN (new patients): digits only, shown as 123-45-6789 (11 characters at most). */
export const ssnInput = (value: string): string => {
  const d = digits(value).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};

/** Last four SSN digits (existing patients): digits only, at most 4. */
export const lastFourInput = (value: string): string => digits(value).slice(0, 4);

/**
 * Street address: only the part before a comma is kept ('12 Elm St, Apt 2' → '12 Elm St').
 * Without a comma the value stays as typed, so a trailing space can still be typed.
 */
export const streetInput = (value: string): string => (value.includes(',') ? normalize.beforeComma(value) : value);

/** ZIP: 5 digits, or 5+4 written with a hyphen. */
export const zipInput = (value: string): string => formatZip(value);

const INPUT_BEHAVIOUR: Partial<Record<TextField, (value: string) => string>> = {
  state: stateInput,
  guardianState: stateInput,
  phone: phoneInput,
  guardianPhone: phoneInput,
  emergencyContactPhone: phoneInput,
  fullSSN: ssnInput,
  lastFourSSN: lastFourInput,
  address1: streetInput,
  guardianAddress1: streetInput,
  zipCode: zipInput,
  guardianZipCode: zipInput,
};

/** The value a text field keeps after its input behaviour. */
export const inputValue = (field: TextField, value: string): string => INPUT_BEHAVIOUR[field]?.(value) ?? value;

/** Sets one text field, applying its input behaviour. */
export const setText = (values: GuestFormValues, field: TextField, value: string): GuestFormValues => ({
  ...values,
  [field]: inputValue(field, value),
});

// ---------------------------------------------------------------------------------------------
// Switches

/** Switching to existing clears the emergency contact (§5). */
export const setPatientStatus = (values: GuestFormValues, patientStatus: 'existing' | 'new'): GuestFormValues =>
  patientStatus === 'existing'
    ? { ...values, patientStatus, emergencyContactName: '', emergencyContactPhone: '', contactrelationship: '', preferredProvider: '', sex: '' }
    : { ...values, patientStatus };

export const sameEmail = (a: string, b: string): boolean => a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

const nationalDigits = (value: string): string => {
  const d = digits(value);
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
};

export const samePhone = (a: string, b: string): boolean => nationalDigits(a) !== '' && nationalDigits(a) === nationalDigits(b);

/**
 * A caregiver signing (§5): the verified email and phone are the caregiver's, so they move to the
 * guardian fields and the patient's own are entered separately. Turning it off gives the verified
 * values back to the patient.
 */
export const setGuardianSigning = (values: GuestFormValues, signing: boolean, guest: Pick<VerifiedContact, 'email' | 'phone'>): GuestFormValues => {
  if (signing) {
    return {
      ...values,
      isGuardianSigning: true,
      guardianEmail: guest.email,
      guardianPhone: formatPhone(guest.phone),
      email: sameEmail(values.email, guest.email) ? '' : values.email,
      phone: samePhone(values.phone, guest.phone) ? '' : values.phone,
    };
  }
  return { ...values, isGuardianSigning: false, copyGuardianAddress: false, email: guest.email, phone: formatPhone(guest.phone) };
};

/** Email and phone are read-only when they equal the verified values (§2). */
export const readOnlyContactFields = (values: GuestFormValues, guest: Pick<VerifiedContact, 'email' | 'phone'>) => ({
  email: sameEmail(values.email, guest.email),
  phone: samePhone(values.phone, guest.phone),
  guardianEmail: values.isGuardianSigning && sameEmail(values.guardianEmail, guest.email),
  guardianPhone: values.isGuardianSigning && samePhone(values.guardianPhone, guest.phone),
});

/** The patient's address is the caregiver's when copyGuardianAddress is on. */
export const copiesGuardianAddress = (values: GuestFormValues): boolean => values.isGuardianSigning && values.copyGuardianAddress;

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;

/** The values the form shows and sends: the caregiver's address copied in when asked. */
export const effectiveValues = (values: GuestFormValues): GuestFormValues =>
  copiesGuardianAddress(values)
    ? {
        ...values,
        address1: values.guardianAddress1,
        address2: values.guardianAddress2,
        city: values.guardianCity,
        state: values.guardianState,
        zipCode: values.guardianZipCode,
      }
    : values;

// ---------------------------------------------------------------------------------------------
// Validation and the request body

export type FieldErrors = Readonly<Partial<Record<string, string>>>;

export type GuestFormResult =
  | { readonly ok: true; readonly body: Record<string, unknown> }
  | { readonly ok: false; readonly errors: FieldErrors; readonly order: readonly string[] };

/** Decodes the form with the contracts' EnrollmentForm; on success, the body of POST /api/enrollments. */
export const validateGuestForm = (values: GuestFormValues, guest: Pick<VerifiedContact, 'token'>): GuestFormResult => {
  const input: Record<string, unknown> = { ...effectiveValues(values) };
  const decoded = decodeBody(EnrollmentForm, input);
  if (decoded._tag === 'Left') {
    const errors: Record<string, string> = {};
    const order: string[] = [];
    for (const error of decoded.left.errors) {
      if (error.field === '' || errors[error.field] !== undefined) continue;
      errors[error.field] = error.message;
      order.push(error.field);
    }
    return { ok: false, errors, order };
  }
  return { ok: true, body: { ...decoded.right, verificationToken: guest.token } };
};

// ---------------------------------------------------------------------------------------------
// Accordion sections (§2): a section gets a check mark when none of its fields has an error

export type SectionId = 'caregiver' | 'patient-status' | 'patient-information' | 'membership-tiers';

export const SECTION_FIELDS: Readonly<Record<SectionId, readonly string[]>> = {
  caregiver: [
    'guardianFirstName',
    'guardianLastName',
    'guardianEmail',
    'guardianPhone',
    'guardianDateOfBirth',
    'guardianRelationshipToPatient',
    'guardianAddress1',
    'guardianAddress2',
    'guardianCity',
    'guardianState',
    'guardianZipCode',
  ],
  'patient-status': ['patientStatus', 'department', 'hasMedicareInsurance'],
  'patient-information': [
    'firstName',
    'lastName',
    'dateOfBirth',
    'sex',
    'email',
    'phone',
    'address1',
    'address2',
    'city',
    'state',
    'zipCode',
    'lastFourSSN',
    'fullSSN',
    'emergencyContactName',
    'emergencyContactPhone',
    'contactrelationship',
    'preferredProvider',
  ],
  'membership-tiers': ['membershipTier'],
};

export const sectionOf = (field: string): SectionId | null => {
  for (const [section, fields] of Object.entries(SECTION_FIELDS) as Array<[SectionId, readonly string[]]>) {
    if (fields.includes(field)) return section;
  }
  return null;
};

/** Which sections are complete for these values. */
export const completeSections = (values: GuestFormValues, guest: Pick<VerifiedContact, 'token'>): Readonly<Record<SectionId, boolean>> => {
  const result = validateGuestForm(values, guest);
  const errors = result.ok ? {} : result.errors;
  const complete = (section: SectionId): boolean => SECTION_FIELDS[section].every((field) => errors[field] === undefined);
  return {
    caregiver: complete('caregiver'),
    'patient-status': complete('patient-status'),
    'patient-information': complete('patient-information'),
    'membership-tiers': complete('membership-tiers'),
  };
};

/** Field labels (catalog ids): under each field and in the error summary. */
const FIELD_LABELS: Readonly<Record<string, MessageId>> = {
  firstName: 'field.firstName',
  lastName: 'field.lastName',
  patientStatus: 'field.patientStatus',
  dateOfBirth: 'field.dateOfBirth',
  email: 'field.email',
  phone: 'field.phone',
  address1: 'field.address1',
  address2: 'field.address2',
  city: 'field.city',
  state: 'field.state',
  zipCode: 'field.zipCode',
  lastFourSSN: 'field.lastFourSSN',
  fullSSN: 'field.fullSSN',
  sex: 'field.sex',
  emergencyContactName: 'field.emergencyContactName',
  emergencyContactPhone: 'field.emergencyContactPhone',
  contactrelationship: 'field.contactrelationship',
  department: 'field.department',
  preferredProvider: 'field.preferredProvider',
  membershipTier: 'field.membershipTier',
  hasMedicareInsurance: 'field.hasMedicareInsurance',
  guardianFirstName: 'field.guardianFirstName',
  guardianLastName: 'field.guardianLastName',
  guardianPhone: 'field.guardianPhone',
  guardianEmail: 'field.guardianEmail',
  guardianDateOfBirth: 'field.guardianDateOfBirth',
  guardianAddress1: 'field.guardianAddress1',
  guardianAddress2: 'field.guardianAddress2',
  guardianCity: 'field.guardianCity',
  guardianState: 'field.guardianState',
  guardianZipCode: 'field.guardianZipCode',
  guardianRelationshipToPatient: 'field.guardianRelationshipToPatient',
};

/** A field's label in the page's language ('First Name'); an unknown field reads as its key. */
export const fieldLabel = (field: string, t: Translate = messages.t): string => {
  const id = FIELD_LABELS[field];
  return id ? t(id) : field;
};

// The Spanish of the contracts' validation messages (EnrollmentForm, and the API's 400 for it), by field and rule.
const REQUIRED: Readonly<Record<string, MessageId>> = {
  firstName: 'validation.required.firstName',
  lastName: 'validation.required.lastName',
  patientStatus: 'validation.required.patientStatus',
  dateOfBirth: 'validation.required.dateOfBirth',
  email: 'validation.required.email',
  phone: 'validation.required.phone',
  address1: 'validation.required.address1',
  city: 'validation.required.city',
  state: 'validation.required.state',
  zipCode: 'validation.required.zipCode',
  lastFourSSN: 'validation.required.lastFourSSN',
  fullSSN: 'validation.required.fullSSN',
  emergencyContactName: 'validation.required.emergencyContactName',
  emergencyContactPhone: 'validation.required.emergencyContactPhone',
  contactrelationship: 'validation.required.contactrelationship',
  department: 'validation.required.department',
  membershipTier: 'validation.required.membershipTier',
  hasMedicareInsurance: 'validation.required.hasMedicareInsurance',
  guardianFirstName: 'validation.required.guardianFirstName',
  guardianLastName: 'validation.required.guardianLastName',
  guardianPhone: 'validation.required.guardianPhone',
  guardianEmail: 'validation.required.guardianEmail',
  guardianDateOfBirth: 'validation.required.guardianDateOfBirth',
  guardianAddress1: 'validation.required.guardianAddress1',
  guardianCity: 'validation.required.guardianCity',
  guardianState: 'validation.required.guardianState',
  guardianZipCode: 'validation.required.guardianZipCode',
  guardianRelationshipToPatient: 'validation.required.guardianRelationshipToPatient',
};
const INVALID: Readonly<Record<string, MessageId>> = {
  patientStatus: 'validation.invalid.patientStatus',
  dateOfBirth: 'validation.invalid.dateOfBirth',
  email: 'validation.invalid.email',
  phone: 'validation.invalid.phone',
  state: 'validation.invalid.state',
  zipCode: 'validation.invalid.zipCode',
  lastFourSSN: 'validation.invalid.lastFourSSN',
  fullSSN: 'validation.invalid.fullSSN',
  sex: 'validation.invalid.sex',
  emergencyContactPhone: 'validation.invalid.emergencyContactPhone',
  contactrelationship: 'validation.invalid.contactrelationship',
  department: 'validation.invalid.department',
  preferredProvider: 'validation.invalid.preferredProvider',
  membershipTier: 'validation.invalid.membershipTier',
  hasMedicareInsurance: 'validation.invalid.hasMedicareInsurance',
  guardianPhone: 'validation.invalid.guardianPhone',
  guardianEmail: 'validation.invalid.guardianEmail',
  guardianDateOfBirth: 'validation.invalid.guardianDateOfBirth',
  guardianState: 'validation.invalid.guardianState',
  guardianZipCode: 'validation.invalid.guardianZipCode',
  guardianRelationshipToPatient: 'validation.invalid.guardianRelationshipToPatient',
};

/**
 * A field's validation message in the page's language. English is the contracts' message as it
 * came (the specs quote it); otherwise the catalog's text for the rule it broke: the field's
 * 'required' when its value is blank, the length and character limits, Medicaid's office-only
 * answer, else the field's 'invalid'.
 */
export const validationText = (field: string, message: string, values: GuestFormValues, t: Translate, locale: Locale): string => {
  if (locale === 'en-US') return message;
  const label = fieldLabel(field, t);
  const tooLong = /\(at most (\d+) characters\)$/.exec(message);
  if (tooLong) return t('validation.tooLong', { label, max: Number(tooLong[1]) });
  if (/ contains characters that are not allowed$/.test(message)) return t('validation.forbidden', { label });
  const value = (effectiveValues(values) as unknown as Record<string, unknown>)[field];
  if (field === 'hasMedicareInsurance' && (value === 'medicaid' || value === 'both')) return t('office.text');
  const blank = typeof value !== 'string' || value.trim() === '';
  const id = (blank ? REQUIRED[field] : undefined) ?? INVALID[field] ?? REQUIRED[field];
  return id ? t(id) : t('validation.invalid.other', { label });
};

/** The id of a field's control, so the error summary can link to it. */
export const fieldId = (field: string): string => `enrollment-${field}`;
