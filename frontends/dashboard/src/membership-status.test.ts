import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Subscription, SubscriptionStatusResponse } from '@portal/contracts';
import {
  CAREGIVER_FALLBACK,
  REFRESH_FAILED_FALLBACK,
  formatPeriodEnd,
  formatSubscriptionAmount,
  appointmentMessage,
  enrollmentMessage,
  maskCaregiverEmail,
  membershipCounts,
  membershipSummary,
  periodEndLabel,
  refreshFailedDescription,
  shortSubscriptionId,
  showEnrollNow,
  spokenSubscriptionAmount,
  statusIndicator,
  subscriptionLists,
  subscriptionNickname,
  summaryFromFacts,
} from './membership-status.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

const sub = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1PqRsTuVwXyZ12345',
  productName: 'Enhanced Annual',
  nickname: 'Billed annually',
  memberName: 'Dana Reyes',
  amount: 12_000,
  interval: 'year',
  status: 'active',
  currentPeriodEnd: '2027-06-15T16:00:00.000Z',
  cancelAtPeriodEnd: false,
  customer: { email: 'dana@example.test' },
  ...overrides,
});

const status = (lists: Partial<SubscriptionStatusResponse['subscriptions']> = {}): SubscriptionStatusResponse => {
  const subscriptions = { tier1PatientMatches: [], tier1Others: [], tier2Matches: [], ...lists };
  return {
    hasActiveSubscription: subscriptions.tier1PatientMatches.length > 0,
    subscriptionSummary: 'summary',
    tier1Matches: subscriptions.tier1PatientMatches.length,
    tier1Others: subscriptions.tier1Others.length,
    tier2Matches: subscriptions.tier2Matches.length,
    subscriptions,
    enrollmentMessage: 'e',
    appointmentMessage: 'a',
    managedSubscriptionsEnabled: true,
    enrollMemberEnabled: false,
    bookAppointmentEnabled: true,
  };
};

describe('membership status card text', () => {
  it('counts: active, on the billing account (guest hint), dependent', () => {
    const s = status({ tier1PatientMatches: [sub()], tier1Others: [sub({ id: 'sub_b' }), sub({ id: 'sub_c' })] });
    expect(membershipCounts(t, s, false).map((c) => [c.label, c.count, c.hint])).toEqual([
      ['Active Subscriptions', 1, null],
      ['On Billing Account', 2, null],
      ['Dependent Subscriptions', 0, null],
    ]);
    expect(membershipCounts(t, s, true)[1]?.hint).toBe('may be for you or dependents');
  });

  it("list headings: 'Your Active Subscriptions', 'Dependent Subscriptions' or 'Subscriptions' for guests, 'Caregiver-Managed Subscriptions'; empty lists left out", () => {
    const s = status({ tier1PatientMatches: [sub()], tier1Others: [sub({ id: 'x' })], tier2Matches: [sub({ id: 'y' })] });
    expect(subscriptionLists(t, s, false).map((l) => [l.title, l.managed])).toEqual([
      ['Your Active Subscriptions', false],
      ['Dependent Subscriptions', false],
      ['Caregiver-Managed Subscriptions', true],
    ]);
    expect(subscriptionLists(t, s, true)[1]?.title).toBe('Subscriptions');
    expect(subscriptionLists(t, status({ tier2Matches: [sub()] }), false).map((l) => l.title)).toEqual(['Caregiver-Managed Subscriptions']);
  });

  it("'Enroll Now!' only when all three counts are zero", () => {
    expect(showEnrollNow(status())).toBe(true);
    expect(showEnrollNow(status({ tier1Others: [sub()] }))).toBe(false);
    expect(showEnrollNow(status({ tier2Matches: [sub()] }))).toBe(false);
  });

  it('the last 5 characters of the id', () => {
    expect(shortSubscriptionId('sub_1PqRsTuVwXyZ12345')).toBe('12345');
    expect(shortSubscriptionId('abc')).toBe('abc');
  });

  it('the amount divided by 100 with two decimals, per interval', () => {
    expect(formatSubscriptionAmount(t, 'en-US', 12_000, 'year')).toBe('$120.00/year');
    expect(formatSubscriptionAmount(t, 'en-US', 7_000, '6 months')).toBe('$70.00/6 months');
    expect(formatSubscriptionAmount(t, 'en-US', 1_999, '')).toBe('$19.99');
    expect(spokenSubscriptionAmount(t, 'en-US', 30_000, '6 months')).toBe('$300.00 per 6 months');
  });

  it("'Next billing' for a renewing subscription, 'Period ends' otherwise", () => {
    expect(periodEndLabel(t, sub())).toBe('Next billing');
    expect(periodEndLabel(t, sub({ status: 'trialing' }))).toBe('Next billing');
    expect(periodEndLabel(t, sub({ cancelAtPeriodEnd: true }))).toBe('Period ends');
    expect(periodEndLabel(t, sub({ status: 'canceled' }))).toBe('Period ends');
  });

  it("the period end on the practice's calendar", () => {
    expect(formatPeriodEnd('2027-06-15T16:00:00.000Z', 'en-US')).toBe('June 15, 2027');
    // 02:00 UTC is still the previous day in Rhode Island.
    expect(formatPeriodEnd('2027-01-01T02:00:00.000Z', 'en-US')).toBe('December 31, 2026');
    expect(formatPeriodEnd(null, 'en-US')).toBeNull();
    expect(formatPeriodEnd('not a date', 'en-US')).toBeNull();
  });

  it('the status indicator follows §4 labels', () => {
    expect(statusIndicator(t, sub())).toEqual({ label: 'Active & Renewing', tone: 'success' });
    expect(statusIndicator(t, sub({ cancelAtPeriodEnd: true }))).toEqual({ label: 'Canceling at period end', tone: 'warning' });
    expect(statusIndicator(t, sub({ status: 'canceled', cancelAtPeriodEnd: true }))).toEqual({ label: 'Canceled', tone: 'secondary' });
    expect(statusIndicator(t, sub({ status: 'past_due' }))).toEqual({ label: 'past_due', tone: 'destructive' });
    expect(statusIndicator(t, sub({ status: 'trialing' }))).toEqual({ label: 'trialing', tone: 'success' });
  });

  it('masks the caregiver email to its first 2 characters, or says Caregiver', () => {
    expect(maskCaregiverEmail(t, 'dana@example.test')).toBe('da***@example.test');
    expect(maskCaregiverEmail(t, 'd@example.test')).toBe('d***@example.test');
    expect(maskCaregiverEmail(t, 'nodomain')).toBe('no***');
    expect(maskCaregiverEmail(t, null)).toBe(CAREGIVER_FALLBACK);
    expect(maskCaregiverEmail(t, '  ')).toBe('Caregiver');
  });

  it("the 'Refresh Failed' text: the server's message when it gave one", () => {
    expect(refreshFailedDescription(t, { body: JSON.stringify({ error: 'Billing unavailable', message: 'We could not reach our billing service.' }) })).toBe(
      'We could not reach our billing service.',
    );
    expect(refreshFailedDescription(t, { body: 'oops' })).toBe(REFRESH_FAILED_FALLBACK);
    expect(refreshFailedDescription(t, new Error('x'))).toBe(REFRESH_FAILED_FALLBACK);
  });
});

