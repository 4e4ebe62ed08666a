/**
 * Before creating a subscription for an enrollment (patient or staff path), classify the
 * customer's existing card-provider subscriptions (enrollment-and-payment §6, §8;
 * booking-dashboard-staff §8 "Duplicate subscription"). Never create a second membership
 * for someone who still has one; never guess when the records disagree.
 *
 * Statuses (the card provider's):
 * - ended, never block: incomplete, incomplete_expired, canceled;
 * - live: active, trialing, past_due, unpaid, paused.
 *
 * Rules, first match wins:
 * 1. 'Subscription Data Discrepancy' (code SUBSCRIPTION.DATA_DISCREPANCY), when any of:
 *    - unknown_status: a status outside the two lists above;
 *    - multiple_live_subscriptions: more than one live subscription (cancelling or not);
 *    - missing_period_end: a live subscription without a readable currentPeriodEnd;
 *    - period_already_ended: a live subscription whose currentPeriodEnd is before `now`
 *      (it should have renewed or ended: the data is stale or wrong);
 *    - canceled_with_future_period: a canceled subscription still marked cancelAtPeriodEnd whose
 *      period ends after `now` (it was meant to run to that date, yet it is canceled: whether the
 *      patient is covered is unclear and a new charge could overlap a paid period).
 * 2. Exactly one live subscription:
 *    - active or trialing with cancelAtPeriodEnd → offer_reactivation (the 'Existing Subscription
 *      Found' screen: turn auto-renewal back on instead of charging again);
 *    - anything else (active or trialing and renewing, past_due, unpaid, paused) →
 *      'Existing Active Subscription' (code SUBSCRIPTION.EXISTING_ACTIVE).
 * 3. Otherwise none: a new subscription may be created.
 *
 * currentPeriodEnd is epoch seconds (the card provider's form) or an ISO 8601 string.
 * renewalDate in results is an ISO 8601 instant; messages show the date on the practice's calendar.
 */
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { isTierCode, TIERS } from '../domain/tier.ts';
import { calendarDateIn, formatUsDate } from '../domain/zoned-time.ts';

export const ENDED_SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'canceled'] as const;
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'paused'] as const;

export const EXISTING_ACTIVE_SUBSCRIPTION = 'Existing Active Subscription';
export const SUBSCRIPTION_DATA_DISCREPANCY = 'Subscription Data Discrepancy';
export const SUBSCRIPTION_DATA_DISCREPANCY_MESSAGE =
  'We found conflicting membership subscription records for this account. No new subscription was created. Please call the office so our staff can review your membership.';

export interface ExistingSubscription {
  readonly id: string;
  readonly status: string;
  readonly cancelAtPeriodEnd: boolean;
  /** Epoch seconds or an ISO 8601 string. */
  readonly currentPeriodEnd: number | string | null | undefined;
  readonly priceTier?: string | null;
}

/** The spec's conflict response body (booking-dashboard-staff §3). */
export interface ExistingSubscriptionSummary {
  readonly status: string;
  /** ISO 8601 instant; null when the record has no readable period end. */
  readonly renewalDate: string | null;
  readonly message: string;
  readonly subscriptionId: string;
}

export type DiscrepancyReason =
  | 'unknown_status'
  | 'multiple_live_subscriptions'
  | 'missing_period_end'
  | 'period_already_ended'
  | 'canceled_with_future_period';

export type SubscriptionConflictDecision =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'offer_reactivation';
      readonly subscriptionId: string;
      readonly renewalDate: string;
      readonly message: string;
    }
  | {
      readonly kind: 'conflict';
      readonly code: 'SUBSCRIPTION.EXISTING_ACTIVE';
      readonly error: typeof EXISTING_ACTIVE_SUBSCRIPTION;
      readonly message: string;
      readonly existingSubscription: ExistingSubscriptionSummary;
    }
  | {
      readonly kind: 'conflict';
      readonly code: 'SUBSCRIPTION.DATA_DISCREPANCY';
      readonly error: typeof SUBSCRIPTION_DATA_DISCREPANCY;
      readonly message: string;
      readonly reason: DiscrepancyReason;
      /** Every subscription involved in the discrepancy, for staff to review. */
      readonly subscriptionIds: readonly string[];
      readonly existingSubscription: ExistingSubscriptionSummary;
    };

