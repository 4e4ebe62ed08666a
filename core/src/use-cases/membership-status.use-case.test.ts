import { describe, expect, it } from '@jest/globals';
import type { LinkedPatient, PersonProfile } from '../domain/patient-session.ts';
import type { TierCode } from '../domain/tier.ts';
import type { BillingCustomer, Cards, BillingSubscription } from '../ports/cards.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import {
  APPOINTMENTS_AVAILABLE_MESSAGE,
  APPOINTMENTS_REQUIRE_MEMBERSHIP_MESSAGE,
  describeEnrollment,
  describeSummary,
  membershipStatus,
  NO_MEMBERSHIP_SUMMARY,
  NOT_ENROLLED_MESSAGE,
  PAST_DUE_MESSAGE,
  type MembershipStatusSession,
} from './membership-status.use-case.ts';

const NOW = new Date('2026-06-15T16:00:00Z');
const YEAR_LATER = new Date('2027-06-15T16:00:00Z');

/** Stripe's reads as the use case sees them. */
class FakeCards implements Pick<Cards, 'getCustomer' | 'findCustomerByEmail' | 'listSubscriptions'> {
  readonly customers = new Map<string, BillingCustomer>();
  readonly subscriptions = new Map<string, BillingSubscription>();
  listCalls = 0;

  customer(id: string, email: string | null, athenaPatientId?: string): BillingCustomer {
    const customer: BillingCustomer = { id, email, name: null, metadata: athenaPatientId ? { athenaPatientId } : {} };
    this.customers.set(id, customer);
    return customer;
  }
  subscription(id: string, customerId: string, options: Partial<BillingSubscription> & { forPatient?: string; tier?: TierCode | null } = {}): BillingSubscription {
    const { forPatient, ...rest } = options;
    const subscription: BillingSubscription = {
      id,
      customerId,
      status: 'active',
      tier: '120_annual',
      cancelAtPeriodEnd: false,
      currentPeriodStart: NOW,
      currentPeriodEnd: YEAR_LATER,
      latestInvoiceId: null,
      metadata: forPatient ? { athenaPatientId: forPatient } : {},
      ...rest,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }
  async getCustomer(id: string) {
    return this.customers.get(id) ?? null;
  }
  async findCustomerByEmail(email: string) {
    return [...this.customers.values()].find((c) => c.email === email) ?? null;
  }
  async listSubscriptions(customerId: string) {
    this.listCalls += 1;
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId);
  }
}

const profile = (patientId: string | null, firstName: string, lastName: string, email: string | null = null): PersonProfile => ({
  patientId,
  firstName,
  lastName,
  dateOfBirth: '01/02/1980',
  sex: null,
  email,
  phone: null,
  departmentId: '1',
});

const DANA = profile('5101', 'Dana', 'Reyes', 'dana@example.test');
const SAM = profile('5102', 'Sam', 'Reyes', 'dana@example.test');
const samLinked: LinkedPatient = { patientId: '5102', relationship: 'Child', profile: SAM };

/** Dana signed in for herself, with her child Sam linked. */
const danaForHerself: MembershipStatusSession = { person: DANA, actingPatientId: '5101', acting: DANA, linkedPatients: [samLinked] };
/** Dana signed in, acting for Sam. */
const danaForSam: MembershipStatusSession = { person: DANA, actingPatientId: '5102', acting: SAM, linkedPatients: [samLinked] };

const setup = () => {
  const enrollments = new InMemoryEnrollments();
  const cards = new FakeCards();
  const deps = { enrollments, cards, clock: new FixedClock(NOW) };
  /** An enrollment of this patient that carries this Stripe customer (and subscription). */
  const enrolled = async (athenaPatientId: string, customerId: string, subscriptionId?: string, active = false) => {
    const row = await enrollments.create({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId, createdAt: NOW });
    await enrollments.setPayment(row.id, { stripeCustomerId: customerId, ...(subscriptionId ? { stripeSubscriptionId: subscriptionId } : {}) }, NOW);
    if (active) {
      for (const to of ['signed', 'payment_pending', 'active'] as const) await enrollments.updateStatus(row.id, to, NOW);
    }
    return row;
  };
  return { enrollments, cards, deps, enrolled };
};

