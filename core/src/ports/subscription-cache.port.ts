import type { MembershipStatus } from '../domain/membership-status.ts';

/** A membership status as last read from Stripe (table subscription_cache). */
export interface CachedMembershipStatus {
  readonly status: MembershipStatus;
  readonly cachedAt: Date;
}

/**
 * Whom a change of membership is about: the health-record patients (whoever acts or is signed in)
 * and the Stripe customers. Any kept status that names one of them is wrong from then on.
 */
export interface MembershipSubjects {
  readonly patientIds: readonly string[];
  readonly customerIds: readonly string[];
}

export interface SubscriptionCache {
  /** The entry for this key (acting patient and person), however old; null when none. */
  read(key: string): Promise<CachedMembershipStatus | null>;
  /**
   * Replaces the key's entry, read from Stripe at `cachedAt` (`customerIds` are the customers it
   * was read from). Not stored, and false, when a change about its acting patient, its person or
   * one of its customers was recorded at or after `cachedAt`: that read may predate the change.
   */
  write(entry: {
    readonly key: string;
    readonly patientId: string;
    readonly personId: string | null;
    readonly customerIds: readonly string[];
    readonly status: MembershipStatus;
    readonly cachedAt: Date;
  }): Promise<boolean>;
  /**
   * A change about these subjects at `changedAt`: drops every entry whose acting patient, person
   * or customers include one of them, and remembers the change for `write`. How many it dropped.
   */
  forget(subjects: MembershipSubjects, changedAt: Date): Promise<number>;
}
