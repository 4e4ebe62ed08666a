import { describe, it, expect } from '@jest/globals';
import { FixedClock } from './fixed-clock.ts';
import { SequentialIds } from './sequential-ids.ts';

describe('FixedClock', () => {
  it('stands still at the instant it was given (Date, ISO string or epoch ms)', () => {
    const instant = '2026-03-10T03:30:00.000Z';
    for (const start of [new Date(instant), instant, Date.parse(instant)]) {
      const clock = new FixedClock(start);
      expect(clock.now().toISOString()).toBe(instant);
      expect(clock.now().toISOString()).toBe(instant);
    }
  });

  it('moves only with set and advance', () => {
    const clock = new FixedClock('2026-03-10T00:00:00Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-03-10T00:01:30.000Z');
    clock.advance(-30_000);
    expect(clock.now().toISOString()).toBe('2026-03-10T00:01:00.000Z');
    clock.set(new Date('2026-11-01T06:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-01T06:00:00.000Z');
  });

  it('hands out copies, so mutating a returned Date does not move the clock', () => {
    const clock = new FixedClock('2026-03-10T00:00:00Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it('refuses instants and steps that are not numbers', () => {
    expect(() => new FixedClock('not a date')).toThrow(RangeError);
    const clock = new FixedClock(0);
    expect(() => clock.set(Number.NaN)).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(clock.now().getTime()).toBe(0);
  });
});

describe('SequentialIds', () => {
  it('counts up from 1 with a prefix', () => {
    const ids = new SequentialIds();
    expect([ids.newId(), ids.newId(), ids.newId()]).toEqual(['id-1', 'id-2', 'id-3']);
    const enrollments = new SequentialIds('enr_');
    expect(enrollments.newId()).toBe('enr_1');
  });
});
