/**
 * Counts attempts against limits shared by every API instance (the persistence adapter keeps the
 * counters in PostgreSQL). Keys are opaque: callers pass hashes or ids, never an email or a name.
 */
import type { AttemptRule } from '../policies/attempt-limits.policy.ts';

export type AttemptVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface AttemptLimiter {
  /** Counts one attempt of `key` under `rule`; `allowed: false` once the rule is spent. */
  attempt(rule: AttemptRule, key: string): Promise<AttemptVerdict>;
}
