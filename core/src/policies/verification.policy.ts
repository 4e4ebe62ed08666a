/**
 * Guest verification lifetime and the session-expiry warning (enrollment-and-payment §9;
 * booking-dashboard-staff §7 "Session and guest").
 * - A guest verification is valid for 30 minutes (1,800,000 ms) from its timestamp.
 *   A timestamp later than `now` is refused: it cannot come from a real verification and would
 *   otherwise stretch the window.
 * - The warning shows when 1 minute or less remains (and more than 0); at or below 0 the session
 *   is expired.
 */

export const GUEST_VERIFICATION_VALIDITY_MS = 1_800_000;
export const SESSION_WARNING_THRESHOLD_MS = 60_000;

export const SESSION_EXPIRING_SOON_TITLE = 'Session Expiring Soon';
export const SESSION_EXPIRED_MESSAGE = 'Session Expired - Please sign in again to continue.';

/** Epoch milliseconds or a Date. */
export type Timestamp = number | Date;

const toMs = (timestamp: Timestamp): number => (typeof timestamp === 'number' ? timestamp : timestamp.getTime());

/** When a verification made at `verifiedAt` stops being valid. */
export const verificationExpiresAt = (verifiedAt: Timestamp): Date =>
  new Date(toMs(verifiedAt) + GUEST_VERIFICATION_VALIDITY_MS);

/** Milliseconds of validity left at `now` (negative once expired; NaN for an unreadable timestamp). */
export const verificationRemainingMs = (verifiedAt: Timestamp, now: Date): number =>
  toMs(verifiedAt) + GUEST_VERIFICATION_VALIDITY_MS - now.getTime();

/** Valid iff verified at or before now and less than 30 minutes ago. */
export const isVerificationValid = (verifiedAt: Timestamp, now: Date): boolean => {
  const verifiedMs = toMs(verifiedAt);
  if (!Number.isFinite(verifiedMs) || verifiedMs > now.getTime()) return false;
  return verificationRemainingMs(verifiedMs, now) > 0;
};

export type SessionWarningState = 'ok' | 'warning' | 'expired';

/** 'expired' at or below 0 ms (or unreadable), 'warning' up to and including 60 s, else 'ok'. */
export const sessionWarningState = (remainingMs: number): SessionWarningState => {
  if (Number.isNaN(remainingMs) || remainingMs <= 0) return 'expired';
  if (remainingMs <= SESSION_WARNING_THRESHOLD_MS) return 'warning';
  return 'ok';
};
