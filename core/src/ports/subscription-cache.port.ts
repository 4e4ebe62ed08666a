import type { MembershipStatus } from '../use-cases/membership-status.use-case.ts';

/** A membership status as last read from Stripe (table subscription_cache). */
export interface CachedMembershipStatus {
  readonly status: MembershipStatus;
  readonly cachedAt: Date;
}

export interface SubscriptionCache {
  /** The entry for this key (acting patient and person), however old; null when none. */
  read(key: string): Promise<CachedMembershipStatus | null>;
  /** Replaces the key's entry; `customerIds` are the Stripe customers it was read from. */
  write(entry: { readonly key: string; readonly patientId: string; readonly customerIds: readonly string[]; readonly status: MembershipStatus; readonly cachedAt: Date }): Promise<void>;
  /** Drops every entry read from this Stripe customer (a webhook said it changed); how many. */
  forgetCustomer(customerId: string): Promise<number>;
}
