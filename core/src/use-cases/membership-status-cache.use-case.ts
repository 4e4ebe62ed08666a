/**
 * The dashboard's membership status, kept 5 minutes in subscription_cache (issue 14): a dashboard
 * visit reads Stripe at most once per 5 minutes per patient; Refresh (POST
 * /api/dashboard/subscription-status/refresh) reads it at once. The nurse line and booking's
 * members path ask the same question (is the acting patient a member?).
 *
 * Every change of a membership goes through `forgetMembership` (docs/kept-answers.md): a first
 * billing customer, a subscription started by a patient, a caregiver or staff, a payment, a
 * reactivation, and every Stripe event (a cancellation, a failed renewal). It drops the entries of
 * the patients and customers the change is about, so the next visit reads Stripe again, and a read
 * that began before the change is not stored over it (issue 23).
 *
 * The key is the acting patient and the person signed in: a caregiver's view of a dependent is
 * grouped from the caregiver's billing accounts too (membership-status.use-case.ts).
 */
import { membershipStatusWithCustomers, type MembershipStatus, type MembershipStatusDeps, type MembershipStatusSession } from './membership-status.use-case.ts';
import type { MembershipSubjects, SubscriptionCache } from '../ports/subscription-cache.port.ts';

export const SUBSCRIPTION_CACHE_TTL_MS = 5 * 60 * 1000;

export interface CachedMembershipStatusDeps extends MembershipStatusDeps {
  readonly subscriptionCache: SubscriptionCache;
}

export const subscriptionCacheKey = (session: MembershipStatusSession): string =>
  `patient:${session.actingPatientId}|person:${session.person.patientId ?? ''}`;

export interface MembershipStatusAnswer {
  readonly status: MembershipStatus;
  /** True when Stripe was not asked (the entry was younger than 5 minutes). */
  readonly fromCache: boolean;
  readonly cachedAt: Date;
}

/** The status from the cache when younger than 5 minutes (and not `refresh`), else from Stripe, stored. */
export const currentMembershipStatus = async (
  deps: CachedMembershipStatusDeps,
  input: { readonly session: MembershipStatusSession; readonly refresh?: boolean },
): Promise<MembershipStatusAnswer> => {
  const key = subscriptionCacheKey(input.session);
  const now = deps.clock.now();
  if (!input.refresh) {
    const cached = await deps.subscriptionCache.read(key);
    const age = cached ? now.getTime() - cached.cachedAt.getTime() : Infinity;
    if (cached && age >= 0 && age < SUBSCRIPTION_CACHE_TTL_MS) return { status: cached.status, fromCache: true, cachedAt: cached.cachedAt };
  }
  const { status, customerIds } = await membershipStatusWithCustomers(deps, { session: input.session });
  await deps.subscriptionCache.write({ key, patientId: input.session.actingPatientId, personId: input.session.person.patientId, customerIds, status, cachedAt: now });
  return { status, fromCache: false, cachedAt: now };
};

/**
 * The one way a writer says a membership changed: every kept status about these patients or
 * customers is dropped, whoever reads it next (dashboard, nurse line, booking, enrollment) reads
 * Stripe again. Empty and repeated ids are ignored.
 */
export const forgetMembership = (
  deps: { readonly subscriptionCache: SubscriptionCache; readonly clock: { now(): Date } },
  subjects: { readonly [K in keyof MembershipSubjects]: readonly (string | null | undefined)[] },
): Promise<number> => {
  const known = (ids: readonly (string | null | undefined)[]): string[] => [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  const patientIds = known(subjects.patientIds);
  const customerIds = known(subjects.customerIds);
  if (patientIds.length === 0 && customerIds.length === 0) return Promise.resolve(0);
  return deps.subscriptionCache.forget({ patientIds, customerIds }, deps.clock.now());
};
