/** Attempt counters in memory, for unit tests of the use cases (no windows: counts only grow). */
import type { AttemptRule } from '../policies/attempt-limits.policy.ts';
import type { AttemptLimiter, AttemptVerdict } from '../ports/attempt-limiter.port.ts';

export class InMemoryAttemptLimiter implements AttemptLimiter {
  readonly counts = new Map<string, number>();

  async attempt(rule: AttemptRule, key: string): Promise<AttemptVerdict> {
    const name = `${rule.name}:${key}`;
    const used = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, used);
    return used > rule.points ? { allowed: false, retryAfterSeconds: rule.durationSeconds } : { allowed: true };
  }
}
