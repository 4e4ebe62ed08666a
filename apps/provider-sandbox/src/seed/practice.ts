/**
 * Practice 29391 as the sandbox serves it: three departments, thirteen providers, the
 * appointment types, the custom fields and the cancel reasons. This reference data never
 * changes at run time, so it lives here rather than in tables; what changes (patients, slots,
 * bookings, custom field values, documents, tokens) lives in PostgreSQL.
 */

export const PRACTICE_ID = '29391';
/** The `ah_practice` of token responses and the FHIR `ah-practice` parameter's organization id. */
export const AH_PRACTICE = `a-1.Practice-${PRACTICE_ID}`;
export const FHIR_PATIENT_PREFIX = `a-${PRACTICE_ID}.E-`;

/** The backend (2-legged) client: HTTP Basic on POST /oauth2/v1/token. */
export const BACKEND_CLIENT_ID = 'portal-sandbox-client';
export const BACKEND_CLIENT_SECRET = 'portal-sandbox-secret';
/** The patient-facing SMART app: a public client (PKCE, no secret). */
export const PATIENT_APP_CLIENT_ID = 'portal-patient-app';
export const PATIENT_APP_NAME = 'Member Portal';

export interface Department {
  readonly departmentid: string;
  readonly name: string;
  readonly patientdepartmentname: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly phone: string;
  readonly timezonename: string;
}

export const DEPARTMENTS: readonly Department[] = [
  {
    departmentid: '1',
    name: 'Valley Family Practice',
    patientdepartmentname: 'Valley Family Practice',
    address: '1150 Smithfield Avenue',
    city: 'Lincoln',
    state: 'RI',
    zip: '02865',
    phone: '4015550101',
    timezonename: 'America/New_York',
  },
  {
    departmentid: '2',
    name: 'Bay Primary Care',
    patientdepartmentname: 'Bay Primary Care',
    address: '300 Post Road',
    city: 'Warwick',
    state: 'RI',
    zip: '02888',
    phone: '4015550102',
    timezonename: 'America/New_York',
  },
  {
    departmentid: '8',
    name: 'Cherry Hill Medical',
    patientdepartmentname: 'Cherry Hill Medical',
    address: '25 Cherry Hill Road',
    city: 'Johnston',
    state: 'RI',
    zip: '02919',
    phone: '4015550108',
    timezonename: 'America/New_York',
  },
];

export interface Provider {
  readonly providerid: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly displayname: string;
  readonly providertypeid: string;
  readonly providertype: string;
  /** Absent for some providers, as in athenahealth. */
  readonly specialty?: string;
  readonly npi: number;
  readonly hideinportal: boolean;
  readonly sex: 'F' | 'M';
  /** The department whose schedule the provider keeps (sandbox-only, not sent). */
  readonly departmentid: string;
  /** ISO weekday (1-5) the provider does not see patients. */
  readonly dayOff: number;
}

const provider = (
  providerid: number,
  firstname: string,
  lastname: string,
  credential: 'MD' | 'DO' | 'NP' | 'PA-C',
  specialty: string | undefined,
  npi: number,
  sex: 'F' | 'M',
  departmentid: string,
  dayOff: number,
): Provider => ({
  providerid,
  firstname,
  lastname,
  displayname: `${firstname} ${lastname}, ${credential}`,
  providertypeid: credential === 'PA-C' ? 'PA' : credential,
  providertype: { MD: 'MD', DO: 'DO', NP: 'NP', 'PA-C': 'PA' }[credential],
  ...(specialty === undefined ? {} : { specialty }),
  npi,
  hideinportal: false,
  sex,
  departmentid,
  dayOff,
});

/** In the order the practice lists them (booking-dashboard-staff §5). */
export const PROVIDERS: readonly Provider[] = [
  provider(15, 'Sarah', 'Chen', 'MD', 'Family Medicine', 1467583920, 'F', '1', 5),
  provider(17, 'Michael', 'Torres', 'DO', 'Family Medicine', 1538204617, 'M', '1', 3),
  provider(12, 'Priya', 'Raman', 'MD', 'Internal Medicine', 1629385014, 'F', '1', 1),
  provider(6, 'Daniel', 'Okafor', 'NP', undefined, 1730492856, 'M', '1', 4),
  provider(13, 'Emily', 'Larson', 'PA-C', undefined, 1841503967, 'F', '1', 2),
  provider(8, 'Robert', 'Castellano', 'MD', 'Internal Medicine', 1952614078, 'M', '2', 5),
  provider(1, 'Linda', 'Nguyen', 'MD', 'Geriatrics', 1063725189, 'F', '2', 1),
  provider(14, 'James', 'Whitfield', 'DO', 'Family Medicine', 1174836290, 'M', '2', 3),
  provider(3, 'Hannah', 'Moreau', 'NP', 'Pediatrics', 1285947301, 'F', '2', 2),
  provider(2, 'Thomas', 'Bradley', 'MD', 'Family Medicine', 1396058412, 'M', '8', 4),
  provider(16, 'Aisha', 'Patel', 'MD', 'Pediatrics', 1407169523, 'F', '8', 1),
  provider(7, 'Kevin', "O'Brien", 'PA-C', undefined, 1518270634, 'M', '8', 5),
  provider(5, 'Maria', 'Delgado', 'MD', 'Internal Medicine', 1629381745, 'F', '8', 3),
];

