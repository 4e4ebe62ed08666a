import { describe, expect, it } from '@jest/globals';
import { formatCountdown, sessionExpiryState, spokenCountdown } from './session-expiry.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const at = (msFromNow: number): string => new Date(NOW + msFromNow).toISOString();

describe('sessionExpiryState', () => {
  it('warns when 1 minute or less remains and more than 0', () => {
    expect(sessionExpiryState(at(60_000), NOW)).toEqual({ kind: 'expiring', secondsLeft: 60 });
    expect(sessionExpiryState(at(50_000), NOW)).toEqual({ kind: 'expiring', secondsLeft: 50 });
    expect(sessionExpiryState(at(1), NOW)).toEqual({ kind: 'expiring', secondsLeft: 1 });
  });
  it('is expired at or below 0', () => {
    expect(sessionExpiryState(at(0), NOW)).toEqual({ kind: 'expired' });
    expect(sessionExpiryState(at(-5_000), NOW)).toEqual({ kind: 'expired' });
  });
  it('is quiet with more than a minute left or without a usable time', () => {
    expect(sessionExpiryState(at(60_001), NOW).kind).toBe('active');
    expect(sessionExpiryState(null, NOW).kind).toBe('unknown');
    expect(sessionExpiryState('later', NOW).kind).toBe('unknown');
  });
});

describe('countdown', () => {
  it('shows minutes and seconds, and says them for screen readers', () => {
    expect(formatCountdown(50)).toBe('0:50');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(-1)).toBe('0:00');
    expect(spokenCountdown(50)).toBe('50 seconds');
    expect(spokenCountdown(1)).toBe('1 second');
    expect(spokenCountdown(60)).toBe('1 minute');
  });
});
