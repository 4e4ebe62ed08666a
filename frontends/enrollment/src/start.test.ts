import { beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from './i18n.ts';
import { startDecision, startQueryOf, storedVerification, storedVerificationIn } from './start.ts';
import type { StartInput } from './start.ts';

beforeAll(() => messages.load('en-US'));

const NOW = Date.parse('2026-11-26T15:00:00.000Z');
const MINUTE = 60_000;
const none = { verified: false, redirectToDashboard: false };
const input = (overrides: Partial<StartInput>): StartInput => ({ user: 'unauthenticated', settled: true, stored: 'none', query: none, ...overrides });

describe('startQueryOf', () => {
  it('reads verified=true and redirectToDashboard=true, and nothing else as true', () => {
    expect(startQueryOf(new URLSearchParams('verified=true&redirectToDashboard=true'))).toEqual({ verified: true, redirectToDashboard: true });
    expect(startQueryOf(new URLSearchParams('verified=1&redirectToDashboard=yes'))).toEqual(none);
    expect(startQueryOf(new URLSearchParams(''))).toEqual(none);
  });
});

describe('startDecision (/enrollment)', () => {
  it('sends a signed-in user to the dashboard with redirectToDashboard=true', () => {
    for (const user of ['provider', 'guest'] as const) {
      expect(startDecision(input({ user, query: { verified: false, redirectToDashboard: true } }))).toEqual({
        kind: 'dashboard',
        notice: { title: 'Redirecting to Dashboard' },
      });
    }
  });

  it('starts a provider-login user at the location step, and a verified guest at Patient Info (dropping verified=true)', () => {
    expect(startDecision(input({ user: 'provider' }))).toEqual({ kind: 'practice-location' });
    expect(startDecision(input({ user: 'guest' }))).toEqual({ kind: 'patient-info', cleanAddress: false });
    expect(startDecision(input({ user: 'guest', query: { verified: true, redirectToDashboard: false } }))).toEqual({ kind: 'patient-info', cleanAddress: true });
  });

  it("says 'Phone Verification Required' to a guest whose email is verified and phone is not, and sends them back to verify it", () => {
    for (const query of [none, { verified: true, redirectToDashboard: false }, { verified: false, redirectToDashboard: true }]) {
      expect(startDecision(input({ stored: 'email-only', query }))).toEqual({
        kind: 'leave',
        path: '/guest-login?return=%2Fenrollment',
        notice: { title: 'Phone Verification Required', description: 'Please verify your mobile phone number to continue your enrollment.' },
      });
    }
  });

  it("says 'Authentication Error' when verified=true comes without a complete verification", () => {
    expect(startDecision(input({ query: { verified: true, redirectToDashboard: false } }))).toEqual({
      kind: 'leave',
      path: '/guest-login?return=%2Fenrollment',
      notice: { title: 'Authentication Error', description: 'Both email and phone verification are required. Please complete both steps.' },
    });
  });

  it("sends anyone else to sign in ('Authentication Required'), once the session check has answered", () => {
    expect(startDecision(input({}))).toEqual({
      kind: 'leave',
      path: '/enrollment-auth',
      notice: { title: 'Authentication Required', description: 'Please log in to continue.' },
    });
    expect(startDecision(input({ settled: false, stored: 'email-only', query: { verified: true, redirectToDashboard: true } }))).toEqual({ kind: 'wait' });
  });
});

describe('storedVerification', () => {
  const store = (values: Record<string, string>) => (key: string) => values[key] ?? null;
  const complete = {
    verifiedEmail: 'quinn@example.com',
    verifiedPhone: '+14015550166',
    verificationTimestamp: String(NOW - 5 * MINUTE),
    phoneVerificationTimestamp: String(NOW - 4 * MINUTE),
    emailSessionToken: 'email-session',
    dualVerificationToken: 'verified_abc',
  };
  const emailOnly = { verifiedEmail: 'quinn@example.com', verificationTimestamp: String(NOW - 5 * MINUTE), emailSessionToken: 'email-session' };

  it('tells a complete verification, the email alone, and nothing usable apart', () => {
    expect(storedVerification(store(complete), NOW)).toBe('complete');
    expect(storedVerification(store(emailOnly), NOW)).toBe('email-only');
    expect(storedVerification(store({ ...complete, dualVerificationToken: 'pending_abc' }), NOW)).toBe('email-only');
    expect(storedVerification(store({}), NOW)).toBe('none');
    expect(storedVerification(store({ verifiedEmail: 'quinn@example.com', verificationTimestamp: String(NOW) }), NOW)).toBe('none');
  });

  it('counts a verification 30 minutes old as none', () => {
    expect(storedVerification(store({ ...emailOnly, verificationTimestamp: String(NOW - 30 * MINUTE) }), NOW)).toBe('none');
    expect(storedVerification(store({ ...emailOnly, verificationTimestamp: String(NOW - 30 * MINUTE + 1) }), NOW)).toBe('email-only');
  });

  it('takes the better of localStorage and sessionStorage', () => {
    expect(storedVerificationIn([store({}), store(emailOnly)], NOW)).toBe('email-only');
    expect(storedVerificationIn([store(emailOnly), store(complete)], NOW)).toBe('complete');
    expect(storedVerificationIn([store({}), store({})], NOW)).toBe('none');
  });
});