describe('membershipStatus', () => {
  it('without any billing customer: no membership, Enroll offered, nothing to manage', async () => {
    const { deps } = setup();
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status).toEqual({
      hasActiveSubscription: false,
      subscriptionSummary: NO_MEMBERSHIP_SUMMARY,
      summaryFacts: {
        membership: 'none',
        tier: null,
        tierName: null,
        viaCaregiver: false,
        periodEnd: null,
        cancelAtPeriodEnd: false,
        otherSubscriptions: 0,
        managedByCaregiver: 0,
      },
      tier1Matches: 0,
      tier1Others: 0,
      tier2Matches: 0,
      subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] },
      enrollmentMessage: NOT_ENROLLED_MESSAGE,
      enrollmentMessageCode: 'not_enrolled',
      appointmentMessage: APPOINTMENTS_REQUIRE_MEMBERSHIP_MESSAGE,
      appointmentMessageCode: 'requires_membership',
      managedSubscriptionsEnabled: false,
      enrollMemberEnabled: true,
      bookAppointmentEnabled: false,
    });
  });

  it("the patient's own active subscription: every field of the card, member, booking allowed", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana_annual', 'cus_dana', { forPatient: '5101' });
    await enrolled('5101', 'cus_dana', 'sub_dana_annual', true);

    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.subscriptions.tier1PatientMatches).toEqual([
      {
        id: 'sub_dana_annual',
        productName: 'Enhanced Annual',
        nickname: 'Billed annually',
        memberName: 'Dana Reyes',
        amount: 12_000,
        interval: 'year',
        status: 'active',
        currentPeriodEnd: '2027-06-15T16:00:00.000Z',
        cancelAtPeriodEnd: false,
        customer: { email: 'dana@example.test' },
      },
    ]);
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      tier1Matches: 1,
      tier1Others: 0,
      tier2Matches: 0,
      managedSubscriptionsEnabled: true,
      enrollMemberEnabled: false,
      bookAppointmentEnabled: true,
      appointmentMessage: APPOINTMENTS_AVAILABLE_MESSAGE,
      enrollmentMessage: 'You are enrolled in the Enhanced Annual membership.',
      subscriptionSummary: 'Active Enhanced Annual membership, renews 06/15/2027.',
    });
  });

  it('a 6-month tier shows its own price, interval and nickname', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_six', 'cus_dana', { forPatient: '5101', tier: '300_concierge_biannual' });
    await enrolled('5101', 'cus_dana');
    const [card] = (await membershipStatus(deps, { session: danaForHerself })).subscriptions.tier1PatientMatches;
    expect(card).toMatchObject({ productName: 'Concierge 6 Month', amount: 30_000, interval: '6 months', nickname: 'Billed every 6 months' });
  });

  it("a dependent's subscription paid from the patient's own customer is in tier1Others and does not make the patient a member", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_for_sam', 'cus_dana', { forPatient: '5102', tier: '70_biannual' });
    await enrolled('5101', 'cus_dana');

    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.subscriptions.tier1Others).toEqual([expect.objectContaining({ id: 'sub_for_sam', memberName: 'Sam Reyes', amount: 7_000, interval: '6 months' })]);
    expect(status).toMatchObject({
      hasActiveSubscription: false,
      tier1Matches: 0,
      tier1Others: 1,
      tier2Matches: 0,
      managedSubscriptionsEnabled: true,
      enrollMemberEnabled: true,
      bookAppointmentEnabled: false,
      subscriptionSummary: `${NO_MEMBERSHIP_SUMMARY} 1 other subscription on your billing account.`,
    });
  });

  it("a caregiver's customer paying for the acting patient is tier2 (caregiver-managed); the caregiver's own subscription is not shown", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_for_sam', 'cus_dana', { forPatient: '5102' });
    cards.subscription('sub_dana_own', 'cus_dana', { forPatient: '5101' });
    await enrolled('5101', 'cus_dana', 'sub_dana_own', true);

    const status = await membershipStatus(deps, { session: danaForSam });
    expect(status.subscriptions.tier2Matches).toEqual([expect.objectContaining({ id: 'sub_for_sam', memberName: 'Sam Reyes', customer: { email: 'dana@example.test' } })]);
    expect(status.subscriptions.tier1PatientMatches).toEqual([]);
    expect(status.subscriptions.tier1Others).toEqual([]);
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      tier2Matches: 1,
      managedSubscriptionsEnabled: false,
      bookAppointmentEnabled: true,
      enrollMemberEnabled: false,
      subscriptionSummary: 'Active Enhanced Annual membership managed by a caregiver, renews 06/15/2027.',
    });
    expect(status.subscriptionSummary.toLowerCase()).toContain('caregiver');
  });

  it("the acting patient's enrollment on someone else's customer (staff used the caregiver's email) is caregiver-managed", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_staff', 'cus_dana');
    await enrolled('5102', 'cus_dana', 'sub_staff');
    const status = await membershipStatus(deps, { session: { ...danaForSam, person: { ...DANA, email: null } } });
    expect(status.subscriptions.tier2Matches.map((s) => s.id)).toEqual(['sub_staff']);
  });

  it('a customer without metadata found by the patient\'s email is theirs; a subscription without metadata is for the patient of its enrollment', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_by_email', 'dana@example.test');
    cards.subscription('sub_mine', 'cus_by_email');
    cards.subscription('sub_sams', 'cus_by_email');
    const sams = await enrolled('5102', 'cus_other');
    await deps.enrollments.setPayment(sams.id, { stripeSubscriptionId: 'sub_sams' }, NOW);

    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.subscriptions.tier1PatientMatches.map((s) => s.id)).toEqual(['sub_mine']);
    expect(status.subscriptions.tier1Others.map((s) => [s.id, s.memberName])).toEqual([['sub_sams', 'Sam Reyes']]);
  });

  it('set to cancel at period end: still a member until then, summary says it will not renew', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101', cancelAtPeriodEnd: true });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status).toMatchObject({ hasActiveSubscription: true, bookAppointmentEnabled: true, enrollMemberEnabled: false });
    expect(status.subscriptionSummary).toBe('Active Enhanced Annual membership, ends 06/15/2027 and will not renew.');
    expect(status.subscriptions.tier1PatientMatches[0]?.cancelAtPeriodEnd).toBe(true);
  });

  it('past_due is not a membership, and no new enrollment is offered while it lives', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101', status: 'past_due' });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status).toMatchObject({
      hasActiveSubscription: false,
      bookAppointmentEnabled: false,
      enrollMemberEnabled: false,
      enrollmentMessage: PAST_DUE_MESSAGE,
      tier1Matches: 1,
      subscriptionSummary: 'Your membership payment is past due.',
    });
  });

  it('hides abandoned checkouts and long-canceled subscriptions, shows a recent cancellation (not a member), live ones first', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_incomplete', 'cus_dana', { forPatient: '5101', status: 'incomplete' });
    cards.subscription('sub_expired', 'cus_dana', { forPatient: '5101', status: 'incomplete_expired' });
    cards.subscription('sub_old', 'cus_dana', { forPatient: '5101', status: 'canceled', currentPeriodEnd: new Date('2025-01-01T00:00:00Z') });
    cards.subscription('sub_recent', 'cus_dana', { forPatient: '5101', status: 'canceled', currentPeriodEnd: new Date('2026-06-01T00:00:00Z') });
    await enrolled('5101', 'cus_dana');
    let status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.subscriptions.tier1PatientMatches.map((s) => s.id)).toEqual(['sub_recent']);
    expect(status).toMatchObject({ hasActiveSubscription: false, enrollMemberEnabled: true, bookAppointmentEnabled: false });

    cards.subscription('sub_new', 'cus_dana', { forPatient: '5101' });
    status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.subscriptions.tier1PatientMatches.map((s) => s.id)).toEqual(['sub_new', 'sub_recent']);
  });

  it('an active subscription whose period already ended still counts when Stripe says active and renewing (the spec rule), not when it is set to cancel', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    const stale = cards.subscription('sub_stale', 'cus_dana', { forPatient: '5101', currentPeriodEnd: new Date('2026-06-01T00:00:00Z') });
    await enrolled('5101', 'cus_dana');
    expect((await membershipStatus(deps, { session: danaForHerself })).hasActiveSubscription).toBe(true);
    cards.subscriptions.set(stale.id, { ...stale, cancelAtPeriodEnd: true });
    expect((await membershipStatus(deps, { session: danaForHerself })).hasActiveSubscription).toBe(false);
  });

  it('a price we do not sell is shown as a Membership with no amount', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_legacy', 'cus_dana', { forPatient: '5101', tier: null });
    await enrolled('5101', 'cus_dana');
    const [card] = (await membershipStatus(deps, { session: danaForHerself })).subscriptions.tier1PatientMatches;
    expect(card).toMatchObject({ productName: 'Membership', nickname: null, amount: 0, interval: '' });
  });

  it('reads each customer once even when found several ways, and shows each subscription once', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101' });
    await enrolled('5101', 'cus_dana', 'sub_dana', true);
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(cards.listCalls).toBe(1);
    expect(status.tier1Matches).toBe(1);
  });

  it("never shows someone else's subscription on someone else's customer", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana_own', 'cus_dana', { forPatient: '5101' });
    cards.subscription('sub_third', 'cus_dana', { forPatient: '9999' });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForSam });
    expect([...status.subscriptions.tier1PatientMatches, ...status.subscriptions.tier1Others, ...status.subscriptions.tier2Matches]).toEqual([]);
    expect(status.hasActiveSubscription).toBe(false);
  });
});

