/**
 * Attempt limits at the HTTP edge: each rule of core's ATTEMPT_LIMITS counted through the
 * AttemptLimiter port (PostgreSQL, shared by every instance); a spent rule is 429 with
 * Retry-After and the spec's 'too many attempts' text.
 */
import type { AttemptLimiter, AttemptRule } from '@portal/core';
import { HttpError } from './errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later';

export const tooMany = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, { error: 'Too many requests', message: TOO_MANY_ATTEMPTS, retryAfterSeconds: Math.max(1, retryAfterSeconds) });

/** Counts one use of `key` under each rule, in order; throws 429 at the first that is spent. */
export const consumeAttempts = async (limiter: AttemptLimiter, key: string, ...rules: AttemptRule[]): Promise<void> => {
  for (const rule of rules) {
    const verdict = await limiter.attempt(rule, key);
    if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
  }
};
