/**
 * What the dashboard's Membership Status card says (booking-dashboard-staff §2 'Dashboard'):
 * the counts and list headings (guest wording), 'Enroll Now!' when every count is zero, and each
 * subscription card's fields — the last 5 characters of the id, the amount per interval, the
 * status indicator, 'Next billing' / 'Period ends', 'Will not renew', and 'Managed by' with a
 * masked caregiver email.
 */
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { subscriptionDisplayStatus } from '@portal/client';
import type { ApiErrorLike } from '@portal/client/api-error-text.ts';
import { PRACTICE_TIME_ZONE } from '@portal/contracts/screen-rules.ts';
import { formatLongDate, formatPrice } from '@portal/i18n/format.ts';
import type { Locale } from '@portal/contracts/locale.ts';
import type { MessageId, Translate } from './i18n.ts';

/**
 * The English the specs quote, kept for the tests that compare the catalog (messages/en.json,
 * the one the screens draw from) against it.
 */
export const CHECKING_MEMBERSHIP_STATUS = 'Checking membership status...';
export const REFRESH_FAILED_FALLBACK = 'Unable to refresh membership status. Please try again.';
export const CAREGIVER_FALLBACK = 'Caregiver';
export const ENROLLMENT_PATH = '/enrollment';
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
export const membershipCounts = (t: Translate, status: SubscriptionStatusResponse, guest: boolean): readonly CountView[] => [
  { key: 'tier1PatientMatches', label: t('membership.count.active', { count: status.tier1Matches }), count: status.tier1Matches, hint: null },
  {
    key: 'tier1Others',
    label: t('membership.count.billingAccount', { count: status.tier1Others }),
    count: status.tier1Others,
    hint: guest ? t('membership.count.billingAccountHint') : null,
  },
  { key: 'tier2Matches', label: t('membership.count.dependents', { count: status.tier2Matches }), count: status.tier2Matches, hint: null },
];

/** 'Your Active Subscriptions'; 'Subscriptions' (guests) or 'Dependent Subscriptions'; 'Caregiver-Managed Subscriptions'. Empty lists are left out. */
export const subscriptionLists = (t: Translate, status: SubscriptionStatusResponse, guest: boolean): readonly ListView[] =>
  (
    [
      { key: 'tier1PatientMatches', title: t('membership.list.yours'), subscriptions: status.subscriptions.tier1PatientMatches, managed: false },
      { key: 'tier1Others', title: t(guest ? 'membership.list.guest' : 'membership.list.dependents'), subscriptions: status.subscriptions.tier1Others, managed: false },
      { key: 'tier2Matches', title: t('membership.list.caregiverManaged'), subscriptions: status.subscriptions.tier2Matches, managed: true },
    ] as const
  ).filter((list) => list.subscriptions.length > 0);

export const showEnrollNow = (status: Pick<SubscriptionStatusResponse, 'tier1Matches' | 'tier1Others' | 'tier2Matches'>): boolean =>
  status.tier1Matches === 0 && status.tier1Others === 0 && status.tier2Matches === 0;

/** The last 5 characters of the id (the full id goes in the tooltip). */
export const shortSubscriptionId = (id: string): string => id.slice(-5);

/** The price: English keeps the portal's '$1200.00' form (the specs quote it); Spanish is Intl's. */
const priceIn = (amountCents: number, locale: Locale): string =>
  locale === 'en-US' ? `$${(amountCents / 100).toFixed(2)}` : formatPrice(amountCents, locale);

/** 'year', '6 months': a count and a unit the catalog can say in each language; null for another form. */
const periodOf = (interval: string): { readonly count: number; readonly unit: 'day' | 'week' | 'month' | 'year' } | null => {
  const match = /^(?:(\d+) )?(day|week|month|year)s?$/.exec(interval.trim());
  if (!match) return null;
  return { count: match[1] ? Number(match[1]) : 1, unit: match[2] as 'day' | 'week' | 'month' | 'year' };
};

