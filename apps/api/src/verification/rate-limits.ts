/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible), so every API instance counts together.
 * The rules (names, counts, windows) are core's ATTEMPT_LIMITS. A refused call becomes 429 with
 * Retry-After and the spec's 'too many attempts' text.
 */
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AttemptLimiter, AttemptRule, AttemptVerdict } from '@portal/core';
import { HttpError } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later';

export class RateLimits implements AttemptLimiter {
  readonly #limiters = new Map<string, RateLimiterPostgres>();
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #limiter(rule: AttemptRule): RateLimiterPostgres {
    let limiter = this.#limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.#knex,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.durationSeconds,
      });
      this.#limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  async attempt(rule: AttemptRule, key: string): Promise<AttemptVerdict> {
    try {
      await this.#limiter(rule).consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      throw error;
    }
  }

  /** Counts one use of `key` under each rule; throws 429 when any is exhausted. */
  async consume(key: string, ...rules: AttemptRule[]): Promise<void> {
    for (const rule of rules) {
      const verdict = await this.attempt(rule, key);
      if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
    }
  }

  /** Forgets the count of `key` under a rule (after a success that should not count against the user). */
  async reset(key: string, rule: AttemptRule): Promise<void> {
    await this.#limiter(rule).delete(key);
  }
}

export const tooMany = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, { error: 'Too many requests', message: TOO_MANY_ATTEMPTS, retryAfterSeconds: Math.max(1, retryAfterSeconds) });
