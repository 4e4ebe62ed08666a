/**
 * The seeded people. Dates of birth that the portal's rules depend on (27 today, 26 with the
 * birthday five months away) are computed from the sandbox clock at seed time, on the
 * practice's calendar, so the rules hold whatever day the sandbox is reset.
 */
import { addMonths, addYears, dayIn, formatUsDate, type Day } from '../time.ts';

export interface SeedPatient {
  readonly patientid: number;
  readonly firstname: string;
  readonly lastname: string;
  /** MM/DD/YYYY */
  readonly dob: string;
  readonly sex: 'F' | 'M';
  readonly email: string | null;
  readonly mobilephone: string | null;
  readonly homephone: string | null;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: 'RI';
  readonly zip: string;
  readonly primarydepartmentid: string;
  readonly primaryproviderid: string;
  /** Nine digits, invented: all start 900-99 (an area number never issued), so none is real. */
  readonly ssn: string;
  /** Has a patient portal account of their own (listed on the sign-in page). */
  readonly portalaccount: boolean;
  /** What the person is for, shown on the sign-in page and in the README. */
  readonly note: string;
}

/** Someone with proxy access to another patient's record (portalaccess + FHIR RelatedPerson). */
export interface SeedProxy {
  readonly patientid: number;
  readonly proxypatientid: number;
  /** The proxy's relationship to the patient (athenahealth `relationshiptopatient`). */
  readonly relationshiptopatient: string;
  /** v3 RoleCode of the same relationship (FHIR RelatedPerson.relationship). */
  readonly rolecode: string;
  /** The patient's relationship to the proxy, for the sign-in page ("Your parent"). */
  readonly patientrelationtoproxy: string;
  readonly accesslevel: string;
}

export interface SeedCustomFieldValue {
  readonly patientid: number;
  readonly customfieldid: string;
  readonly customfieldvalue: string;
  readonly optionid: string | null;
}

export const PATIENT_IDS = {
  margaret: 5101,
  jordan: 5102,
  tyler: 5103,
  carol: 5104,
  harold: 5105,
  emma: 5106,
  paul: 5107,
  olivia: 5108,
  nora: 5109,
} as const;

/** `years` and `months` before today; the birthday has passed this year, so the age is `years`. */
const bornAgo = (today: Day, years: number, months: number): string => formatUsDate(addMonths(addYears(today, -years), -months));