describe("the API's English texts", () => {
  const facts = {
    membership: 'active',
    tier: '120_annual',
    tierName: 'Enhanced Annual',
    viaCaregiver: false,
    periodEnd: '2027-12-01',
    cancelAtPeriodEnd: false,
    otherSubscriptions: 0,
    managedByCaregiver: 0,
  };

  it('are shown in English as they come (the facts are not read)', () => {
    const status = { subscriptionSummary: 'As the API says it.', summaryFacts: facts };
    expect(membershipSummary(t, 'en-US', status)).toBe('As the API says it.');
    expect(enrollmentMessage(t, 'en-US', { enrollmentMessage: 'Enrolled, says the API.', enrollmentMessageCode: 'enrolled', summaryFacts: facts })).toBe('Enrolled, says the API.');
    expect(appointmentMessage(t, 'en-US', { appointmentMessage: 'Book, says the API.', appointmentMessageCode: 'booking_available' })).toBe('Book, says the API.');
    expect(subscriptionNickname(t, 'en-US', { nickname: 'Billed annually', interval: 'year' })).toBe('Billed annually');
  });

  it("the English catalog says from the facts what the API says (core's words, word for word)", () => {
    expect(summaryFromFacts(t, 'en-US', facts)).toBe('Active Enhanced Annual membership, renews 12/01/2027.');
    expect(summaryFromFacts(t, 'en-US', { ...facts, viaCaregiver: true })).toBe('Active Enhanced Annual membership managed by a caregiver, renews 12/01/2027.');
    expect(summaryFromFacts(t, 'en-US', { ...facts, cancelAtPeriodEnd: true })).toBe('Active Enhanced Annual membership, ends 12/01/2027 and will not renew.');
    expect(summaryFromFacts(t, 'en-US', { ...facts, tier: null, tierName: null, periodEnd: null })).toBe('Active Membership membership.');
    const none = { ...facts, membership: 'none', tier: null, tierName: null, periodEnd: null };
    expect(summaryFromFacts(t, 'en-US', none)).toBe('No active membership found.');
    expect(summaryFromFacts(t, 'en-US', { ...none, membership: 'past_due', otherSubscriptions: 1 })).toBe(
      'Your membership payment is past due. 1 other subscription on your billing account.',
    );
    expect(summaryFromFacts(t, 'en-US', { ...none, otherSubscriptions: 2, managedByCaregiver: 1 })).toBe(
      'No active membership found. 2 other subscriptions on your billing account. 1 subscription managed by a caregiver.',
    );
    expect(summaryFromFacts(t, 'en-US', { ...none, managedByCaregiver: 3 })).toBe('No active membership found. 3 subscriptions managed by a caregiver.');
    expect(t('membership.message.enrolledInTier', { named: 'yes', tier: 'Enhanced Annual' })).toBe('You are enrolled in the Enhanced Annual membership.');
    expect(t('subscription.billed', { count: 1, unit: 'year' })).toBe('Billed annually');
    expect(t('subscription.billed', { count: 6, unit: 'month' })).toBe('Billed every 6 months');
  });
});
