/**
 * The dashboard's membership status, kept 5 minutes in subscription_cache (issue 14): a dashboard
 * visit reads Stripe at most once per 5 minutes per patient; Refresh (POST
 * /api/dashboard/subscription-status/refresh) reads it at once; Stripe's webhook drops the entries
 * read from the customer an event is about, so a payment, a cancellation or a failed renewal shows
 * on the next visit. The nurse line asks the same question (is the acting patient a member?).
 *
 * The key is the acting patient and the person signed in: a caregiver's view of a dependent is
 * grouped from the caregiver's billing accounts too (membership-status.use-case.ts).
 */
import { membershipStatusWithCustomers, type MembershipStatus, type MembershipStatusDeps, type MembershipStatusSession } from './membership-status.use-case.ts';
import type { SubscriptionCache } from '../ports/subscription-cache.port.ts';

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
  await deps.subscriptionCache.write({ key, patientId: input.session.actingPatientId, customerIds, status, cachedAt: now });
  return { status, fromCache: false, cachedAt: now };
};

/** A Stripe event about this customer: its cached statuses are dropped (read again on the next visit). */
export const forgetCachedMembership = (deps: { readonly subscriptionCache: SubscriptionCache }, customerId: string | null): Promise<number> =>
  customerId ? deps.subscriptionCache.forgetCustomer(customerId) : Promise.resolve(0);
