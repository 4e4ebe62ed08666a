/**
 * Membership status as every micro-frontend shows it (booking-dashboard-staff §3 'Membership
 * status', §4 'Subscription display status'; enrollment-and-payment §2 'Patient info card'):
 * the query key of GET /api/dashboard/subscription-status, the client's membership rule, the
 * subscription status label and the membership badge (Checking..., Active Member, No Membership).
 */
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { isMembershipActive as membershipRule, subscriptionDisplayStatus } from '@portal/contracts/screen-rules.ts';

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/dashboard/subscription-status'] as const;
export const SUBSCRIPTION_STATUS_REFRESH_PATH = '/api/dashboard/subscription-status/refresh';

export const MEMBERSHIP_BADGE_CHECKING = 'Checking...';
export const MEMBERSHIP_BADGE_ACTIVE = 'Active Member';
export const MEMBERSHIP_BADGE_NONE = 'No Membership';

/** Every subscription of the three lists. */
export const allSubscriptions = (status: Pick<SubscriptionStatusResponse, 'subscriptions'>): readonly Subscription[] => [
  ...status.subscriptions.tier1PatientMatches,
  ...status.subscriptions.tier1Others,
  ...status.subscriptions.tier2Matches,
];

/**
 * §4 'Subscription display status' and the membership rule ('active if hasActiveSubscription is
 * true, or any subscription is active and not cancelling at period end'): core's one copy, through
 * contracts. Only the patient's own and caregiver-managed subscriptions count: one on the billing
 * account for someone else does not make this patient a member.
 */
export const isMembershipActive = (status: Pick<SubscriptionStatusResponse, 'hasActiveSubscription' | 'subscriptions'>): boolean =>
  membershipRule({ hasActiveSubscription: status.hasActiveSubscription, subscriptions: [...status.subscriptions.tier1PatientMatches, ...status.subscriptions.tier2Matches] });
export { subscriptionDisplayStatus };

export type MembershipBadgeTone = 'secondary' | 'success' | 'outline';

export interface MembershipBadgeView {
  readonly label: string;
  readonly tone: MembershipBadgeTone;
}

/** The badge while the status loads, once it is known, and when it could not be read (no claim of membership). */
export const membershipBadge = (query: { readonly isPending: boolean; readonly data?: SubscriptionStatusResponse | undefined }): MembershipBadgeView => {
  if (query.data) return isMembershipActive(query.data) ? { label: MEMBERSHIP_BADGE_ACTIVE, tone: 'success' } : { label: MEMBERSHIP_BADGE_NONE, tone: 'outline' };
  if (query.isPending) return { label: MEMBERSHIP_BADGE_CHECKING, tone: 'secondary' };
  return { label: MEMBERSHIP_BADGE_NONE, tone: 'outline' };
};

/**
 * Back from the card provider's billing portal (/billing/return), where a cancellation or a new
 * card may have changed the membership: the server reads it again from Stripe now (its kept status
 * is replaced, whatever the webhook's delay), so the next page shows the change (docs/kept-answers.md).
 * Settles within `capMs` either way; a failure (a guest, no session) changes nothing.
 */
export const rereadMembershipAfterBilling = (post: (path: string) => Promise<unknown>, capMs = 3_000): Promise<void> =>
  Promise.race([post(SUBSCRIPTION_STATUS_REFRESH_PATH).then(() => undefined, () => undefined), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
