/**
 * The practice's reference data (enrollment-and-payment §3, §9). The health record's department
 * directory (ids and names) is fixed here; the practice's real-world contact details (addresses,
 * phones, support email, nurse line, concierge doctors, links) are practice configuration
 * (config/practice.json, docs/decisions/0028-dashboard-nurse-line-practice-config.md): read and
 * checked by practice-config.ts at start-up and installed with `configurePractice`.
 */

export const PRACTICE_NAME = 'MDRI Primary Care';
export const PRACTICE_ID = '29391';
export const DEFAULT_DEPARTMENT_ID = '1';
export const PRACTICE_TIME_ZONE = 'America/New_York';
export const MINIMUM_ENROLLMENT_AGE = 27;
export const GUARDIAN_RELATIONSHIP_ID = '10';
export const DEFAULT_CANCELLATION_REASON_ID = '4';
export const CUSTOM_FIELD_PAID_UP = '21';
export const CUSTOM_FIELD_OPT_OUT = '81';

export const DEPARTMENT_IDS = ['1', '2', '8'] as const;
export type DepartmentId = (typeof DEPARTMENT_IDS)[number];

/** One location's contact details in the practice configuration. */
export interface PracticeLocationContact {
  readonly id: DepartmentId;
  readonly address1: string;
  readonly city: string;
  /** Two letters. */
  readonly state: string;
  /** 5 digits or 5+4. */
  readonly zip: string;
  /** 10 digits. */
  readonly phone: string;
}

/**
 * The practice configuration (config/practice.json; PRACTICE_CONFIG_PATH names another file).
 * Parsed and checked by `parsePracticeConfig` (practice-config.ts); README 'Practice configuration'
 * documents each key.
 */
export interface PracticeConfig {
  /** The practice's contact address: footer, logout confirmation, error pages. */
  readonly supportEmail: string;
  /** The health record's patient portal login (opened in a new tab). */
  readonly patientPortalUrl: string;
  /** The website's membership details page (membership tier screen). */
  readonly membershipDetailsUrl: string;
  /** The doctors whose patients may choose a concierge tier (concierge acknowledgment dialog). */
  readonly conciergeDoctors: readonly string[];
  /** The members-only nurse line: served only to active members (GET /api/nurse-line). */
  readonly nurseLine: { readonly phone: string; readonly hours: string };
  /** Contact details of each department of the health record (every department id once). */
  readonly locations: readonly PracticeLocationContact[];
}

export interface PracticeLocation {
  readonly id: DepartmentId;
  readonly name: string;
  /** Contact details from the practice configuration; '' until it is installed. */
  readonly address1: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  /** Digits only; format for display with formatPhone. */
  readonly phone: string;
}

/** The health record's departments: ids and names (the names its scheduling shows). */
export const DEPARTMENTS: ReadonlyArray<{ readonly id: DepartmentId; readonly name: string }> = [
  { id: '1', name: 'Valley Family Practice' },
  { id: '2', name: 'Bay Primary Care' },
  { id: '8', name: 'Cherry Hill Medical' },
];

const withoutContact = (): PracticeLocation[] => DEPARTMENTS.map((d) => ({ ...d, address1: '', city: '', state: '', zip: '', phone: '' }));

/**
 * The locations with their contact details. A live binding: `configurePractice` replaces it, so
 * every reader (location names, appointment emails, consent documents) sees the configured details.
 * Before that (a browser bundle, which gets the details from GET /api/config/practice) only ids
 * and names are filled in.
 */
export let PRACTICE_LOCATIONS: readonly PracticeLocation[] = withoutContact();

let installed: PracticeConfig | null = null;

/** Installs the practice configuration (the composition root does, once, at start-up). */
export const configurePractice = (config: PracticeConfig): void => {
  installed = config;
  PRACTICE_LOCATIONS = DEPARTMENTS.map((department) => {
    const contact = config.locations.find((location) => location.id === department.id);
    return contact ? { ...department, address1: contact.address1, city: contact.city, state: contact.state, zip: contact.zip, phone: contact.phone } : { ...department, address1: '', city: '', state: '', zip: '', phone: '' };
  });
};

/** The installed practice configuration; throws when the process never installed one. */
export const practiceConfig = (): PracticeConfig => {
  if (!installed) throw new Error('The practice configuration was not installed (configurePractice)');
  return installed;
};

export const UNKNOWN_LOCATION = 'Unknown Location';
export const UNKNOWN_PROVIDER = 'Unknown Provider';

export const locationName = (id: string | null | undefined): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === id)?.name ?? UNKNOWN_LOCATION;

export const PROVIDER_IDS = ['15', '17', '12', '6', '13', '8', '1', '14', '3', '2', '16', '7', '5'] as const;

/** The practice's notice for cancelling or moving an appointment: 24 hours of elapsed time (booking-dashboard-staff §5). */
export const CANCELLATION_CUTOFF_MS = 24 * 60 * 60 * 1000;

/** The practice's annual physicals (appointment type ids): choosing one shows the insurance-benefit warning. */
export const ANNUAL_PHYSICAL_TYPE_IDS = ['5', '12'] as const;
