/**
 * How a card-provider subscription is labelled on the dashboard and whether the patient counts as
 * a member (booking-dashboard-staff §7 "Subscription display status").
 * Status strings are the card provider's ('canceled' with one l), not the enrollment's.
 */

export interface SubscriptionStatusView {
  readonly status: string;
  readonly cancelAtPeriodEnd: boolean;
}

export const CANCELED_LABEL = 'Canceled';
export const CANCELING_AT_PERIOD_END_LABEL = 'Canceling at period end';
export const ACTIVE_AND_RENEWING_LABEL = 'Active & Renewing';

/** First match wins: canceled, then cancel at period end, then active; otherwise the raw status. */
export const subscriptionDisplayStatus = (subscription: SubscriptionStatusView): string => {
  if (subscription.status === 'canceled') return CANCELED_LABEL;
  if (subscription.cancelAtPeriodEnd) return CANCELING_AT_PERIOD_END_LABEL;
  if (subscription.status === 'active') return ACTIVE_AND_RENEWING_LABEL;
  return subscription.status;
};

export interface MembershipEvidence {
  readonly hasActiveSubscription?: boolean | null;
  readonly subscriptions: readonly SubscriptionStatusView[];
}

/** Active if hasActiveSubscription is true, or any subscription is active and not cancelling at period end. */
export const isMembershipActive = (evidence: MembershipEvidence): boolean =>
  evidence.hasActiveSubscription === true ||
  evidence.subscriptions.some((subscription) => subscription.status === 'active' && !subscription.cancelAtPeriodEnd);
