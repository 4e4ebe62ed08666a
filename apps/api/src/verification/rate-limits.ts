/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible), so every API instance counts together.
 * A refused call becomes 429 with Retry-After and the spec's 'too many attempts' text.
 */
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later';

export interface LimitRule {
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

export class RateLimits {
  readonly #limiters = new Map<string, RateLimiterPostgres>();
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #limiter(rule: LimitRule): RateLimiterPostgres {
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

  /** Counts one use of `key` under each rule; throws 429 when any is exhausted. */
  async consume(key: string, ...rules: LimitRule[]): Promise<void> {
    for (const rule of rules) {
      try {
        await this.#limiter(rule).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    }
  }

  /** Forgets the count of `key` under a rule (after a success that should not count against the user). */
  async reset(key: string, rule: LimitRule): Promise<void> {
    await this.#limiter(rule).delete(key);
  }
}

export const tooMany = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, { error: 'Too many requests', message: TOO_MANY_ATTEMPTS, retryAfterSeconds: Math.max(1, retryAfterSeconds) });
