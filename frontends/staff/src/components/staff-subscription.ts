import { PRACTICE_LOCATIONS, TIERS } from '@portal/client';
import type { StaffCreateSubscriptionResponse, StaffEligibilityWarning, StaffPatientRecord } from '@portal/contracts';
import { DEFAULT_STAFF_TIER, STATE_MAX_LENGTH, ZIP_MAX_LENGTH } from '../staff-portal.ts';

/** The four paid tiers staff may subscribe a patient to. */
export const PAID_TIERS = (['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'] as const).map((code) => TIERS[code]);

export interface SubscriptionForm {
  membershipTier: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  department: string;
  paymentMethod: 'card' | 'manual_payment';
}

/** The subscription form filled from the patient's record. */
export const formFor = (patient: StaffPatientRecord): SubscriptionForm => ({
  membershipTier: DEFAULT_STAFF_TIER,
  email: patient.email ?? '',
  line1: patient.address1 ?? '',
  line2: patient.address2 ?? '',
  city: patient.city ?? '',
  state: (patient.state ?? '').slice(0, STATE_MAX_LENGTH),
  postalCode: (patient.zip ?? '').slice(0, ZIP_MAX_LENGTH),
  department: PRACTICE_LOCATIONS.some((location) => location.id === patient.primarydepartmentid) ? (patient.primarydepartmentid ?? '1') : (PRACTICE_LOCATIONS[0]?.id ?? '1'),
  paymentMethod: 'card',
});

/** Where the staff flow stands: searching, the eligibility warning, the form, paying, done. */
export type Stage =
  | { readonly kind: 'search' }
  | { readonly kind: 'warning'; readonly patient: StaffPatientRecord; readonly warnings: readonly StaffEligibilityWarning[] }
  | { readonly kind: 'configure'; readonly patient: StaffPatientRecord }
  | { readonly kind: 'card'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse; readonly email: string; readonly amount: string }
  | { readonly kind: 'processing'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse }
  | { readonly kind: 'success'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse; readonly manual: boolean };

export const fullName = (patient: StaffPatientRecord): string => `${patient.firstname} ${patient.lastname}`;
