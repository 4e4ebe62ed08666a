import { describe, expect, it } from '@jest/globals';
import { guestIdentityFrom, memoryStorage, storageKeys } from '@portal/client';
import type { StorageLike } from '@portal/client';
import { clearStoredGuest, readStoredGuest, saveEmailProgress, saveVerifiedGuest } from './guest-storage.ts';
import type { VerifiedGuest } from './guest-storage.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const MINUTE = 60_000;

const guest: VerifiedGuest = {
  email: 'guest@example.org',
  phone: '+14015550101',
  verificationToken: 'verified_eyJlbWFpbCI6Imd1ZXN0QGV4YW1wbGUub3JnIn0.c2lnbmF0dXJl',
  emailSessionToken: 'email-session-1',
  firebaseUid: 'uid-1',
  emailVerifiedAt: NOW - 3 * MINUTE,
  phoneVerifiedAt: NOW,
  emailBypass: false,
};

const stores = () => ({ local: memoryStorage(), session: memoryStorage() });
const reader = (store: StorageLike) => (key: string) => store.getItem(key);

describe('saveVerifiedGuest', () => {
  it("stores every key of §3 in sessionStorage without 'Remember me', the server's token as dualVerificationToken", () => {
    const both = stores();
    expect(saveVerifiedGuest(both, guest, false)).toBe(true);
    expect(storageKeys(both.local)).toEqual([]);
    expect(Object.fromEntries(storageKeys(both.session).map((key) => [key, both.session.getItem(key)]))).toEqual({
      verifiedEmail: 'guest@example.org',
      verifiedPhone: '+14015550101',
      verificationTimestamp: String(NOW - 3 * MINUTE),
      phoneVerificationTimestamp: String(NOW),
      firebaseUid: 'uid-1',
      emailSessionToken: 'email-session-1',
      verificationToken: guest.verificationToken,
      dualVerificationToken: guest.verificationToken,
    });
    // The portal's auth state reads it as a signed-in guest.
    expect(guestIdentityFrom(reader(both.session), NOW + MINUTE)).toMatchObject({ email: 'guest@example.org', phone: '+14015550101' });
  });

  it("uses localStorage with 'Remember me' and clears the other storage", () => {
    const both = stores();
    saveEmailProgress(both, { email: 'old@example.org', emailSessionToken: 's', emailVerifiedAt: NOW, emailBypass: false }, false);
    saveVerifiedGuest(both, { ...guest, emailBypass: true }, true);
    expect(storageKeys(both.session)).toEqual([]);
    expect(both.local.getItem('dualVerificationToken')).toBe(guest.verificationToken);
    expect(both.local.getItem('emailBypassMode')).toBe('true');
  });
});

describe('readStoredGuest', () => {
  it('finds a verified guest and where it is kept', () => {
    const both = stores();
    saveVerifiedGuest(both, guest, true);
    expect(readStoredGuest(both, NOW + MINUTE)).toEqual({ kind: 'verified', email: guest.email, phone: guest.phone, remember: true });
  });

  it('clears a verification 30 minutes old and reports it expired', () => {
    const both = stores();
    saveVerifiedGuest(both, guest, false);
    expect(readStoredGuest(both, NOW + 30 * MINUTE - 1).kind).toBe('verified');
    expect(readStoredGuest(both, NOW + 30 * MINUTE)).toEqual({ kind: 'expired' });
    expect(storageKeys(both.session)).toEqual([]);
    expect(readStoredGuest(both, NOW + 30 * MINUTE)).toEqual({ kind: 'none' });
  });

  it('finds an email step to continue from (a reload before the phone step)', () => {
    const both = stores();
    saveEmailProgress(both, { email: 'guest@example.org', emailSessionToken: 'email-session-1', emailVerifiedAt: NOW, emailBypass: false }, true);
    expect(readStoredGuest(both, NOW + 5 * MINUTE)).toEqual({
      kind: 'email-verified',
      progress: { email: 'guest@example.org', emailSessionToken: 'email-session-1', emailVerifiedAt: NOW, emailBypass: false },
      remember: true,
    });
    // Not yet a signed-in guest.
    expect(guestIdentityFrom(reader(both.local), NOW)).toBeNull();
  });

  it('ignores a browser-made token and other leftovers without timestamps', () => {
    const both = stores();
    both.local.setItem('theme', 'dark');
    expect(readStoredGuest(both, NOW)).toEqual({ kind: 'none' });
    both.local.setItem('dualVerificationToken', 'pending_x');
    both.local.setItem('verificationTimestamp', String(NOW));
    expect(readStoredGuest(both, NOW)).toEqual({ kind: 'none' });
  });

  it('treats storage the browser blocks as empty', () => {
    const blocked: StorageLike = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredGuest({ local: blocked, session: null }, NOW)).toEqual({ kind: 'none' });
    expect(saveVerifiedGuest({ local: blocked, session: null }, guest, true)).toBe(false);
    expect(() => clearStoredGuest({ local: blocked, session: blocked })).not.toThrow();
  });
});
