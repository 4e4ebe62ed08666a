/**
 * What the dashboard's Membership Status card says (booking-dashboard-staff §2 'Dashboard'):
 * the counts and list headings (guest wording), 'Enroll Now!' when every count is zero, and each
 * subscription card's fields — the last 5 characters of the id, the amount per interval, the
 * status indicator, 'Next billing' / 'Period ends', 'Will not renew', and 'Managed by' with a
 * masked caregiver email.
 *
 * The texts the API composes in English (the summary, the enrollment and appointment messages, a
 * subscription's nickname; decision 0057): English shows them as they come; Spanish says the same
 * from the catalog, through the facts and codes the answer carries beside them, and shows the
 * English only when they are missing (a status kept from before them) or unknown.
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

/** 'Billed annually' (the API's nickname) in English; 'Se cobra al año', 'Se cobra cada 6 meses' from the interval in Spanish. */
export const subscriptionNickname = (t: Translate, locale: Locale, subscription: Pick<Subscription, 'nickname' | 'interval'>): string | null => {
  if (locale === 'en-US' || !subscription.nickname) return subscription.nickname;
  const period = periodOf(subscription.interval);
  return period ? t('subscription.billed', period) : null;
};

type SummaryFacts = NonNullable<SubscriptionStatusResponse['summaryFacts']>;

/** The facts' day ('YYYY-MM-DD') as the summary says it: '12/01/2027' (the API's English form), '1 de diciembre de 2027'. */
const summaryDate = (day: string, locale: Locale): string => {
  if (locale !== 'en-US') return formatLongDate(day, locale);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : day;
};

/**
 * The summary from its facts, in the catalog's words (null for a membership value this screen does
 * not know): the membership sentence, then the billing account's and the caregiver's counts.
 */
export const summaryFromFacts = (t: Translate, locale: Locale, facts: SummaryFacts): string | null => {
  const sentences: string[] = [];
  if (facts.membership === 'active') {
    sentences.push(
      t('membership.summary.active', {
        named: facts.tierName ? 'yes' : 'no',
        tier: facts.tierName ?? '',
        caregiver: facts.viaCaregiver ? 'yes' : 'no',
        end: facts.periodEnd ? (facts.cancelAtPeriodEnd ? 'ends' : 'renews') : 'none',
        date: facts.periodEnd ? summaryDate(facts.periodEnd, locale) : '',
      }),
    );
  } else if (facts.membership === 'past_due') sentences.push(t('membership.summary.pastDue'));
  else if (facts.membership === 'none') sentences.push(t('membership.summary.none'));
  else return null;
  if (facts.otherSubscriptions > 0) sentences.push(t('membership.summary.otherSubscriptions', { count: facts.otherSubscriptions }));
  if (facts.managedByCaregiver > 0) sentences.push(t('membership.summary.managedByCaregiver', { count: facts.managedByCaregiver }));
  return sentences.join(' ');
};

/** The summary line: the API's English in English; in Spanish, from the facts. */
export const membershipSummary = (t: Translate, locale: Locale, status: Pick<SubscriptionStatusResponse, 'subscriptionSummary' | 'summaryFacts'>): string =>
  (locale !== 'en-US' && status.summaryFacts ? summaryFromFacts(t, locale, status.summaryFacts) : null) ?? status.subscriptionSummary;

/** The enrollment message: the API's English in English; in Spanish, by its code. */
export const enrollmentMessage = (t: Translate, locale: Locale, status: Pick<SubscriptionStatusResponse, 'enrollmentMessage' | 'enrollmentMessageCode' | 'summaryFacts'>): string => {
  if (locale === 'en-US') return status.enrollmentMessage;
  const tierName = status.summaryFacts?.tierName ?? null;
  switch (status.enrollmentMessageCode) {
    case 'enrolled_in_tier':
      return t('membership.message.enrolledInTier', { named: tierName ? 'yes' : 'no', tier: tierName ?? '' });
    case 'enrolled':
      return t('membership.message.enrolled');
    case 'past_due':
      return t('membership.message.pastDue');
    case 'not_enrolled':
      return t('membership.message.notEnrolled');
    default:
      return status.enrollmentMessage;
  }
};

/** The appointment message: the API's English in English; in Spanish, by its code. */
export const appointmentMessage = (t: Translate, locale: Locale, status: Pick<SubscriptionStatusResponse, 'appointmentMessage' | 'appointmentMessageCode'>): string => {
  if (locale === 'en-US') return status.appointmentMessage;
  switch (status.appointmentMessageCode) {
    case 'booking_available':
      return t('membership.message.bookingAvailable');
    case 'requires_membership':
      return t('membership.message.requiresMembership');
    default:
      return status.appointmentMessage;
  }
};

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
