import { describe, expect, it } from '@jest/globals';
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import { SUBSCRIPTION_STATUS_REFRESH_PATH, isMembershipActive, membershipBadge, rereadMembershipAfterBilling, subscriptionDisplayStatus } from './membership.ts';

const sub = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1',
  productName: 'Enhanced Annual',
  nickname: null,
  memberName: null,
  amount: 12_000,
  interval: 'year',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  customer: { email: null },
  ...overrides,
});

const response = (hasActiveSubscription: boolean, lists: Partial<SubscriptionStatusResponse['subscriptions']> = {}): SubscriptionStatusResponse => ({
  hasActiveSubscription,
  subscriptionSummary: '',
  tier1Matches: 0,
  tier1Others: 0,
  tier2Matches: 0,
  subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [], ...lists },
  enrollmentMessage: '',
  appointmentMessage: '',
  managedSubscriptionsEnabled: false,
  enrollMemberEnabled: true,
  bookAppointmentEnabled: false,
});

describe('membership (client rules)', () => {
  it('§4: active if hasActiveSubscription, or an own subscription is active and not cancelling', () => {
    expect(isMembershipActive(response(true))).toBe(true);
    expect(isMembershipActive(response(false, { tier1PatientMatches: [sub()] }))).toBe(true);
    expect(isMembershipActive(response(false, { tier2Matches: [sub()] }))).toBe(true);
    expect(isMembershipActive(response(false, { tier1PatientMatches: [sub({ cancelAtPeriodEnd: true })] }))).toBe(false);
    expect(isMembershipActive(response(false, { tier1Others: [sub()] }))).toBe(false);
  });

  it('display status labels', () => {
    expect(subscriptionDisplayStatus({ status: 'canceled', cancelAtPeriodEnd: true })).toBe('Canceled');
    expect(subscriptionDisplayStatus({ status: 'active', cancelAtPeriodEnd: true })).toBe('Canceling at period end');
    expect(subscriptionDisplayStatus({ status: 'active', cancelAtPeriodEnd: false })).toBe('Active & Renewing');
    expect(subscriptionDisplayStatus({ status: 'past_due', cancelAtPeriodEnd: false })).toBe('past_due');
  });

  it('the badge: Checking..., Active Member, No Membership (also when the status could not be read)', () => {
    expect(membershipBadge({ isPending: true })).toEqual({ label: 'Checking...', tone: 'secondary' });
    expect(membershipBadge({ isPending: false, data: response(true) })).toEqual({ label: 'Active Member', tone: 'success' });
    expect(membershipBadge({ isPending: false, data: response(false) })).toEqual({ label: 'No Membership', tone: 'outline' });
    expect(membershipBadge({ isPending: false })).toEqual({ label: 'No Membership', tone: 'outline' });
  });
});

describe('rereadMembershipAfterBilling', () => {
  it('asks the server to read the membership again, and settles when it answers, fails, or takes too long', async () => {
    const paths: string[] = [];
    await rereadMembershipAfterBilling(async (path) => void paths.push(path));
    expect(paths).toEqual([SUBSCRIPTION_STATUS_REFRESH_PATH]);
    await expect(rereadMembershipAfterBilling(() => Promise.reject(new Error('401: Authentication required')))).resolves.toBeUndefined();
    const started = Date.now();
    await rereadMembershipAfterBilling(() => new Promise(() => undefined), 50);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
