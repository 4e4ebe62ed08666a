import { describe, it, expect } from '@jest/globals';
import {
  GUEST_VERIFICATION_VALIDITY_MS,
  isVerificationValid,
  sessionWarningState,
  verificationExpiresAt,
  verificationRemainingMs,
} from './verification.policy.ts';

const verifiedAt = Date.parse('2026-03-10T12:00:00Z');
const after = (ms: number): Date => new Date(verifiedAt + ms);
const MINUTE = 60_000;

describe('guest verification validity', () => {
  it('lasts 30 minutes (1,800,000 ms)', () => {
    expect(GUEST_VERIFICATION_VALIDITY_MS).toBe(1_800_000);
    expect(verificationExpiresAt(verifiedAt).toISOString()).toBe('2026-03-10T12:30:00.000Z');
    expect(verificationExpiresAt(new Date(verifiedAt)).toISOString()).toBe('2026-03-10T12:30:00.000Z');
  });

  it('is valid from the timestamp until just before 30 minutes', () => {
    expect(isVerificationValid(verifiedAt, after(0))).toBe(true);
    expect(isVerificationValid(verifiedAt, after(29 * MINUTE))).toBe(true);
    expect(isVerificationValid(verifiedAt, after(30 * MINUTE - 1))).toBe(true);
  });

  it('is invalid at 30 minutes and after', () => {
    expect(isVerificationValid(verifiedAt, after(30 * MINUTE))).toBe(false);
    expect(isVerificationValid(verifiedAt, after(31 * MINUTE))).toBe(false);
    expect(isVerificationValid(new Date(verifiedAt), after(2 * 60 * MINUTE))).toBe(false);
  });

  it('refuses a timestamp from the future and unreadable timestamps', () => {
    expect(isVerificationValid(verifiedAt + 1, after(0))).toBe(false);
    expect(isVerificationValid(Number.NaN, after(0))).toBe(false);
    expect(isVerificationValid(new Date('not a date'), after(0))).toBe(false);
  });

  it('reports remaining time', () => {
    expect(verificationRemainingMs(verifiedAt, after(10 * MINUTE))).toBe(20 * MINUTE);
    expect(verificationRemainingMs(verifiedAt, after(35 * MINUTE))).toBe(-5 * MINUTE);
  });
});

describe('sessionWarningState', () => {
  it.each([
    [30 * MINUTE, 'ok'],
    [60_001, 'ok'],
    [60_000, 'warning'],
    [59_999, 'warning'],
    [1, 'warning'],
    [0, 'expired'],
    [-1, 'expired'],
    [Number.NaN, 'expired'],
  ] as const)('%p ms left → %s', (remainingMs, state) => {
    expect(sessionWarningState(remainingMs)).toBe(state);
  });

  it('follows a guest session from ok through warning to expired', () => {
    const stateAt = (ms: number) => sessionWarningState(verificationRemainingMs(verifiedAt, after(ms)));
    expect(stateAt(28 * MINUTE)).toBe('ok');
    expect(stateAt(29 * MINUTE)).toBe('warning');
    expect(stateAt(30 * MINUTE)).toBe('expired');
  });
});
