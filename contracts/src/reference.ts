/**
 * Reference lists the forms offer and the codecs accept (enrollment-and-payment §3 "Reference
 * data", booking-dashboard-staff §3). Frontends may not import core, so the lists that selects
 * show live here; tier and location tables are re-exported from core by index.ts.
 */

/** Relationship options (id → label) for the insured party and the caregiver; '1' is self (insurance only). */
export const RELATIONSHIP_OPTIONS = [
  { id: '2', label: 'Spouse' },
  { id: '3', label: 'Parent' },
  { id: '4', label: 'Other' },
  { id: '5', label: 'Grandchild' },
  { id: '6', label: 'Grandparent' },
  { id: '7', label: 'Uncle or Aunt' },
  { id: '9', label: 'Foster Parent' },
  { id: '10', label: 'Guardian' },
  { id: '11', label: 'Stepmother or Stepfather' },
  { id: '12', label: 'Employer' },
  { id: '17', label: 'Significant Other' },
  { id: '18', label: 'Child' },
  { id: '26', label: 'Life Partner' },
  { id: '13', label: 'Unknown' },
] as const;

export const RELATIONSHIP_IDS = RELATIONSHIP_OPTIONS.map((option) => option.id);
export type RelationshipId = (typeof RELATIONSHIP_OPTIONS)[number]['id'];

/** In the insurance section, relationship '1' means the patient is the insured. */
export const SELF_RELATIONSHIP_ID = '1';
export const INSURED_RELATIONSHIP_IDS: ReadonlyArray<string> = [SELF_RELATIONSHIP_ID, ...RELATIONSHIP_IDS];

/** Emergency contact relationships (new patients). */
export const EMERGENCY_CONTACT_RELATIONSHIPS = [
  'CHILD',
  'COUSIN',
  'FRIEND',
  'GUARDIAN',
  'OTHER',
  'PARENT',
  'SIBLING',
  'SPOUSE',
] as const;
export type EmergencyContactRelationship = (typeof EMERGENCY_CONTACT_RELATIONSHIPS)[number];

/**
 * Caregiver relationship options of the guest booking form (booking-dashboard-staff §3). The spec
 * gives labels only; the values are ours. 'Authorized Representative' is shown as 'Authorized Caregiver'.
 */
export const BOOKING_CAREGIVER_RELATIONSHIPS = [
  { value: 'parent', label: 'Parent' },
  { value: 'legal_guardian', label: 'Legal Guardian' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'grandparent', label: 'Grandparent' },
  { value: 'adult_child', label: 'Adult Child' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'other_relative', label: 'Other Relative' },
  { value: 'authorized_representative', label: 'Authorized Caregiver' },
  { value: 'power_of_attorney', label: 'Power of Attorney' },
  { value: 'healthcare_proxy', label: 'Healthcare Proxy' },
  { value: 'caregiver', label: 'Caregiver' },
  { value: 'foster_parent', label: 'Foster Parent' },
  { value: 'step_parent', label: 'Step-parent' },
  { value: 'other', label: 'Other' },
] as const;
export const BOOKING_CAREGIVER_RELATIONSHIP_VALUES = BOOKING_CAREGIVER_RELATIONSHIPS.map((option) => option.value);
export type BookingCaregiverRelationship = (typeof BOOKING_CAREGIVER_RELATIONSHIPS)[number]['value'];

export const PATIENT_STATUSES = ['existing', 'new'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * Patient contact types (GET /api/oauth/patient-contacts). The spec says the type "includes
 * caregiver": 'patient' is the signed-in person's own record, 'caregiver' a patient they act for.
 */
export const CONTACT_TYPES = ['patient', 'caregiver'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Which flow a practice-location choice belongs to (POST /api/auth/update-session). */
export const WORKFLOW_TYPES = ['enrollment', 'appointments'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];

/** Staff payment method: a card, or manual payment handled by the front desk. */
export const STAFF_PAYMENT_METHODS = ['card', 'manual_payment'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];
export const DEFAULT_STAFF_PAYMENT_METHOD: StaffPaymentMethod = 'card';
