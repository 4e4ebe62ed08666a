/**
 * The guest's patient information step (booking-dashboard-staff §2, §3 'Patient form', §5):
 * values as typed, the input behaviour (phone as (555) 123-4567, ZIP formatted as typed, last four
 * SSN digits only), the caregiver box, which contact fields are read-only, and the body of
 * POST /api/appointments/patient-info. Every rule and message comes from the contracts'
 * `BookingPatientForm`; nothing here re-states a rule.
 */
import { BookingPatientForm, decodeBody } from '@portal/contracts';
import { formatPhone, formatPhoneInput, formatZip } from '@portal/ui';
import type { MessageId, Words } from './i18n.ts';

export interface PatientFormValues {
  readonly isGuardianSigning: boolean;
  readonly guardianFirstName: string;
  readonly guardianLastName: string;
  readonly guardianPhone: string;
  readonly guardianEmail: string;
  readonly guardianRelationshipToPatient: string;
  readonly firstName: string;
  readonly lastName: string;
  /** 'YYYY-MM-DD' from the date input. */
  readonly dateOfBirth: string;
  readonly email: string;
  readonly phone: string;
  readonly zipCode: string;
  readonly lastFourSSN: string;
  readonly patientStatus: 'existing' | 'new';
  readonly department: string;
}

export type PatientTextField = {
  [K in keyof PatientFormValues]: PatientFormValues[K] extends string ? K : never;
}[keyof PatientFormValues];

/** The verified guest: email and phone from /guest-login. */
export interface VerifiedGuest {
  readonly email: string;
  readonly phone: string;
}

export const initialPatientForm = (guest: VerifiedGuest, department = ''): PatientFormValues => ({
  isGuardianSigning: false,
  guardianFirstName: '',
  guardianLastName: '',
  guardianPhone: '',
  guardianEmail: '',
  guardianRelationshipToPatient: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  email: guest.email,
  phone: formatPhone(guest.phone),
  zipCode: '',
  lastFourSSN: '',
  patientStatus: 'existing',
  department,
});

const digits = (value: string): string => value.replace(/\D/g, '');

const INPUT_BEHAVIOUR: Partial<Record<PatientTextField, (value: string) => string>> = {
  phone: formatPhoneInput,
  guardianPhone: formatPhoneInput,
  zipCode: formatZip,
  lastFourSSN: (value) => digits(value).slice(0, 4),
};

/** Sets one text field, applying its input behaviour. */
export const setPatientText = (values: PatientFormValues, field: PatientTextField, value: string): PatientFormValues => ({
  ...values,
  [field]: INPUT_BEHAVIOUR[field]?.(value) ?? value,
});

/**
 * The caregiver box: checked, the verified email and phone become the caregiver's and the
 * patient's are emptied; unchecked, they go back to the patient and the caregiver's are emptied.
 */
export const setCaregiver = (values: PatientFormValues, checked: boolean, guest: VerifiedGuest): PatientFormValues =>
  checked
    ? { ...values, isGuardianSigning: true, guardianEmail: guest.email, guardianPhone: formatPhone(guest.phone), email: '', phone: '' }
    : { ...values, isGuardianSigning: false, guardianEmail: '', guardianPhone: '', email: guest.email, phone: formatPhone(guest.phone) };

/** The verified email and phone are read-only wherever they are (the patient's, or the caregiver's). */
export const readOnlyFields = (values: PatientFormValues): ReadonlySet<PatientTextField> =>
  new Set<PatientTextField>(values.isGuardianSigning ? ['guardianEmail', 'guardianPhone'] : ['email', 'phone']);

export type PatientFormResult =
  | { readonly ok: true; readonly body: BookingPatientForm }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>>; readonly order: readonly string[] };

/** Decodes the form with the contracts' BookingPatientForm; on success, the request body. */
export const validatePatientForm = (values: PatientFormValues): PatientFormResult => {
  const decoded = decodeBody(BookingPatientForm, { ...values });
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
  return { ok: true, body: decoded.right };
};

/** Each field's label in the catalogs (the screen's labels: 'First Name', 'Caregiver Email', …). */
export const FIELD_LABELS: Readonly<Record<PatientTextField, MessageId>> = {
  guardianFirstName: 'patient.caregiverFirstName',
  guardianLastName: 'patient.caregiverLastName',
  guardianPhone: 'patient.caregiverPhone',
  guardianEmail: 'patient.caregiverEmail',
  guardianRelationshipToPatient: 'patient.relationship',
  firstName: 'patient.firstName',
  lastName: 'patient.lastName',
  dateOfBirth: 'patient.dateOfBirth',
  email: 'patient.email',
  phone: 'patient.phone',
  zipCode: 'patient.zipCode',
  lastFourSSN: 'patient.lastFourSSN',
  patientStatus: 'patient.status',
  department: 'location.field',
};

// The other languages' words for the contracts' messages, by field and rule.
const REQUIRED: Partial<Record<string, MessageId>> = {
  firstName: 'validation.required.firstName',
  lastName: 'validation.required.lastName',
  dateOfBirth: 'validation.required.dateOfBirth',
  email: 'validation.required.email',
  phone: 'validation.required.phone',
  zipCode: 'validation.required.zipCode',
  lastFourSSN: 'validation.required.lastFourSSN',
  patientStatus: 'validation.required.patientStatus',
  department: 'validation.required.department',
  guardianFirstName: 'validation.required.guardianFirstName',
  guardianLastName: 'validation.required.guardianLastName',
  guardianPhone: 'validation.required.guardianPhone',
  guardianEmail: 'validation.required.guardianEmail',
  guardianRelationshipToPatient: 'validation.required.guardianRelationshipToPatient',
};
const INVALID: Partial<Record<string, MessageId>> = {
  dateOfBirth: 'validation.invalid.dateOfBirth',
  email: 'validation.invalid.email',
  phone: 'validation.invalid.phone',
  zipCode: 'validation.invalid.zipCode',
  lastFourSSN: 'validation.invalid.lastFourSSN',
  patientStatus: 'validation.invalid.patientStatus',
  department: 'validation.invalid.department',
  guardianPhone: 'validation.invalid.guardianPhone',
  guardianEmail: 'validation.invalid.guardianEmail',
  guardianRelationshipToPatient: 'validation.invalid.guardianRelationshipToPatient',
};

/**
 * A field's validation message in the page's language: in English the contracts' message as it
 * came (as before); otherwise the catalog's text for the rule it broke (too long, characters not
 * allowed, blank, else not valid).
 */
export const validationText = ({ t, locale }: Words, field: string, message: string, values: PatientFormValues): string => {
  if (locale === 'en-US') return message;
  const labelId = (FIELD_LABELS as Readonly<Record<string, MessageId>>)[field];
  const label = labelId ? t(labelId) : field;
  const tooLong = /\(at most (\d+) characters\)$/.exec(message);
  if (tooLong) return t('validation.tooLong', { label, max: Number(tooLong[1]) });
  if (/ contains characters that are not allowed$/.test(message)) return t('validation.forbidden', { label });
  const value = (values as unknown as Record<string, unknown>)[field];
  const blank = typeof value !== 'string' || value.trim() === '';
  const id = (blank ? REQUIRED[field] : INVALID[field]) ?? INVALID[field] ?? REQUIRED[field];
  return id ? t(id) : message;
};