/** The English says what the facts say: rebuilt from them, word for word. */
const expectEnglishFromFacts = (status: Awaited<ReturnType<typeof membershipStatus>>): void => {
  expect(describeSummary(status.summaryFacts)).toBe(status.subscriptionSummary);
  expect(describeEnrollment(status.enrollmentMessageCode, status.summaryFacts)).toBe(status.enrollmentMessage);
};

describe('the summary as facts (issue 26: a screen in Spanish says it from these)', () => {
  const NO_COUNTS = { otherSubscriptions: 0, managedByCaregiver: 0 };

  it('active: the tier, its name and the period end on the practice calendar; the message codes', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101', currentPeriodEnd: new Date('2027-01-01T02:00:00Z') });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.summaryFacts).toEqual({
      membership: 'active',
      tier: '120_annual',
      tierName: 'Enhanced Annual',
      viaCaregiver: false,
      periodEnd: '2026-12-31',
      cancelAtPeriodEnd: false,
      ...NO_COUNTS,
    });
    expect(status.subscriptionSummary).toBe('Active Enhanced Annual membership, renews 12/31/2026.');
    expect(status).toMatchObject({ enrollmentMessageCode: 'enrolled_in_tier', appointmentMessageCode: 'booking_available' });
    expectEnglishFromFacts(status);
  });

  it('set to cancel at period end: cancelAtPeriodEnd', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101', tier: '70_biannual', cancelAtPeriodEnd: true });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.summaryFacts).toMatchObject({ membership: 'active', tier: '70_biannual', tierName: 'Enhanced 6 Month', periodEnd: '2027-06-15', cancelAtPeriodEnd: true });
    expectEnglishFromFacts(status);
  });

  it("paid from a caregiver's account: viaCaregiver, and no count of caregiver-managed subscriptions beside the membership", async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_for_sam', 'cus_dana', { forPatient: '5102' });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForSam });
    expect(status.summaryFacts).toEqual({
      membership: 'active',
      tier: '120_annual',
      tierName: 'Enhanced Annual',
      viaCaregiver: true,
      periodEnd: '2027-06-15',
      cancelAtPeriodEnd: false,
      ...NO_COUNTS,
    });
    expectEnglishFromFacts(status);
  });

  it('past due: no tier, the past-due codes', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_dana', 'cus_dana', { forPatient: '5101', status: 'past_due' });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.summaryFacts).toEqual({
      membership: 'past_due',
      tier: null,
      tierName: null,
      viaCaregiver: false,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      ...NO_COUNTS,
    });
    expect(status).toMatchObject({ enrollmentMessageCode: 'past_due', appointmentMessageCode: 'requires_membership' });
    expectEnglishFromFacts(status);
  });

  it('none, with other subscriptions on the billing account: their count', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_for_sam', 'cus_dana', { forPatient: '5102' });
    cards.subscription('sub_for_other', 'cus_dana', { forPatient: '5103', tier: '70_biannual' });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.summaryFacts).toMatchObject({ membership: 'none', tier: null, otherSubscriptions: 2, managedByCaregiver: 0 });
    expect(status.subscriptionSummary).toBe(`${NO_MEMBERSHIP_SUMMARY} 2 other subscriptions on your billing account.`);
    expect(status.enrollmentMessageCode).toBe('not_enrolled');
    expectEnglishFromFacts(status);
  });

  it('none, with ended caregiver-managed subscriptions: their count', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_sam_ended', 'cus_dana', { forPatient: '5102', status: 'canceled', currentPeriodEnd: new Date('2026-06-01T00:00:00Z') });
    await enrolled('5101', 'cus_dana');
    let status = await membershipStatus(deps, { session: danaForSam });
    expect(status.summaryFacts).toMatchObject({ membership: 'none', viaCaregiver: false, otherSubscriptions: 0, managedByCaregiver: 1 });
    expect(status.subscriptionSummary).toBe(`${NO_MEMBERSHIP_SUMMARY} 1 subscription managed by a caregiver.`);
    expectEnglishFromFacts(status);

    cards.subscription('sub_sam_ended_too', 'cus_dana', { forPatient: '5102', status: 'canceled', currentPeriodEnd: new Date('2026-06-02T00:00:00Z') });
    status = await membershipStatus(deps, { session: danaForSam });
    expect(status.summaryFacts.managedByCaregiver).toBe(2);
    expect(status.subscriptionSummary).toBe(`${NO_MEMBERSHIP_SUMMARY} 2 subscriptions managed by a caregiver.`);
    expectEnglishFromFacts(status);
  });

  it('a price we do not sell: no tier name in the facts, a Membership in the English', async () => {
    const { deps, cards, enrolled } = setup();
    cards.customer('cus_dana', 'dana@example.test', '5101');
    cards.subscription('sub_legacy', 'cus_dana', { forPatient: '5101', tier: null });
    await enrolled('5101', 'cus_dana');
    const status = await membershipStatus(deps, { session: danaForHerself });
    expect(status.summaryFacts).toMatchObject({ membership: 'active', tier: null, tierName: null });
    expect(status.subscriptionSummary).toBe('Active Membership membership, renews 06/15/2027.');
    expect(status.enrollmentMessage).toBe('You are enrolled in the Membership membership.');
    expectEnglishFromFacts(status);
  });
});
