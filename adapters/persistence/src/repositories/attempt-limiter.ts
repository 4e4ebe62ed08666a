/**
 * Attempt counters kept in PostgreSQL (rate-limiter-flexible's store), so every API instance
 * counts together. The rules (names, counts, windows) are core's ATTEMPT_LIMITS.
 */
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AttemptLimiter, AttemptRule, AttemptVerdict } from '@portal/core';

/**
 * rate-limiter-flexible names its statements (`rate_limits:rlflx-upsert`), which pg prepares once
 * per connection and then only executes. Behind a transaction pooler (PgBouncer in transaction
 * mode, docs/decisions/0037) the next transaction may run on another server connection, where the
 * statement is missing or already prepared by another client: 'prepared statement … already
 * exists'. Unnamed statements are parsed each time and work through any pooler.
 */
class UnnamedStatementsLimiter extends RateLimiterPostgres {
  _query(query: { text: string; values: unknown[]; name?: string }): Promise<unknown> {
    const withName = RateLimiterPostgres.prototype as unknown as { _query(query: { text: string; values: unknown[] }): Promise<unknown> };
    return withName._query.call(this, { text: query.text, values: query.values });
  }
}

export class PostgresAttemptLimiter implements AttemptLimiter {
  readonly #limiters = new Map<string, RateLimiterPostgres>();
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #limiter(rule: AttemptRule): RateLimiterPostgres {
    let limiter = this.#limiters.get(rule.name);
    if (!limiter) {
      limiter = new UnnamedStatementsLimiter({
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
}
