/**
 * The guest identity in browser storage (enrollment-and-payment §3 'Guest identity in browser
 * storage', §4 'Guest verification flow'): localStorage when 'Remember me' is checked, else
 * sessionStorage, never both. A verification is valid for 30 minutes from its last timestamp;
 * an older one is cleared and the guest starts again at step 0. The token stored is the one the
 * server signed (POST /api/verify-phone); the browser never composes one.
 * Pure: every function takes its storage objects and the time.
 */
import { GUEST_IDENTITY_KEYS, GUEST_SESSION_MS, parseTimestamp } from '@portal/client';
import type { StorageLike } from '@portal/client';


export interface GuestStores {
  readonly local: StorageLike | null;
  readonly session: StorageLike | null;
}

/** Both verifications done: what POST /api/verify-phone answered, and when each step finished. */
export interface VerifiedGuest {
  readonly email: string;
  readonly phone: string;
  /** Server-signed, starts with 'verified_'. */
  readonly verificationToken: string;
  readonly emailSessionToken: string;
  readonly firebaseUid: string;
  readonly emailVerifiedAt: number;
  readonly phoneVerifiedAt: number;
  /** The email step was skipped (test mode). */
  readonly emailBypass: boolean;
}

/** The email step done, the phone step not yet: lets a reload continue at the phone step. */
export interface EmailProgress {
  readonly email: string;
  readonly emailSessionToken: string;
  readonly emailVerifiedAt: number;
  readonly emailBypass: boolean;
}

export type StoredGuest =
  | { readonly kind: 'none' }
  /** Something was stored but it is more than 30 minutes old (it has been cleared). */
  | { readonly kind: 'expired' }
  | { readonly kind: 'email-verified'; readonly progress: EmailProgress; readonly remember: boolean }
  | { readonly kind: 'verified'; readonly email: string; readonly phone: string; readonly remember: boolean };

const safely = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

const get = (store: StorageLike | null, key: string): string | null => (store ? safely(() => store.getItem(key), null) : null);

const storesOf = ({ local, session }: GuestStores): StorageLike[] => [local, session].filter((store): store is StorageLike => store !== null);

/** Removes every guest identity key from both storages. */
export const clearStoredGuest = (stores: GuestStores): void => {
  for (const store of storesOf(stores)) {
    for (const key of GUEST_IDENTITY_KEYS) safely(() => store.removeItem(key), undefined);
  }
};

const write = (store: StorageLike, values: Readonly<Record<string, string | null>>): void => {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  }
};

const target = (stores: GuestStores, remember: boolean): StorageLike | null => (remember ? stores.local : stores.session) ?? stores.local ?? stores.session;

/** Stores the email step's result in the chosen storage (the other one is cleared). */
export const saveEmailProgress = (stores: GuestStores, progress: EmailProgress, remember: boolean): boolean => {
  clearStoredGuest(stores);
  const store = target(stores, remember);
  if (!store) return false;
  return safely(() => {
    write(store, {
      verifiedEmail: progress.email,
      emailSessionToken: progress.emailSessionToken,
      verificationTimestamp: String(progress.emailVerifiedAt),
      emailBypassMode: progress.emailBypass ? 'true' : null,
    });
    return true;
  }, false);
};

/**
 * Stores the verified guest (every key of §3) in the chosen storage and clears the other.
 * Returns false when the browser refused to store it.
 */
export const saveVerifiedGuest = (stores: GuestStores, guest: VerifiedGuest, remember: boolean): boolean => {
  clearStoredGuest(stores);
  const store = target(stores, remember);
  if (!store) return false;
  return safely(() => {
    write(store, {
      verifiedEmail: guest.email,
      verifiedPhone: guest.phone,
      verificationTimestamp: String(guest.emailVerifiedAt),
      phoneVerificationTimestamp: String(guest.phoneVerifiedAt),
      firebaseUid: guest.firebaseUid,
      emailSessionToken: guest.emailSessionToken,
      emailBypassMode: guest.emailBypass ? 'true' : null,
      verificationToken: guest.verificationToken,
      dualVerificationToken: guest.verificationToken,
    });
    return true;
  }, false);
};

/** The newest verification timestamp stored, or null. */
const lastVerifiedAt = (store: StorageLike | null): number | null => {
  const times = [parseTimestamp(get(store, 'verificationTimestamp')), parseTimestamp(get(store, 'phoneVerificationTimestamp'))].filter(
    (time): time is number => time !== null,
  );
  return times.length > 0 ? Math.max(...times) : null;
};

const hasAnyGuestKey = (store: StorageLike | null): boolean => GUEST_IDENTITY_KEYS.some((key) => get(store, key) !== null);

const readOne = (store: StorageLike | null, remember: boolean, now: number): StoredGuest => {
  if (!hasAnyGuestKey(store)) return { kind: 'none' };
  const at = lastVerifiedAt(store);
  if (at === null) return { kind: 'none' };
  if (now - at >= GUEST_SESSION_MS || at > now + 60_000) return { kind: 'expired' };
  const email = get(store, 'verifiedEmail');
  const phone = get(store, 'verifiedPhone');
  const token = get(store, 'dualVerificationToken');
  if (email && phone && token?.startsWith('verified_')) return { kind: 'verified', email, phone, remember };
  const emailSessionToken = get(store, 'emailSessionToken');
  const emailVerifiedAt = parseTimestamp(get(store, 'verificationTimestamp'));
  if (email && emailSessionToken && emailVerifiedAt !== null) {
    return {
      kind: 'email-verified',
      progress: { email, emailSessionToken, emailVerifiedAt, emailBypass: get(store, 'emailBypassMode') === 'true' },
      remember,
    };
  }
  return { kind: 'none' };
};

/**
 * What is stored, at `now`. A verification 30 minutes old or older (in either storage) is
 * cleared and reported as 'expired' so the page can say 'Session Expired'.
 */
export const readStoredGuest = (stores: GuestStores, now: number): StoredGuest => {
  const local = readOne(stores.local, true, now);
  const session = readOne(stores.session, false, now);
  if (local.kind === 'expired' || session.kind === 'expired') {
    clearStoredGuest(stores);
    return { kind: 'expired' };
  }
  for (const found of [local, session]) if (found.kind === 'verified') return found;
  for (const found of [local, session]) if (found.kind === 'email-verified') return found;
  return { kind: 'none' };
};

/** The browser's storages (null where blocked). */
export const browserGuestStores = (): GuestStores => ({
  local: safely(() => (typeof localStorage === 'undefined' ? null : localStorage), null),
  session: safely(() => (typeof sessionStorage === 'undefined' ? null : sessionStorage), null),
});
