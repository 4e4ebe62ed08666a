/**
 * A Clock for tests: stands still until told to move. Reusable by any package's tests through
 * `@portal/core/testing/fixed-clock.ts`.
 */
import type { Clock } from '../ports/clock.port.ts';

export class FixedClock implements Clock {
  #epochMs: number;

  constructor(start: Date | string | number) {
    this.#epochMs = FixedClock.#toMs(start);
  }

  static #toMs(instant: Date | string | number): number {
    const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
    if (!Number.isFinite(ms)) throw new RangeError(`FixedClock: not an instant: ${String(instant)}`);
    return ms;
  }

  /** A fresh Date each call, so callers cannot move the clock by mutating it. */
  now(): Date {
    return new Date(this.#epochMs);
  }

  set(instant: Date | string | number): void {
    this.#epochMs = FixedClock.#toMs(instant);
  }

  /** Moves forward (or back, if negative) by `ms` milliseconds. */
  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`FixedClock: cannot advance by ${String(ms)}`);
    this.#epochMs += ms;
  }
}
