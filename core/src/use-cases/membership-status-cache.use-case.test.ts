import { describe, expect, it } from '@jest/globals';
import type { PersonProfile } from '../domain/patient-session.ts';
import type { BillingCustomer, Cards, BillingSubscription } from '../ports/cards.port.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import { InMemorySubscriptionCache } from '../testing/in-memory-subscription-cache.ts';
import { SUBSCRIPTION_CACHE_TTL_MS, currentMembershipStatus, forgetMembership, subscriptionCacheKey } from './membership-status-cache.use-case.ts';
import type { MembershipStatusSession } from './membership-status.use-case.ts';
import { NURSE_LINE_MEMBERSHIP_REQUIRED, revealNurseLine } from './nurse-line.use-case.ts';

const NOW = new Date('2026-06-15T16:00:00Z');

class CountingCards implements Pick<Cards, 'getCustomer' | 'findCustomerByEmail' | 'listSubscriptions'> {
  calls = 0;
  readonly customer: BillingCustomer = { id: 'cus_dana', email: 'dana@example.test', name: null, metadata: { athenaPatientId: '5101' } };
  subscriptions: BillingSubscription[] = [];
  async getCustomer(id: string) {
    this.calls += 1;
    return id === this.customer.id ? this.customer : null;
  }
  async findCustomerByEmail(email: string) {
    this.calls += 1;
    return email === this.customer.email ? this.customer : null;
  }
  async listSubscriptions(customerId: string) {
    this.calls += 1;
    return this.subscriptions.filter((s) => s.customerId === customerId);
  }
}

const DANA: PersonProfile = { patientId: '5101', firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '01/02/1980', sex: null, email: 'dana@example.test', phone: null, departmentId: '1' };
const session: MembershipStatusSession = { person: DANA, actingPatientId: '5101', acting: DANA, linkedPatients: [] };
const active: BillingSubscription = {
  id: 'sub_dana',
  customerId: 'cus_dana',
  status: 'active',
  tier: '120_annual',
  cancelAtPeriodEnd: false,
  currentPeriodStart: NOW,
  currentPeriodEnd: new Date('2027-06-15T16:00:00Z'),
  latestInvoiceId: null,
  metadata: { athenaPatientId: '5101' },
};