export const seedPatients = (now: Date): readonly SeedPatient[] => {
  const today = dayIn(now);
  // Turns 27 today. On 29 February the date 27 years back does not exist; the 28th is used,
  // which still makes the person exactly 27 today.
  const jordanDob = formatUsDate(addYears(today, -27));
  // 27th birthday five months from today: 26 now.
  const tylerDob = formatUsDate(addYears(addMonths(today, 5), -27));
  return [
    {
      patientid: PATIENT_IDS.margaret,
      firstname: 'Margaret',
      lastname: 'Sullivan',
      dob: '04/12/1979',
      sex: 'F',
      email: 'margaret.sullivan@example.com',
      mobilephone: '4015550111',
      homephone: '4015550121',
      address1: '42 Old River Road',
      address2: null,
      city: 'Lincoln',
      state: 'RI',
      zip: '02865',
      primarydepartmentid: '1',
      primaryproviderid: '15',
      ssn: '900994412',
      portalaccount: true,
      note: 'Adult existing patient',
    },
    {
      patientid: PATIENT_IDS.jordan,
      firstname: 'Jordan',
      lastname: 'Reyes',
      dob: jordanDob,
      sex: 'M',
      email: 'jordan.reyes@example.com',
      mobilephone: '4015550112',
      homephone: null,
      address1: '18 Greenwich Avenue',
      address2: 'Apt 3',
      city: 'Warwick',
      state: 'RI',
      zip: '02886',
      primarydepartmentid: '2',
      primaryproviderid: '8',
      ssn: '900992786',
      portalaccount: true,
      note: 'Turns 27 today: just eligible',
    },
    {
      patientid: PATIENT_IDS.tyler,
      firstname: 'Tyler',
      lastname: 'Brooks',
      dob: tylerDob,
      sex: 'M',
      email: 'tyler.brooks@example.com',
      mobilephone: '4015550113',
      homephone: null,
      address1: '7 Front Street',
      address2: null,
      city: 'Lincoln',
      state: 'RI',
      zip: '02865',
      primarydepartmentid: '1',
      primaryproviderid: '17',
      ssn: '900992651',
      portalaccount: true,
      note: '26, turns 27 in about five months: too young to enroll',
    },
    {
      patientid: PATIENT_IDS.carol,
      firstname: 'Carol',
      lastname: 'Bennett',
      dob: bornAgo(today, 58, 3),
      sex: 'F',
      email: 'carol.bennett@example.com',
      mobilephone: '4015550114',
      homephone: '4015550124',
      address1: '96 Atwood Avenue',
      address2: null,
      city: 'Johnston',
      state: 'RI',
      zip: '02919',
      primarydepartmentid: '8',
      primaryproviderid: '2',
      ssn: '900995803',
      portalaccount: true,
      note: 'Caregiver for her father Harold and her daughter Emma',
    },
    {
      patientid: PATIENT_IDS.harold,
      firstname: 'Harold',
      lastname: 'Bennett',
      dob: bornAgo(today, 84, 7),
      sex: 'M',
      email: null,
      mobilephone: null,
      homephone: '4015550115',
      address1: '96 Atwood Avenue',
      address2: null,
      city: 'Johnston',
      state: 'RI',
      zip: '02919',
      primarydepartmentid: '8',
      primaryproviderid: '5',
      ssn: '900998407',
      portalaccount: false,
      note: "Carol's father, 84; reached through Carol's account",
    },
    {
      patientid: PATIENT_IDS.emma,
      firstname: 'Emma',
      lastname: 'Bennett',
      dob: bornAgo(today, 19, 2),
      sex: 'F',
      email: 'emma.bennett@example.com',
      mobilephone: '4015550116',
      homephone: null,
      address1: '96 Atwood Avenue',
      address2: null,
      city: 'Johnston',
      state: 'RI',
      zip: '02919',
      primarydepartmentid: '8',
      primaryproviderid: '2',
      ssn: '900991902',
      portalaccount: false,
      note: "Carol's daughter, 19; reached through Carol's account",
    },
    {
      patientid: PATIENT_IDS.paul,
      firstname: 'Paul',
      lastname: 'Whitaker',
      dob: bornAgo(today, 61, 4),
      sex: 'M',
      email: 'paul.whitaker@example.com',
      mobilephone: '4015550117',
      homephone: null,
      address1: '221 Warwick Avenue',
      address2: null,
      city: 'Warwick',
      state: 'RI',
      zip: '02888',
      primarydepartmentid: '2',
      primaryproviderid: '8',
      ssn: '900996104',
      portalaccount: true,
      note: "Custom field 21 'MDRI Paid Up' = Yes",
    },
    {
      patientid: PATIENT_IDS.olivia,
      firstname: 'Olivia',
      lastname: 'Hart',
      dob: bornAgo(today, 45, 8),
      sex: 'F',
      email: 'olivia.hart@example.com',
      mobilephone: '4015550118',
      homephone: null,
      address1: '55 Lonsdale Avenue',
      address2: null,
      city: 'Lincoln',
      state: 'RI',
      zip: '02865',
      primarydepartmentid: '1',
      primaryproviderid: '12',
      ssn: '900994508',
      portalaccount: true,
      note: 'Custom field 81 membership opt-out = Yes',
    },
    {
      patientid: PATIENT_IDS.nora,
      firstname: 'Nora',
      lastname: 'Quinn',
      dob: bornAgo(today, 70, 1),
      sex: 'F',
      email: null,
      mobilephone: '4015550119',
      homephone: '4015550129',
      address1: '12 Bayview Drive',
      address2: null,
      city: 'Warwick',
      state: 'RI',
      zip: '02889',
      primarydepartmentid: '2',
      primaryproviderid: '1',
      ssn: '900997001',
      portalaccount: true,
      note: '70, no email on file: flows that need an email must cope',
    },
  ];
};

export const SEED_PROXIES: readonly SeedProxy[] = [
  // Carol is Harold's daughter: on Harold's record she is his "Child"; Harold is her parent.
  {
    patientid: PATIENT_IDS.harold,
    proxypatientid: PATIENT_IDS.carol,
    relationshiptopatient: 'Child',
    rolecode: 'CHILD',
    patientrelationtoproxy: 'Parent',
    accesslevel: 'FULL',
  },
  // Carol is Emma's mother: on Emma's record she is her "Parent"; Emma is her child.
  {
    patientid: PATIENT_IDS.emma,
    proxypatientid: PATIENT_IDS.carol,
    relationshiptopatient: 'Parent',
    rolecode: 'PRN',
    patientrelationtoproxy: 'Child',
    accesslevel: 'FULL',
  },
];

export const SEED_CUSTOM_FIELD_VALUES: readonly SeedCustomFieldValue[] = [
  { patientid: PATIENT_IDS.paul, customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' },
  { patientid: PATIENT_IDS.olivia, customfieldid: '81', customfieldvalue: 'Yes', optionid: '8101' },
];
