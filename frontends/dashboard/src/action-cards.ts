/**
 * What the dashboard's action cards say and when they are enabled (booking-dashboard-staff §2
 * 'Action cards', §6; enrollment-and-payment §2 'Patient info card'). Pure, unit-tested.
 */
import type { SubscriptionStatusResponse } from '@portal/contracts';
import type { Locale } from '@portal/contracts/locale.ts';
import type { Translate } from './i18n.ts';
import { appointmentMessage, enrollmentMessage } from './membership-status.ts';

/** The English the specs quote, kept for the tests that compare the catalog (messages/en.json) against it. */
export const BILLING_MANAGED_BY_CAREGIVER = 'Billing managed by caregiver';
export const NO_SUBSCRIPTIONS_AVAILABLE = 'No subscriptions available';
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
const checkingCard = (t: Translate): CardState => ({ enabled: false, reason: t('membership.checking') });

/** The Appointments card's 'Manage Appointments': bookAppointmentEnabled, else the appointment access message (in the page's language). */
export const APPOINTMENTS_FALLBACK_MESSAGE = 'Appointment booking is available to members.';
export const appointmentsCard = (
  t: Translate,
  guest: boolean,
  status: SubscriptionStatusResponse | undefined,
  checking = false,
  locale: Locale = 'en-US',
): CardState => {
  if (guest) return { enabled: true, reason: null };
  if (checking) return checkingCard(t);
  if (status === undefined || status.bookAppointmentEnabled) return { enabled: true, reason: null };
  return { enabled: false, reason: appointmentMessage(t, locale, status) || t('appointmentsCard.membersOnly') };
};

/**
 * Whether the summary speaks of a caregiver: the membership is paid from a caregiver's account, or
 * it counts caregiver-managed subscriptions. From the facts; a status kept from before them has
 * only the English summary to go by.
 */
const caregiverManaged = (status: Pick<SubscriptionStatusResponse, 'summaryFacts' | 'subscriptionSummary'>): boolean =>
  status.summaryFacts ? status.summaryFacts.viaCaregiver || status.summaryFacts.managedByCaregiver > 0 : /caregiver/i.test(status.subscriptionSummary);

/**
 * Membership Billing: enabled only if managedSubscriptionsEnabled; otherwise 'Billing managed by
 * caregiver' when the summary speaks of a caregiver (its facts), else 'No subscriptions available'. Guests do
 * not get the membership status (§6), so the card stays disabled for them.
 */
export const billingCard = (t: Translate, status: SubscriptionStatusResponse | undefined, checking = false): CardState => {
  if (checking) return checkingCard(t);
  if (status?.managedSubscriptionsEnabled) return { enabled: true, reason: null };
  if (status && caregiverManaged(status)) return { enabled: false, reason: t('billing.managedByCaregiver') };
  return { enabled: false, reason: t('billing.noSubscriptions') };
};

/** Membership Enrollment: enrollMemberEnabled (guests enroll through the guest path: enabled); else the enrollment message (in the page's language). */
export const enrollmentCard = (
  t: Translate,
  guest: boolean,
  status: SubscriptionStatusResponse | undefined,
  checking = false,
  locale: Locale = 'en-US',
): CardState => {
  if (guest) return { enabled: true, reason: null };
  if (checking) return checkingCard(t);
  if (status === undefined) return { enabled: true, reason: null };
  return status.enrollMemberEnabled ? { enabled: true, reason: null } : { enabled: false, reason: enrollmentMessage(t, locale, status) };
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
