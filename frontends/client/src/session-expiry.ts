/**
 * The session-expiry warning's clock (booking-dashboard-staff §2 and §4): 'Session Expiring Soon'
 * when 1 minute or less remains (and more than 0), expired at or below 0.
 */

export const SESSION_WARNING_MS = 60_000;

export const SESSION_EXPIRING_TITLE = 'Session Expiring Soon';
/** Shown as title ' - ' text: 'Session Expired - Please sign in again to continue.' */
export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_TEXT = 'Please sign in again to continue.';
export const EXTENSION_FAILED = 'Extension Failed';
export const EXTENSION_ERROR = 'Extension Error';

export type SessionExpiryState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'active'; readonly msLeft: number }
  | { readonly kind: 'expiring'; readonly secondsLeft: number }
  | { readonly kind: 'expired' };

export const sessionExpiryState = (expiresAt: string | null | undefined, now: number): SessionExpiryState => {
  if (!expiresAt) return { kind: 'unknown' };
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return { kind: 'unknown' };
  const msLeft = expires - now;
  if (msLeft <= 0) return { kind: 'expired' };
  if (msLeft <= SESSION_WARNING_MS) return { kind: 'expiring', secondsLeft: Math.ceil(msLeft / 1000) };
  return { kind: 'active', msLeft };
};

/** 50 → '0:50'; 65 → '1:05'. */
export const formatCountdown = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The spoken form for screen readers: '50 seconds', '1 minute'. */
export const spokenCountdown = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 60 && whole % 60 === 0) return `${whole / 60} minute${whole === 60 ? '' : 's'}`;
  return `${whole} second${whole === 1 ? '' : 's'}`;
};