export interface AppointmentType {
  readonly appointmenttypeid: string;
  readonly name: string;
  readonly shortname: string;
  readonly duration: number;
  /** Patients may book it themselves. */
  readonly patient: boolean;
  readonly generic: boolean;
  /** Share of a provider's open slots offered as this type (sandbox-only, not sent). */
  readonly weight: number;
}

export const APPOINTMENT_TYPES: readonly AppointmentType[] = [
  { appointmenttypeid: '2', name: 'Office Visit', shortname: 'OV', duration: 30, patient: true, generic: false, weight: 30 },
  { appointmenttypeid: '4', name: 'Follow-up', shortname: 'FU', duration: 15, patient: true, generic: false, weight: 20 },
  { appointmenttypeid: '7', name: 'Consultation', shortname: 'CONS', duration: 30, patient: true, generic: false, weight: 10 },
  { appointmenttypeid: '9', name: 'Telehealth', shortname: 'TELE', duration: 20, patient: true, generic: false, weight: 15 },
  { appointmenttypeid: '5', name: 'Annual Physical', shortname: 'PHYS', duration: 30, patient: true, generic: false, weight: 15 },
  { appointmenttypeid: '12', name: 'Annual Physical (Medicare Wellness)', shortname: 'AWV', duration: 30, patient: true, generic: false, weight: 10 },
  { appointmenttypeid: '3', name: 'Lab Work', shortname: 'LAB', duration: 15, patient: false, generic: false, weight: 0 },
  { appointmenttypeid: '1', name: 'Any 15', shortname: 'ANY15', duration: 15, patient: false, generic: true, weight: 0 },
];

/** Pediatric providers do not offer the Medicare wellness visit. */
export const typesOfferedBy = (p: Provider): readonly AppointmentType[] =>
  APPOINTMENT_TYPES.filter((type) => type.weight > 0 && !(p.specialty === 'Pediatrics' && type.appointmenttypeid === '12'));

export interface CustomFieldOption {
  readonly optionid: string;
  readonly optionvalue: string;
}

export interface CustomField {
  readonly customfieldid: string;
  readonly name: string;
  readonly type: 'SELECT' | 'TEXT';
  readonly select: boolean;
  readonly disallowupdate: boolean;
  readonly selectlist?: readonly CustomFieldOption[];
}

export const CUSTOM_FIELDS: readonly CustomField[] = [
  {
    customfieldid: '21',
    name: 'MDRI Paid Up',
    type: 'SELECT',
    select: true,
    disallowupdate: false,
    selectlist: [
      { optionid: '2101', optionvalue: 'Yes' },
      { optionid: '2102', optionvalue: 'No' },
    ],
  },
  {
    customfieldid: '81',
    name: 'Membership Opt-Out',
    type: 'SELECT',
    select: true,
    disallowupdate: false,
    selectlist: [
      { optionid: '8101', optionvalue: 'Yes' },
      { optionid: '8102', optionvalue: 'No' },
    ],
  },
  { customfieldid: '1', name: 'Legacy Patient ID', type: 'TEXT', select: false, disallowupdate: true },
];

export const CANCEL_REASONS = [
  { appointmentcancelreasonid: '1', name: 'Provider Unavailable', noshow: false, slotavailable: true },
  { appointmentcancelreasonid: '2', name: 'Patient No Show', noshow: true, slotavailable: false },
  { appointmentcancelreasonid: '3', name: 'Scheduling Error', noshow: false, slotavailable: true },
  { appointmentcancelreasonid: '4', name: 'Patient Cancelled', noshow: false, slotavailable: true },
  { appointmentcancelreasonid: '5', name: 'Rescheduled', noshow: false, slotavailable: true },
] as const;

export const departmentById = (id: string): Department | undefined => DEPARTMENTS.find((d) => d.departmentid === id);
export const providerById = (id: number): Provider | undefined => PROVIDERS.find((p) => p.providerid === id);
export const appointmentTypeById = (id: string): AppointmentType | undefined =>
  APPOINTMENT_TYPES.find((t) => t.appointmenttypeid === id);
export const customFieldById = (id: string): CustomField | undefined => CUSTOM_FIELDS.find((f) => f.customfieldid === id);