const amountText = (t: Translate, locale: Locale, amountCents: number, interval: string, spoken: boolean): string => {
  const price = priceIn(amountCents, locale);
  if (!interval) return price;
  const period = periodOf(interval);
  if (period) return t(spoken ? 'subscription.amount.spoken' : 'subscription.amount.perPeriod', { price, ...period });
  return t(spoken ? 'subscription.amount.spokenInterval' : 'subscription.amount.perInterval', { price, interval });
};

/** The amount divided by 100 with two decimals, per interval: '$120.00/year', '$70.00/6 months'; '$120.00 al año'. */
export const formatSubscriptionAmount = (t: Translate, locale: Locale, amountCents: number, interval: string): string =>
  amountText(t, locale, amountCents, interval, false);

/** Spoken form of the amount: '$120.00 per year'; '$70.00 cada 6 meses'. */
export const spokenSubscriptionAmount = (t: Translate, locale: Locale, amountCents: number, interval: string): string =>
  amountText(t, locale, amountCents, interval, true);

/** A renewing subscription bills again at the period end ('Next billing'); otherwise the period just ends ('Period ends'). */
export const periodEndLabel = (t: Translate, subscription: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): string =>
  t(!subscription.cancelAtPeriodEnd && ['active', 'trialing', 'past_due'].includes(subscription.status) ? 'subscription.nextBilling' : 'subscription.periodEnds');

/** 'June 15, 2027' / '15 de junio de 2027' on the practice's calendar; null when there is no readable date. */
export const formatPeriodEnd = (iso: string | null, locale: Locale): string | null => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return formatLongDate(date, locale);
};

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

/**
 * Core's display status (§4, English words through contracts/screen-rules.ts) and the card
 * provider's raw statuses it passes through, each with its catalog id; any other raw status is
 * shown as it comes.
 */
const STATUS_IDS: Readonly<Record<string, MessageId>> = {
  Canceled: 'subscription.status.canceled',
  'Canceling at period end': 'subscription.status.canceling',
  'Active & Renewing': 'subscription.status.activeRenewing',
  past_due: 'subscription.status.pastDue',
  trialing: 'subscription.status.trialing',
  unpaid: 'subscription.status.unpaid',
  incomplete: 'subscription.status.incomplete',
  incomplete_expired: 'subscription.status.incompleteExpired',
  paused: 'subscription.status.paused',
};

/** The status indicator: its label (§4) and colour. */
export const statusIndicator = (t: Translate, subscription: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): { readonly label: string; readonly tone: StatusTone } => {
  const display = subscriptionDisplayStatus(subscription);
  const id = Object.hasOwn(STATUS_IDS, display) ? STATUS_IDS[display] : undefined;
  const label = id ? t(id) : display;
  if (subscription.status === 'canceled') return { label, tone: 'secondary' };
  if (subscription.cancelAtPeriodEnd) return { label, tone: 'warning' };
  if (subscription.status === 'active' || subscription.status === 'trialing') return { label, tone: 'success' };
  if (['past_due', 'unpaid', 'incomplete', 'incomplete_expired'].includes(subscription.status)) return { label, tone: 'destructive' };
  return { label, tone: 'secondary' };
};

/** The caregiver's email with its first 2 characters visible ('da***@example.org'), or 'Caregiver'. */
export const maskCaregiverEmail = (t: Translate, email: string | null | undefined): string => {
  const trimmed = email?.trim() ?? '';
  if (!trimmed) return t('subscription.caregiver');
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return `${trimmed.slice(0, 2)}***`;
  return `${trimmed.slice(0, Math.min(2, at))}***${trimmed.slice(at)}`;
};

/**
 * The 'Refresh Failed' toast's text: the server's message when it gave one, in the page's language
 * (`errorText`: useApiErrorText's function; English, the message as it came, by default).
 */
export const refreshFailedDescription = (t: Translate, error: unknown, errorText: (error: ApiErrorLike) => string = (answer) => answer.message): string => {
  const body = (error as { body?: unknown } | null)?.body;
  if (typeof body === 'string' && body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return errorText({ code: typeof parsed.code === 'string' ? parsed.code : null, message: parsed.message });
    } catch {
      // not JSON: the fallback
    }
  }
  return t('membership.refreshFailed.text');
};