const setup = (at: Date = NOW) => {
  const cards = new CountingCards();
  const subscriptionCache = new InMemorySubscriptionCache();
  let now = at;
  const deps = { enrollments: new InMemoryEnrollments(), cards, subscriptionCache, clock: { now: () => now } };
  return { cards, subscriptionCache, deps, move: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

describe('currentMembershipStatus (subscription_cache, 5 minutes)', () => {
  it('reads Stripe once, then answers from the cache until 5 minutes have passed', async () => {
    const { cards, deps, move } = setup();
    cards.subscriptions = [active];
    const first = await currentMembershipStatus(deps, { session });
    expect(first.fromCache).toBe(false);
    expect(first.status.hasActiveSubscription).toBe(true);
    const calls = cards.calls;
    move(SUBSCRIPTION_CACHE_TTL_MS - 1);
    const second = await currentMembershipStatus(deps, { session });
    expect({ fromCache: second.fromCache, calls: cards.calls }).toEqual({ fromCache: true, calls });
    move(1);
    expect((await currentMembershipStatus(deps, { session })).fromCache).toBe(false);
    expect(cards.calls).toBeGreaterThan(calls);
  });

  it('reads Stripe on refresh, and after a change about its customer', async () => {
    const { cards, subscriptionCache, deps, move } = setup();
    cards.subscriptions = [active];
    await currentMembershipStatus(deps, { session });
    cards.subscriptions = [{ ...active, cancelAtPeriodEnd: true }];
    expect((await currentMembershipStatus(deps, { session })).status.subscriptions.tier1PatientMatches[0]?.cancelAtPeriodEnd).toBe(false);
    const refreshed = await currentMembershipStatus(deps, { session, refresh: true });
    expect({ fromCache: refreshed.fromCache, cancelling: refreshed.status.subscriptions.tier1PatientMatches[0]?.cancelAtPeriodEnd }).toEqual({ fromCache: false, cancelling: true });
    move(1);
    expect(await forgetMembership(deps, { patientIds: [], customerIds: ['cus_other'] })).toBe(0);
    expect(await forgetMembership(deps, { patientIds: [], customerIds: ['cus_dana'] })).toBe(1);
    expect(subscriptionCache.rows.has(subscriptionCacheKey(session))).toBe(false);
    expect(await forgetMembership(deps, { patientIds: [null, ''], customerIds: [undefined] })).toBe(0);
  });

  it('drops by patient an entry read before the patient had any billing customer (issue 23, finding 1)', async () => {
    const { cards, subscriptionCache, deps, move } = setup();
    // First visit: no customer yet, so the entry names none.
    cards.subscriptions = [];
    const before = await currentMembershipStatus(deps, { session: { ...session, person: { ...DANA, email: 'new@example.test' } } });
    expect(before.status.hasActiveSubscription).toBe(false);
    move(1_000);
    // The patient enrolls and pays: a customer and a subscription appear, and the writer says so.
    cards.subscriptions = [active];
    expect(await forgetMembership(deps, { patientIds: ['5101'], customerIds: ['cus_dana'] })).toBe(1);
    move(1_000);
    const after = await currentMembershipStatus(deps, { session });
    expect({ fromCache: after.fromCache, member: after.status.hasActiveSubscription }).toEqual({ fromCache: false, member: true });
    expect(subscriptionCache.rows.size).toBe(1);
  });

  it("drops a caregiver's view of a dependent when the caregiver's own membership changes", async () => {
    const { subscriptionCache, deps, move } = setup();
    const caregiverView: MembershipStatusSession = { ...session, actingPatientId: '5150', acting: { ...DANA, patientId: '5150' } };
    await currentMembershipStatus(deps, { session: caregiverView });
    move(1);
    expect(await forgetMembership(deps, { patientIds: ['5101'], customerIds: [] })).toBe(1);
    expect(subscriptionCache.rows.size).toBe(0);
  });

  it('does not store a status read before a change made while it was being read', async () => {
    const { cards, subscriptionCache, deps } = setup();
    cards.subscriptions = [];
    // The change lands at the very moment the read began (a payment while the dashboard loads).
    await forgetMembership(deps, { patientIds: ['5101'], customerIds: [] });
    const answer = await currentMembershipStatus(deps, { session });
    expect(answer.fromCache).toBe(false);
    expect(subscriptionCache.rows.size).toBe(0);
  });

  it('does not trust an entry dated in the future (a clock step back)', async () => {
    const { cards, subscriptionCache, deps } = setup();
    cards.subscriptions = [active];
    const { status } = await currentMembershipStatus(deps, { session });
    await subscriptionCache.write({ key: subscriptionCacheKey(session), patientId: '5101', personId: '5101', customerIds: ['cus_dana'], status, cachedAt: new Date(NOW.getTime() + 60_000) });
    expect((await currentMembershipStatus(deps, { session })).fromCache).toBe(false);
  });
});

describe('revealNurseLine', () => {
  const practice = () => ({ nurseLine: { phone: '4015550150', hours: 'Weekdays' } });

  it('gives an active member the configured number', async () => {
    const { cards, deps } = setup();
    cards.subscriptions = [active];
    await expect(revealNurseLine({ ...deps, practice }, { session })).resolves.toEqual({ ok: true, nurseLine: { phone: '4015550150', hours: 'Weekdays' } });
  });

  it('refuses without an active membership: none, past due, or canceled', async () => {
    const cases: BillingSubscription[][] = [[], [{ ...active, status: 'past_due' }], [{ ...active, status: 'canceled' }]];
    for (const subscriptions of cases) {
      const { cards, deps } = setup();
      cards.subscriptions = subscriptions;
      const answer = await revealNurseLine({ ...deps, practice }, { session });
      expect(answer).toEqual({ ok: false, error: NURSE_LINE_MEMBERSHIP_REQUIRED });
      expect(JSON.stringify(answer)).not.toContain('4015550150');
    }
  });
});
