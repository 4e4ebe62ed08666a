import { beforeAll, describe, expect, it } from '@jest/globals';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { APPOINTMENTS_FALLBACK_MESSAGE, BILLING_MANAGED_BY_CAREGIVER, NO_SUBSCRIPTIONS_AVAILABLE, ageOn, appointmentsCard, asksForNurseLine, billingCard, enrollmentCard } from './action-cards.ts';
import { CHECKING_MEMBERSHIP_STATUS } from './membership-status.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

const status = (overrides: Partial<SubscriptionStatusResponse>): SubscriptionStatusResponse => ({
  hasActiveSubscription: false,
  subscriptionSummary: 'No active membership found.',
  tier1Matches: 0,
  tier1Others: 0,
  tier2Matches: 0,
  subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] },
  enrollmentMessage: 'You are not enrolled in a membership.',
  appointmentMessage: 'Online appointment booking requires an active membership.',
  managedSubscriptionsEnabled: false,
  enrollMemberEnabled: true,
  bookAppointmentEnabled: false,
  ...overrides,
});

describe('Membership Billing', () => {
  it('is enabled only when managedSubscriptionsEnabled', () => {
    expect(billingCard(t, status({ managedSubscriptionsEnabled: true }))).toEqual({ enabled: true, reason: null });
  });
  it("says 'Billing managed by caregiver' when the summary mentions a caregiver, else 'No subscriptions available'", () => {
    expect(billingCard(t, status({ subscriptionSummary: 'Active Enhanced membership managed by a caregiver, renews 06/01/2027.' }))).toEqual({ enabled: false, reason: BILLING_MANAGED_BY_CAREGIVER });
    expect(billingCard(t, status({}))).toEqual({ enabled: false, reason: NO_SUBSCRIPTIONS_AVAILABLE });
    expect(billingCard(t, undefined)).toEqual({ enabled: false, reason: NO_SUBSCRIPTIONS_AVAILABLE });
  });
  it("knows a caregiver manages it from the summary's facts, whatever the language of the words", () => {
    const facts = {
      membership: 'active',
      tier: '120_annual',
      tierName: 'Enhanced Annual',
      viaCaregiver: false,
      periodEnd: '2027-06-01',
      cancelAtPeriodEnd: false,
      otherSubscriptions: 0,
      managedByCaregiver: 0,
    };
    const managed = { enabled: false, reason: BILLING_MANAGED_BY_CAREGIVER };
    expect(billingCard(t, status({ summaryFacts: { ...facts, viaCaregiver: true } }))).toEqual(managed);
    expect(billingCard(t, status({ summaryFacts: { ...facts, membership: 'none', tier: null, tierName: null, periodEnd: null, managedByCaregiver: 2 } }))).toEqual(managed);
    expect(billingCard(t, status({ summaryFacts: facts }))).toEqual({ enabled: false, reason: NO_SUBSCRIPTIONS_AVAILABLE });
    expect(billingCard(t, status({ managedSubscriptionsEnabled: true, summaryFacts: { ...facts, viaCaregiver: true } }))).toEqual({ enabled: true, reason: null });
  });
});

describe('Membership Enrollment', () => {
  it('follows enrollMemberEnabled, with the enrollment message as the reason', () => {
    expect(enrollmentCard(t, false, status({}))).toEqual({ enabled: true, reason: null });
    expect(enrollmentCard(t, false, status({ enrollMemberEnabled: false, enrollmentMessage: 'You are enrolled in the Enhanced membership.' }))).toEqual({
      enabled: false,
      reason: 'You are enrolled in the Enhanced membership.',
    });
    expect(enrollmentCard(t, true, undefined)).toEqual({ enabled: true, reason: null });
  });
});

describe('Appointments', () => {
  it('follows bookAppointmentEnabled, with the appointment access message as the reason', () => {
    expect(appointmentsCard(t, false, status({ bookAppointmentEnabled: true }))).toEqual({ enabled: true, reason: null });
    expect(appointmentsCard(t, false, status({}))).toEqual({ enabled: false, reason: 'Online appointment booking requires an active membership.' });
    expect(appointmentsCard(t, false, status({ appointmentMessage: '' }))).toEqual({ enabled: false, reason: APPOINTMENTS_FALLBACK_MESSAGE });
    expect(appointmentsCard(t, true, undefined)).toEqual({ enabled: true, reason: null });
  });
});

describe('the cards that follow the membership status, while it is read', () => {
  const checking = { enabled: false, reason: CHECKING_MEMBERSHIP_STATUS };
  it('say it is being checked, not a guess that then changes', () => {
    expect(billingCard(t, undefined, true)).toEqual(checking);
    expect(enrollmentCard(t, false, undefined, true)).toEqual(checking);
    expect(appointmentsCard(t, false, undefined, true)).toEqual(checking);
  });
  it("are a guest's as ever (guests are not asked it)", () => {
    expect(enrollmentCard(t, true, undefined, true)).toEqual({ enabled: true, reason: null });
    expect(appointmentsCard(t, true, undefined, true)).toEqual({ enabled: true, reason: null });
  });
  it('fall back as before when the status could not be read', () => {
    expect(enrollmentCard(t, false, undefined)).toEqual({ enabled: true, reason: null });
    expect(appointmentsCard(t, false, undefined)).toEqual({ enabled: true, reason: null });
  });
});

describe('ageOn', () => {
  const today = new Date(2026, 10, 26);
  it('counts whole years from either date format, the birthday itself included', () => {
    expect(ageOn('1979-04-12', today)).toBe(47);
    expect(ageOn('04/12/1979', today)).toBe(47);
    expect(ageOn('1999-11-26', today)).toBe(27);
    expect(ageOn('1999-11-27', today)).toBe(26);
  });
  it('is null for a missing or unreadable date', () => {
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('yesterday', today)).toBeNull();
    expect(ageOn('2030-01-01', today)).toBeNull();
  });
});

it('?nurse=1 asks for the nurse line', () => {
  expect(asksForNurseLine('?nurse=1')).toBe(true);
  expect(asksForNurseLine('?nurse=0')).toBe(false);
  expect(asksForNurseLine('')).toBe(false);
});
