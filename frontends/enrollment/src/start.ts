/**
 * Where /enrollment sends each visitor (enrollment-and-payment §2 'Routes' — query verified=true,
 * id plus step=signature, redirectToDashboard=true —, §4 'Auth state', §5 'Eligibility' last
 * point, §8 'Verification'; docs/decisions/0032-enrollment-journey-spec-deltas.md):
 *
 * - redirectToDashboard=true: a signed-in user (provider login or verified guest) goes to
 *   /dashboard ('Redirecting to Dashboard');
 * - a provider-login user starts at the practice location step;
 * - a verified guest fills in Patient Info (step 1); verified=true, set by /guest-login on its
 *   way back here, is dropped from the address;
 * - a guest who verified the email but not the phone is told 'Phone Verification Required' and
 *   goes back to /guest-login, which continues at the phone step;
 * - verified=true without a complete verification (no 'verified_' token, or email or phone
 *   missing): 'Authentication Error', back to /guest-login;
 * - anyone else: 'Authentication Required', /enrollment-auth (then /login?return=/enrollment).
 */
import { GUEST_SESSION_MS, parseTimestamp, withReturn } from '@portal/client';
import { ENROLLMENT_AUTH_PATH, ENROLLMENT_PATH } from './flow.ts';
import { messages } from './i18n.ts';
import type { Translate } from './i18n.ts';

export const GUEST_LOGIN_PATH = '/guest-login';

export interface StartQuery {
  /** verified=true: the guest has just verified on /guest-login. */
  readonly verified: boolean;
  /** redirectToDashboard=true. */
  readonly redirectToDashboard: boolean;
}

export const startQueryOf = (params: URLSearchParams): StartQuery => ({
  verified: params.get('verified') === 'true',
  redirectToDashboard: params.get('redirectToDashboard') === 'true',
});

export interface Notice {
  readonly title: string;
  readonly description?: string;
}

export type StartDecision =
  | { readonly kind: 'dashboard'; readonly notice: Notice }
  | { readonly kind: 'practice-location' }
  /** `cleanAddress`: replace /enrollment?verified=true with /enrollment. */
  | { readonly kind: 'patient-info'; readonly cleanAddress: boolean }
  | { readonly kind: 'leave'; readonly path: string; readonly notice: Notice }
  | { readonly kind: 'wait' };

/** What the browser holds of a guest verification, in the words of §4. */
export type StoredVerification = 'complete' | 'email-only' | 'none';

export interface StartInput {
  readonly user: 'provider' | 'guest' | 'unauthenticated';
  /** The session check has answered (or failed): an unauthenticated user is really signed out. */
  readonly settled: boolean;
  readonly stored: StoredVerification;
  readonly query: StartQuery;
}

const GUEST_LOGIN_RETURN = withReturn(GUEST_LOGIN_PATH, ENROLLMENT_PATH);

/** `t`: the words of the notices (a component's `useT()`; the active catalog by default). */
export const startDecision = ({ user, settled, stored, query }: StartInput, t: Translate = messages.t): StartDecision => {
  if (user !== 'unauthenticated' && query.redirectToDashboard) {
    return { kind: 'dashboard', notice: { title: t('start.notice.dashboard') } };
  }
  if (user === 'provider') return { kind: 'practice-location' };
  if (user === 'guest') return { kind: 'patient-info', cleanAddress: query.verified };
  if (!settled) return { kind: 'wait' };
  if (stored === 'email-only') {
    return { kind: 'leave', path: GUEST_LOGIN_RETURN, notice: { title: t('start.notice.phone.title'), description: t('start.notice.phone.text') } };
  }
  if (query.verified) {
    return { kind: 'leave', path: GUEST_LOGIN_RETURN, notice: { title: t('start.notice.authError.title'), description: t('start.notice.authError.text') } };
  }
  return { kind: 'leave', path: ENROLLMENT_AUTH_PATH, notice: { title: t('auth.required.title'), description: t('auth.required.text') } };
};

/**
 * The guest verification in browser storage (either storage; §3 'Guest identity in browser
 * storage'): complete ('verified_' token, email and phone), the email alone (the email code
 * accepted, the phone not yet verified), or nothing usable. Older than 30 minutes counts as none.
 */
export const storedVerification = (get: (key: string) => string | null, now: number): StoredVerification => {
  const times = [parseTimestamp(get('verificationTimestamp')), parseTimestamp(get('phoneVerificationTimestamp'))].filter(
    (time): time is number => time !== null,
  );
  if (times.length === 0 || now - Math.max(...times) >= GUEST_SESSION_MS) return 'none';
  const email = get('verifiedEmail');
  const phone = get('verifiedPhone');
  const token = get('dualVerificationToken');
  if (email && phone && token?.startsWith('verified_')) return 'complete';
  if (email && get('emailSessionToken')) return 'email-only';
  return 'none';
};

/** The better of the two storages (the identity is in localStorage with 'Remember me', else sessionStorage). */
export const storedVerificationIn = (stores: ReadonlyArray<(key: string) => string | null>, now: number): StoredVerification => {
  const found = stores.map((get) => storedVerification(get, now));
  if (found.includes('complete')) return 'complete';
  if (found.includes('email-only')) return 'email-only';
  return 'none';
};
