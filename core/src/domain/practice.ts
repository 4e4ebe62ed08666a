/**
 * The practice's reference data (enrollment-and-payment §3, §9). Location addresses and phones
 * are not in the spec; these are the practice's published details and live only here.
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

export interface PracticeLocation {
  readonly id: DepartmentId;
  readonly name: string;
  readonly address1: string;
  readonly city: string;
  readonly state: 'RI';
  readonly zip: string;
  /** Digits only; format for display with formatPhone. */
  readonly phone: string;
}

export const PRACTICE_LOCATIONS: readonly PracticeLocation[] = [
  { id: '1', name: 'Valley Family Practice', address1: '1150 Smithfield Avenue', city: 'Lincoln', state: 'RI', zip: '02865', phone: '4015550101' },
  { id: '2', name: 'Bay Primary Care', address1: '300 Post Road', city: 'Warwick', state: 'RI', zip: '02888', phone: '4015550102' },
  { id: '8', name: 'Cherry Hill Medical', address1: '25 Cherry Hill Road', city: 'Johnston', state: 'RI', zip: '02919', phone: '4015550108' },
];

export const UNKNOWN_LOCATION = 'Unknown Location';
export const UNKNOWN_PROVIDER = 'Unknown Provider';

export const locationName = (id: string | null | undefined): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === id)?.name ?? UNKNOWN_LOCATION;

export const PROVIDER_IDS = ['15', '17', '12', '6', '13', '8', '1', '14', '3', '2', '16', '7', '5'] as const;
