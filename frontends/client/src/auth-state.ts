/**
 * Who is signed in (enrollment-and-payment §4 'Auth state'): unauthenticated, provider-login
 * (OAuth) or guest. Provider login takes precedence when the session says isAuthenticated with a
 * patientId; a guest counts only with a 'verified_' token, a stored email and phone, and a
 * verification less than 30 minutes old; a failed session check counts as unauthenticated.
 * Pure functions: the React hooks that feed them live in session.ts.
 */
import type { SessionResponse } from '@portal/contracts';

/** The badge beside the name of a provider-login user. */
export const PROVIDER_BADGE = 'athenahealth';
export const GUEST_BADGE = 'Guest';

/** A guest verification is valid this long after the last verification timestamp. */
export const GUEST_SESSION_MS = 30 * 60 * 1000;

/** Session polling while signed in, and the least time between two checks. */
export const SESSION_POLL_MS = 30_000;
/** Guests (a verified token exists) are polled less often. */
export const GUEST_SESSION_POLL_MS = 60_000;
export const SESSION_MIN_CHECK_GAP_MS = 15_000;
/** Guests: checks in a row before polling pauses, and how long it pauses. */
export const GUEST_CHECKS_BEFORE_PAUSE = 5;
export const GUEST_POLL_PAUSE_MS = 5 * 60 * 1000;

export interface GuestIdentity {
  readonly email: string;
  readonly phone: string;
  readonly token: string;
  /** Milliseconds since the epoch of the last verification. */
  readonly verifiedAt: number;
}

export type AuthState =
  | {
      readonly kind: 'provider';
      readonly patientId: string;
      /** The patient the session acts for (the dependent, for a caregiver). */
      readonly patientName: string;
      /** The signed-in person when they act for someone else. */
      readonly caregiverName: string | null;
      readonly email: string | null;
    }
  | { readonly kind: 'guest'; readonly email: string; readonly phone: string }
  | { readonly kind: 'unauthenticated' };

/** A stored timestamp (milliseconds, or an ISO date) as milliseconds, else null. */
export const parseTimestamp = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? null : parsed;
};

/** The guest identity in browser storage, when it is complete and still valid at `now`. */
export const guestIdentityFrom = (get: (key: string) => string | null, now: number): GuestIdentity | null => {
  const token = get('dualVerificationToken');
  const email = get('verifiedEmail');
  const phone = get('verifiedPhone');
  if (!token || !token.startsWith('verified_') || !email || !phone) return null;
  const times = [parseTimestamp(get('verificationTimestamp')), parseTimestamp(get('phoneVerificationTimestamp'))].filter(
    (time): time is number => time !== null,
  );
  if (times.length === 0) return null;
  const verifiedAt = Math.max(...times);
  if (now - verifiedAt >= GUEST_SESSION_MS) return null;
  return { email, phone, token, verifiedAt };
};

const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The auth state from the session answer (undefined while loading or after a failure) and the guest identity. */
export const authStateFrom = (session: SessionResponse | null | undefined, guest: GuestIdentity | null): AuthState => {
  const patientId = text(session?.patientId);
  if (session?.isAuthenticated && patientId) {
    const patientName = text(session.patientName) ?? 'Member';
    const caregiverName = session.isCaregiver ? text(session.caregiver?.name) : null;
    return {
      kind: 'provider',
      patientId,
      patientName,
      caregiverName: caregiverName && caregiverName !== patientName ? caregiverName : null,
      email: text(session.email),
    };
  }
  if (guest) return { kind: 'guest', email: guest.email, phone: guest.phone };
  return { kind: 'unauthenticated' };
};

/** The name in the user-status menu: 'caregiver name (for patient name)' for a caregiver. */
export const displayNameOf = (state: AuthState): string => {
  if (state.kind === 'provider') return state.caregiverName ? `${state.caregiverName} (for ${state.patientName})` : state.patientName;
  if (state.kind === 'guest') return state.email;
  return '';
};

export const badgeOf = (state: AuthState): string | null =>
  state.kind === 'provider' ? PROVIDER_BADGE : state.kind === 'guest' ? GUEST_BADGE : null;

/** Up to two initials for the avatar: the signed-in person's (the caregiver's, when acting for someone). */
export const initialsOf = (state: AuthState): string => {
  const name = state.kind === 'provider' ? (state.caregiverName ?? state.patientName) : state.kind === 'guest' ? state.email : '';
  if (state.kind === 'guest') return name.slice(0, 1).toUpperCase();
  const words = name.split(/[\s,]+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
};

/** How often the session is checked in this state; false stops polling. */
export const sessionPollInterval = (state: AuthState, checks = 0): number | false => {
  if (state.kind === 'provider') return SESSION_POLL_MS;
  if (state.kind !== 'guest') return false;
  // Spec §9: for guests, polling pauses after 5 checks and restarts after 5 minutes.
  return checks > 0 && checks % GUEST_CHECKS_BEFORE_PAUSE === 0 ? GUEST_POLL_PAUSE_MS : GUEST_SESSION_POLL_MS;
};

// Provider sign-in's URL is in sign-in-url.ts (only the screens that start a sign-in load it).
export { providerSignInUrl } from './sign-in-url.ts';
export type { SignInWorkflow } from './sign-in-url.ts';
