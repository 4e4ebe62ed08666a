/**
 * The practice location step (enrollment-and-payment §2 'Practice location screen', §5
 * 'Eligibility'): the choices, when Continue may be pressed, what is wrong, and the two
 * update-session bodies that save the choice.
 */
import { PRACTICE_LOCATIONS } from '@portal/client';
import type { Contact, HasMedicareInsurance } from '@portal/contracts';
import { messages } from './i18n.ts';
import type { Translate } from './i18n.ts';

export interface MedicareOption {
  readonly value: HasMedicareInsurance;
}

export const MEDICARE_OPTIONS: readonly MedicareOption[] = [{ value: 'no' }, { value: 'medicare' }, { value: 'medicaid' }, { value: 'both' }];

/** 'No, neither Medicare nor Medicaid', 'Yes, Medicare', … */
export const medicareLabel = (value: HasMedicareInsurance, t: Translate = messages.t): string => t('medicare.option', { value });

export const isMedicareValue = (value: string): value is HasMedicareInsurance => MEDICARE_OPTIONS.some((option) => option.value === value);

/** Medicaid participants (alone or with Medicare) enroll by phone or at the office. */
export const needsOfficeEnrollment = (value: string): boolean => value === 'medicaid' || value === 'both';

export const isPracticeLocationId = (value: string): boolean => PRACTICE_LOCATIONS.some((location) => location.id === value);

/** A location's name; unknown ids read 'Unknown Location' (enrollment-and-payment §3). */
export const practiceLocationName = (id: string, t: Translate = messages.t): string =>
  PRACTICE_LOCATIONS.find((location) => location.id === id)?.name ?? t('location.unknown');

export interface LocationFormValues {
  readonly practiceLocation: string;
  readonly contactId: string;
  readonly hasMedicareInsurance: string;
}

export type LocationFormField = keyof LocationFormValues;

/** With exactly one contact it is preselected; otherwise nobody is. */
export const initialContactId = (contacts: readonly Pick<Contact, 'id'>[]): string => (contacts.length === 1 ? contacts[0]!.id : '');

/** Continue is enabled once a location and a contact are chosen, and never for Medicaid participants. */
export const canContinue = (values: LocationFormValues, contacts: readonly Pick<Contact, 'id'>[]): boolean =>
  isPracticeLocationId(values.practiceLocation) &&
  contacts.some((contact) => contact.id === values.contactId) &&
  !needsOfficeEnrollment(values.hasMedicareInsurance);

/** The first problem with the form, in screen order, or null. */
export const locationFormError = (
  values: LocationFormValues,
  contacts: readonly Pick<Contact, 'id'>[],
  t: Translate = messages.t,
): { field: LocationFormField; message: string } | null => {
  if (!isPracticeLocationId(values.practiceLocation)) return { field: 'practiceLocation', message: t('locationPage.required.location') };
  if (!isMedicareValue(values.hasMedicareInsurance)) return { field: 'hasMedicareInsurance', message: t('locationPage.required.medicare') };
  if (needsOfficeEnrollment(values.hasMedicareInsurance)) {
    return { field: 'hasMedicareInsurance', message: t('office.text') };
  }
  if (!contacts.some((contact) => contact.id === values.contactId)) return { field: 'contactId', message: t('locationPage.required.contact') };
  return null;
};

/**
 * 'Already Enrolled' at the location step (§5 'Eligibility': the session already has an active
 * subscription): the session's own patient — the contact marked 'You' — is chosen and the
 * membership status says active. Another contact (a caregiver's dependent) is checked by the
 * server when the tier is chosen. Unknown status (still loading, or billing unreachable) blocks
 * nothing: the server checks again on the tier step.
 */
export const alreadyEnrolled = (
  contactId: string,
  contacts: readonly Pick<Contact, 'id' | 'isCurrentPatient'>[],
  status: { readonly hasActiveSubscription: boolean } | undefined,
): boolean => status?.hasActiveSubscription === true && contacts.some((contact) => contact.id === contactId && contact.isCurrentPatient);

/** POST /api/auth/update-session: the location with the chosen contact. */
export const contactSessionUpdate = (practiceLocation: string, contact: Pick<Contact, 'id' | 'type'>) => ({
  practiceLocation,
  workflowType: 'enrollment' as const,
  selectedContactId: contact.id,
  selectedContactType: contact.type,
});

/** POST /api/auth/update-session: the location with the Medicare/Medicaid status. */
export const medicareSessionUpdate = (practiceLocation: string, hasMedicareInsurance: HasMedicareInsurance) => ({
  practiceLocation,
  workflowType: 'enrollment' as const,
  hasMedicareInsurance,
});

export interface ContactView {
  readonly name: string;
  readonly isYou: boolean;
  /** Shown for caregivers (someone else's record). */
  readonly relationship: string | null;
  readonly email: string | null;
}

const text = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

export const contactView = (contact: Contact, t: Translate = messages.t): ContactView => ({
  name: text(contact.displayName) ?? t('contacts.unnamed'),
  isYou: contact.isCurrentPatient,
  relationship: contact.type === 'caregiver' ? text(contact.relationship) : null,
  email: text(contact.displayEmail),
});