const isLive = (status: string): boolean => (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
const isEnded = (status: string): boolean => (ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** Epoch ms of currentPeriodEnd, or null when missing or unreadable. */
export const periodEndMs = (currentPeriodEnd: ExistingSubscription['currentPeriodEnd']): number | null => {
  if (typeof currentPeriodEnd === 'number') {
    return Number.isFinite(currentPeriodEnd) && currentPeriodEnd > 0 ? currentPeriodEnd * 1000 : null;
  }
  if (typeof currentPeriodEnd === 'string' && currentPeriodEnd.trim() !== '') {
    const text = currentPeriodEnd.trim();
    if (/^\d+$/.test(text)) return Number(text) * 1000;
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
};

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const practiceDate = (ms: number): string => formatUsDate(calendarDateIn(new Date(ms), PRACTICE_TIME_ZONE));

const tierSuffix = (priceTier: string | null | undefined): string =>
  isTierCode(priceTier) ? ` (${TIERS[priceTier].name})` : '';

const existingActiveMessage = (subscription: ExistingSubscription, endMs: number): string => {
  const tier = tierSuffix(subscription.priceTier);
  switch (subscription.status) {
    case 'past_due':
    case 'unpaid':
      return `This account already has a membership${tier} with an overdue payment. No new subscription was created. Please update your payment method in the billing portal or call the office.`;
    case 'paused':
      return `This account already has a paused membership${tier}. No new subscription was created. Please call the office to resume it.`;
    case 'trialing':
      return `This account already has a membership${tier} in its trial period, renewing on ${practiceDate(endMs)}. No new subscription was created.`;
    default:
      return `This account already has an active membership${tier} that renews on ${practiceDate(endMs)}. No new subscription was created.`;
  }
};

const discrepancy = (
  reason: DiscrepancyReason,
  involved: readonly ExistingSubscription[],
): SubscriptionConflictDecision => {
  const [first] = involved;
  // Callers always pass at least one subscription; the fallback keeps the type total.
  const subject = first ?? { id: '', status: 'unknown', cancelAtPeriodEnd: false, currentPeriodEnd: null };
  return {
    kind: 'conflict',
    code: 'SUBSCRIPTION.DATA_DISCREPANCY',
    error: SUBSCRIPTION_DATA_DISCREPANCY,
    message: SUBSCRIPTION_DATA_DISCREPANCY_MESSAGE,
    reason,
    subscriptionIds: involved.map((subscription) => subscription.id),
    existingSubscription: {
      status: subject.status,
      renewalDate: isoOrNull(periodEndMs(subject.currentPeriodEnd)),
      message: SUBSCRIPTION_DATA_DISCREPANCY_MESSAGE,
      subscriptionId: subject.id,
    },
  };
};

/** Classify existing subscriptions for create-subscription; see the rules in the file header. */
export const classifyExistingSubscriptions = (
  subscriptions: readonly ExistingSubscription[],
  now: Date,
): SubscriptionConflictDecision => {
  const nowMs = now.getTime();

  const unknown = subscriptions.filter((s) => !isLive(s.status) && !isEnded(s.status));
  if (unknown.length > 0) return discrepancy('unknown_status', unknown);

  const live = subscriptions.filter((s) => isLive(s.status));
  if (live.length > 1) return discrepancy('multiple_live_subscriptions', live);

  const withoutEnd = live.filter((s) => periodEndMs(s.currentPeriodEnd) === null);
  if (withoutEnd.length > 0) return discrepancy('missing_period_end', withoutEnd);

  const lapsed = live.filter((s) => (periodEndMs(s.currentPeriodEnd) ?? 0) < nowMs);
  if (lapsed.length > 0) return discrepancy('period_already_ended', lapsed);

  const canceledButRunning = subscriptions.filter((s) => {
    const endMs = periodEndMs(s.currentPeriodEnd);
    return s.status === 'canceled' && s.cancelAtPeriodEnd && endMs !== null && endMs > nowMs;
  });
  if (canceledButRunning.length > 0) return discrepancy('canceled_with_future_period', canceledButRunning);

  const [current] = live;
  if (current === undefined) return { kind: 'none' };
  // Checked above: a live subscription has a readable period end.
  const endMs = periodEndMs(current.currentPeriodEnd) ?? nowMs;
  const renewalDate = new Date(endMs).toISOString();

  if ((current.status === 'active' || current.status === 'trialing') && current.cancelAtPeriodEnd) {
    return {
      kind: 'offer_reactivation',
      subscriptionId: current.id,
      renewalDate,
      message: `Your membership${tierSuffix(current.priceTier)} is set to end on ${practiceDate(endMs)}. You can reactivate auto-renewal instead of starting a new subscription.`,
    };
  }

  const message = existingActiveMessage(current, endMs);
  return {
    kind: 'conflict',
    code: 'SUBSCRIPTION.EXISTING_ACTIVE',
    error: EXISTING_ACTIVE_SUBSCRIPTION,
    message,
    existingSubscription: { status: current.status, renewalDate, message, subscriptionId: current.id },
  };
};
