/**
 * The guest's patient information step (booking-dashboard-staff §2, §3 'Patient form', §5):
 * values as typed, the input behaviour (phone as (555) 123-4567, ZIP formatted as typed, last four
 * SSN digits only), the caregiver box, which contact fields are read-only, and the body of
 * POST /api/appointments/patient-info. Every rule and message comes from the contracts'
 * `BookingPatientForm`; nothing here re-states a rule.
 */
import { BookingPatientForm, decodeBody } from '@portal/contracts';
import { formatPhone, formatPhoneInput, formatZip } from '@portal/ui';

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
