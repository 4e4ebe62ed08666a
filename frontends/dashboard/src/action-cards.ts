/**
 * What the dashboard's action cards say and when they are enabled (booking-dashboard-staff §2
 * 'Action cards', §6; enrollment-and-payment §2 'Patient info card'). Pure, unit-tested.
 */
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { CHECKING_MEMBERSHIP_STATUS } from './membership-status.ts';

export const BILLING_MANAGED_BY_CAREGIVER = 'Billing managed by caregiver';
export const NO_SUBSCRIPTIONS_AVAILABLE = 'No subscriptions available';
export const COMING_SOON = 'Coming Soon';
export const NURSE_LINE_PARAM = 'nurse';

export interface CardState {
  readonly enabled: boolean;
  /** Why it is disabled (shown under the title), or null. */
  readonly reason: string | null;
}

/**
 * While a provider-login user's membership status is still being read (`checking`), the cards
 * that depend on it say so and wait, rather than showing a guess that then changes by itself
 * ('No subscriptions available', then the billing portal; issue 23).
 */
const CHECKING: CardState = { enabled: false, reason: CHECKING_MEMBERSHIP_STATUS };

/** The Appointments card's 'Manage Appointments': bookAppointmentEnabled, else the appointment access message. */
export const APPOINTMENTS_FALLBACK_MESSAGE = 'Appointment booking is available to members.';
export const appointmentsCard = (guest: boolean, status: SubscriptionStatusResponse | undefined, checking = false): CardState => {
  if (guest) return { enabled: true, reason: null };
  if (checking) return CHECKING;
  if (status === undefined || status.bookAppointmentEnabled) return { enabled: true, reason: null };
  return { enabled: false, reason: status.appointmentMessage || APPOINTMENTS_FALLBACK_MESSAGE };
};

/**
 * Membership Billing: enabled only if managedSubscriptionsEnabled; otherwise 'Billing managed by
 * caregiver' when the summary mentions a caregiver, else 'No subscriptions available'. Guests do
 * not get the membership status (§6), so the card stays disabled for them.
 */
export const billingCard = (status: SubscriptionStatusResponse | undefined, checking = false): CardState => {
  if (checking) return CHECKING;
  if (status?.managedSubscriptionsEnabled) return { enabled: true, reason: null };
  if (status && /caregiver/i.test(status.subscriptionSummary)) return { enabled: false, reason: BILLING_MANAGED_BY_CAREGIVER };
  return { enabled: false, reason: NO_SUBSCRIPTIONS_AVAILABLE };
};

/** Membership Enrollment: enrollMemberEnabled (guests enroll through the guest path: enabled). */
export const enrollmentCard = (guest: boolean, status: SubscriptionStatusResponse | undefined, checking = false): CardState => {
  if (guest) return { enabled: true, reason: null };
  if (checking) return CHECKING;
  if (status === undefined) return { enabled: true, reason: null };
  return status.enrollMemberEnabled ? { enabled: true, reason: null } : { enabled: false, reason: status.enrollmentMessage };
};

/** Whole years from a birth date ('YYYY-MM-DD', ISO, or 'MM/DD/YYYY') to `today`; null when unreadable. */
export const ageOn = (birthDate: string | null | undefined, today: Date): number | null => {
  const text = birthDate?.trim() ?? '';
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const [year, month, day] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const [ty, tm, td] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
};

/** ?nurse=1 (the old menu link) opens the nurse line dialog. */
export const asksForNurseLine = (search: string): boolean => new URLSearchParams(search).get(NURSE_LINE_PARAM) === '1';
