import { describe, it, expect } from '@jest/globals';
import { isMembershipActive, subscriptionDisplayStatus } from './subscription-status.policy.ts';

describe('subscriptionDisplayStatus', () => {
  it.each([
    ['canceled', false, 'Canceled'],
    ['canceled', true, 'Canceled'],
    ['active', true, 'Canceling at period end'],
    ['trialing', true, 'Canceling at period end'],
    ['past_due', true, 'Canceling at period end'],
    ['active', false, 'Active & Renewing'],
    ['trialing', false, 'trialing'],
    ['past_due', false, 'past_due'],
    ['incomplete', false, 'incomplete'],
  ] as const)('status %s, cancelAtPeriodEnd %s → %s', (status, cancelAtPeriodEnd, label) => {
    expect(subscriptionDisplayStatus({ status, cancelAtPeriodEnd })).toBe(label);
  });
});

describe('isMembershipActive', () => {
  const active = { status: 'active', cancelAtPeriodEnd: false };
  const cancelling = { status: 'active', cancelAtPeriodEnd: true };
  const trialing = { status: 'trialing', cancelAtPeriodEnd: false };
  const canceled = { status: 'canceled', cancelAtPeriodEnd: false };

  it('is true when hasActiveSubscription is true, whatever the list says', () => {
    expect(isMembershipActive({ hasActiveSubscription: true, subscriptions: [] })).toBe(true);
    expect(isMembershipActive({ hasActiveSubscription: true, subscriptions: [canceled] })).toBe(true);
  });

  it('is true when any subscription is active and renewing', () => {
    expect(isMembershipActive({ subscriptions: [canceled, cancelling, active] })).toBe(true);
    expect(isMembershipActive({ hasActiveSubscription: false, subscriptions: [active] })).toBe(true);
  });

  it('is false for cancelling, trialing, canceled or no subscriptions', () => {
    expect(isMembershipActive({ subscriptions: [] })).toBe(false);
    expect(isMembershipActive({ subscriptions: [cancelling] })).toBe(false);
    expect(isMembershipActive({ subscriptions: [trialing] })).toBe(false);
    expect(isMembershipActive({ hasActiveSubscription: false, subscriptions: [canceled, cancelling] })).toBe(false);
    expect(isMembershipActive({ hasActiveSubscription: null, subscriptions: [] })).toBe(false);
  });
});
