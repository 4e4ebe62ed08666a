/**
 * What the dashboard's Membership Status card says (booking-dashboard-staff §2 'Dashboard'):
 * the counts and list headings (guest wording), 'Enroll Now!' when every count is zero, and each
 * subscription card's fields — the last 5 characters of the id, the amount per interval, the
 * status indicator, 'Next billing' / 'Period ends', 'Will not renew', and 'Managed by' with a
 * masked caregiver email.
 */
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { subscriptionDisplayStatus } from '@portal/client';
import { PRACTICE_TIME_ZONE } from '@portal/contracts/screen-rules.ts';

export const MEMBERSHIP_STATUS_TITLE = 'Membership Status';
export const CHECKING_MEMBERSHIP_STATUS = 'Checking membership status...';
export const REFRESH_LABEL = 'Refresh';
export const REFRESH_FAILED_TITLE = 'Refresh Failed';
export const REFRESH_FAILED_FALLBACK = 'Unable to refresh membership status. Please try again.';
export const ENROLL_NOW_LABEL = 'Enroll Now!';
export const ENROLLMENT_PATH = '/enrollment';
export const WILL_NOT_RENEW = 'Will not renew';
export const MANAGED_BY = 'Managed by';
export const CAREGIVER_FALLBACK = 'Caregiver';
/** The practice's calendar: period ends are shown as the practice sees them. */
export { PRACTICE_TIME_ZONE };

export type ListKey = 'tier1PatientMatches' | 'tier1Others' | 'tier2Matches';

export interface CountView {
  readonly key: ListKey;
  readonly label: string;
  readonly count: number;
  readonly hint: string | null;
}

export interface ListView {
  readonly key: ListKey;
  readonly title: string;
  readonly subscriptions: readonly Subscription[];
  /** Caregiver-managed cards show 'Managed by'. */
  readonly managed: boolean;
}

/** The three counts; guests read 'may be for you or dependents' under the billing-account count. */
export const membershipCounts = (status: SubscriptionStatusResponse, guest: boolean): readonly CountView[] => [
  { key: 'tier1PatientMatches', label: 'Active Subscriptions', count: status.tier1Matches, hint: null },
  { key: 'tier1Others', label: 'On Billing Account', count: status.tier1Others, hint: guest ? 'may be for you or dependents' : null },
  { key: 'tier2Matches', label: 'Dependent Subscriptions', count: status.tier2Matches, hint: null },
];

/** 'Your Active Subscriptions'; 'Subscriptions' (guests) or 'Dependent Subscriptions'; 'Caregiver-Managed Subscriptions'. Empty lists are left out. */
export const subscriptionLists = (status: SubscriptionStatusResponse, guest: boolean): readonly ListView[] =>
  (
    [
      { key: 'tier1PatientMatches', title: 'Your Active Subscriptions', subscriptions: status.subscriptions.tier1PatientMatches, managed: false },
      { key: 'tier1Others', title: guest ? 'Subscriptions' : 'Dependent Subscriptions', subscriptions: status.subscriptions.tier1Others, managed: false },
      { key: 'tier2Matches', title: 'Caregiver-Managed Subscriptions', subscriptions: status.subscriptions.tier2Matches, managed: true },
    ] as const
  ).filter((list) => list.subscriptions.length > 0);

export const showEnrollNow = (status: Pick<SubscriptionStatusResponse, 'tier1Matches' | 'tier1Others' | 'tier2Matches'>): boolean =>
  status.tier1Matches === 0 && status.tier1Others === 0 && status.tier2Matches === 0;

/** The last 5 characters of the id (the full id goes in the tooltip). */
export const shortSubscriptionId = (id: string): string => id.slice(-5);

/** The amount divided by 100 with two decimals, per interval: '$120.00/year', '$70.00/6 months'. */
export const formatSubscriptionAmount = (amountCents: number, interval: string): string => {
  const dollars = `$${(amountCents / 100).toFixed(2)}`;
  return interval ? `${dollars}/${interval}` : dollars;
};

/** Spoken form of the amount: '$120.00 per year'. */
export const spokenSubscriptionAmount = (amountCents: number, interval: string): string => {
  const dollars = `$${(amountCents / 100).toFixed(2)}`;
  return interval ? `${dollars} per ${interval}` : dollars;
};

/** A renewing subscription bills again at the period end; otherwise the period just ends. */
export const periodEndLabel = (subscription: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): 'Next billing' | 'Period ends' =>
  !subscription.cancelAtPeriodEnd && ['active', 'trialing', 'past_due'].includes(subscription.status) ? 'Next billing' : 'Period ends';

/** 'June 15, 2027' on the practice's calendar; null when there is no readable date. */
export const formatPeriodEnd = (iso: string | null): string | null => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: PRACTICE_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' }).format(date);
};

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

/** The status indicator: its label (§4) and colour. */
export const statusIndicator = (subscription: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): { readonly label: string; readonly tone: StatusTone } => {
  const label = subscriptionDisplayStatus(subscription);
  if (subscription.status === 'canceled') return { label, tone: 'secondary' };
  if (subscription.cancelAtPeriodEnd) return { label, tone: 'warning' };
  if (subscription.status === 'active' || subscription.status === 'trialing') return { label, tone: 'success' };
  if (['past_due', 'unpaid', 'incomplete', 'incomplete_expired'].includes(subscription.status)) return { label, tone: 'destructive' };
  return { label, tone: 'secondary' };
};

/** The caregiver's email with its first 2 characters visible ('da***@example.org'), or 'Caregiver'. */
export const maskCaregiverEmail = (email: string | null | undefined): string => {
  const trimmed = email?.trim() ?? '';
  if (!trimmed) return CAREGIVER_FALLBACK;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return `${trimmed.slice(0, 2)}***`;
  return `${trimmed.slice(0, Math.min(2, at))}***${trimmed.slice(at)}`;
};

/** The 'Refresh Failed' toast's text: the server's message when it gave one. */
export const refreshFailedDescription = (error: unknown): string => {
  const body = (error as { body?: unknown } | null)?.body;
  if (typeof body === 'string' && body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // not JSON: the fallback
    }
  }
  return REFRESH_FAILED_FALLBACK;
};
