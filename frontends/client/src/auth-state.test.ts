import { describe, expect, it } from '@jest/globals';
import {
  GUEST_SESSION_MS,
  authStateFrom,
  badgeOf,
  displayNameOf,
  guestIdentityFrom,
  initialsOf,
  parseTimestamp,
  providerSignInUrl,
  sessionPollInterval,
} from './auth-state.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');

const storage = (values: Record<string, string>) => (key: string) => values[key] ?? null;

const guestValues = {
  dualVerificationToken: 'verified_YQ_NDAx_uid_1717243200000',
  verifiedEmail: 'guest@example.org',
  verifiedPhone: '4015550199',
  verificationTimestamp: String(NOW - 10 * 60 * 1000),
  phoneVerificationTimestamp: String(NOW - 5 * 60 * 1000),
};

describe('guestIdentityFrom', () => {
  it('needs a verified_ token, a stored email and phone, and a verification under 30 minutes old', () => {
    expect(guestIdentityFrom(storage(guestValues), NOW)).toMatchObject({ email: 'guest@example.org', phone: '4015550199', verifiedAt: NOW - 5 * 60 * 1000 });
    expect(guestIdentityFrom(storage({ ...guestValues, dualVerificationToken: 'pending_x' }), NOW)).toBeNull();
    expect(guestIdentityFrom(storage({ ...guestValues, verifiedPhone: '' }), NOW)).toBeNull();
    expect(guestIdentityFrom(storage(guestValues), NOW - 5 * 60 * 1000 + GUEST_SESSION_MS)).toBeNull();
    expect(guestIdentityFrom(storage({ ...guestValues, verificationTimestamp: '', phoneVerificationTimestamp: '' }), NOW)).toBeNull();
  });

  it('reads millisecond and ISO timestamps', () => {
    expect(parseTimestamp('1717243200000')).toBe(1717243200000);
    expect(parseTimestamp('2024-06-01T12:00:00.000Z')).toBe(1717243200000);
    expect(parseTimestamp('soon')).toBeNull();
  });
});

describe('authStateFrom', () => {
  const guest = guestIdentityFrom(storage(guestValues), NOW);

  it('puts provider login first when the session says isAuthenticated with a patient id', () => {
    const state = authStateFrom({ isAuthenticated: true, patientId: '42', patientName: 'Jane Doe', email: 'jane@example.org' }, guest);
    expect(state).toEqual({ kind: 'provider', patientId: '42', patientName: 'Jane Doe', caregiverName: null, email: 'jane@example.org' });
    expect(displayNameOf(state)).toBe('Jane Doe');
    expect(badgeOf(state)).toBe('athenahealth');
    expect(initialsOf(state)).toBe('JD');
  });

  it("shows a caregiver as 'caregiver name (for patient name)'", () => {
    const state = authStateFrom(
      { isAuthenticated: true, patientId: '43', patientName: 'Sam Doe', isCaregiver: true, caregiver: { name: 'Jane Doe' } },
      null,
    );
    expect(displayNameOf(state)).toBe('Jane Doe (for Sam Doe)');
    expect(initialsOf(state)).toBe('JD');
  });

  it('falls back to the guest, then to unauthenticated (also for a failed check: no session)', () => {
    expect(authStateFrom({ isAuthenticated: false }, guest)).toEqual({ kind: 'guest', email: 'guest@example.org', phone: '4015550199' });
    expect(badgeOf(authStateFrom(undefined, guest))).toBe('Guest');
    expect(displayNameOf(authStateFrom(undefined, guest))).toBe('guest@example.org');
    expect(authStateFrom({ isAuthenticated: true, patientId: null }, null)).toEqual({ kind: 'unauthenticated' });
    expect(authStateFrom(undefined, null)).toEqual({ kind: 'unauthenticated' });
  });
});

describe('sessionPollInterval', () => {
  it('polls every 30 s while signed in, 60 s for a guest, not at all when signed out', () => {
    expect(sessionPollInterval({ kind: 'provider', patientId: '1', patientName: 'A', caregiverName: null, email: null })).toBe(30_000);
    expect(sessionPollInterval({ kind: 'guest', email: 'g@example.org', phone: '1' })).toBe(60_000);
    expect(sessionPollInterval({ kind: 'unauthenticated' })).toBe(false);
  });

  it('pauses a guest for 5 minutes after every 5 checks, then polls every minute again; never a provider-login session', () => {
    const guest = { kind: 'guest', email: 'g@example.org', phone: '1' } as const;
    const waits = Array.from({ length: 11 }, (_, checks) => sessionPollInterval(guest, checks));
    expect(waits).toEqual([60_000, 60_000, 60_000, 60_000, 60_000, 300_000, 60_000, 60_000, 60_000, 60_000, 300_000]);
    const provider = { kind: 'provider', patientId: '1', patientName: 'A', caregiverName: null, email: null } as const;
    expect(sessionPollInterval(provider, 5)).toBe(30_000);
  });
});

describe('providerSignInUrl', () => {
  it('asks our authorize endpoint for the workflow and an encoded return path', () => {
    expect(providerSignInUrl('/api/auth/athena', 'dashboard', '/dashboard')).toBe('/api/auth/athena?workflow=dashboard&redirect=%2Fdashboard');
    expect(providerSignInUrl('/api/auth/athena', 'switch', '/enrollment?id=1&step=signature')).toBe(
      '/api/auth/athena?workflow=switch&redirect=%2Fenrollment%3Fid%3D1%26step%3Dsignature',
    );
    expect(providerSignInUrl('/api/auth/athena?practice=1', 'switch', '/')).toBe('/api/auth/athena?practice=1&workflow=switch&redirect=%2F');
  });
});

describe('readGuestIdentity', () => {
  it("reads the guest from localStorage ('Remember me') or else sessionStorage, never mixing the two", async () => {
    const { memoryStorage } = await import('./storage.ts');
    const { readGuestIdentity } = await import('./session.ts');
    const globals = globalThis as Record<string, unknown>;
    const saved = { local: globals.localStorage, session: globals.sessionStorage };
    try {
      globals.localStorage = memoryStorage({ verifiedEmail: 'stale@example.org' });
      globals.sessionStorage = memoryStorage(guestValues);
      expect(readGuestIdentity(NOW)).toMatchObject({ email: 'guest@example.org' });
      globals.localStorage = memoryStorage(guestValues);
      globals.sessionStorage = memoryStorage();
      expect(readGuestIdentity(NOW)).toMatchObject({ email: 'guest@example.org' });
      globals.localStorage = memoryStorage({ dualVerificationToken: guestValues.dualVerificationToken, verificationTimestamp: guestValues.verificationTimestamp });
      globals.sessionStorage = memoryStorage({ verifiedEmail: 'guest@example.org', verifiedPhone: '4015550199' });
      expect(readGuestIdentity(NOW)).toBeNull();
    } finally {
      globals.localStorage = saved.local;
      globals.sessionStorage = saved.session;
    }
  });
});
