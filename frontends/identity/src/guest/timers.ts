/**
 * The clocks of guest verification (enrollment-and-payment §9): the email code's 15-minute
 * countdown with Resend Code disabled for the first 2 minutes (enabled at 13 minutes or less
 * remaining), the SMS code's 60-second resend cooldown, and the 2-second pause before leaving.
 * Pure: every function takes `now`.
 */

export const EMAIL_CODE_VALIDITY_MS = 15 * 60 * 1000;
/** Resend Code is enabled once this much time or less remains. */
export const EMAIL_RESEND_REMAINING_MS = 13 * 60 * 1000;
export const SMS_RESEND_COOLDOWN_MS = 60 * 1000;
/** Pause on 'Verification Complete' before going to the return path. */
export const REDIRECT_DELAY_MS = 2000;

export interface EmailCodeWindow {
  /** When the code stops working, on this browser's clock. */
  readonly expiresAt: number;
  /** When Resend Code is enabled, on this browser's clock. */
  readonly resendAt: number;
}

/**
 * The code's window from the send-otp answer, received at `receivedAt`. The server's expiresAt
 * is used when it is plausible on this browser's clock (within the 15 minutes after receipt);
 * otherwise the clocks disagree and the window is counted from receipt. Resend Code opens when
 * 13 minutes or less remain.
 */
export const emailCodeWindow = (answer: { readonly expiresAt?: unknown } | null | undefined, receivedAt: number): EmailCodeWindow => {
  const fallback = receivedAt + EMAIL_CODE_VALIDITY_MS;
  const parsed = typeof answer?.expiresAt === 'string' ? Date.parse(answer.expiresAt) : Number.NaN;
  const plausible = Number.isFinite(parsed) && parsed > receivedAt && parsed <= fallback + 5000;
  const expiresAt = plausible ? parsed : fallback;
  return { expiresAt, resendAt: expiresAt - EMAIL_RESEND_REMAINING_MS };
};

/** Whole seconds left until `deadline` (rounded up, never negative). */
export const secondsUntil = (deadline: number, now: number): number => Math.max(0, Math.ceil((deadline - now) / 1000));

export const isEmailCodeExpired = (window: EmailCodeWindow, now: number): boolean => now >= window.expiresAt;

/** Resend Code is enabled at 13 minutes or less remaining (so never in the first 2 minutes). */
export const canResendEmailCode = (window: EmailCodeWindow, now: number): boolean => window.expiresAt - now <= EMAIL_RESEND_REMAINING_MS;

/** Seconds until the SMS code may be sent again (60 s after the last send). */
export const smsResendSeconds = (sentAt: number | null, now: number): number =>
  sentAt === null ? 0 : secondsUntil(sentAt + SMS_RESEND_COOLDOWN_MS, now);

/** '14:59', '0:05'. */
export const clock = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** '14 minutes 59 seconds', '1 minute', '5 seconds': for screen readers. */
export const spokenDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} second${rest === 1 ? '' : 's'}`);
  return parts.join(' ');
};

/** Marks (seconds left) at which a countdown is announced. */
export const ANNOUNCE_MARKS = [600, 300, 120, 60, 30, 10] as const;

/**
 * What a countdown announces to screen readers (politely, and rarely so typing is not
 * interrupted): 'The code expires in 5 minutes or less' at 10, 5, 2 and 1 minutes and 30 and
 * 10 seconds, then 'The code has expired'. Between marks the text does not change, so nothing is
 * read again. `what` is 'The code' or similar.
 */
export const countdownAnnouncement = (seconds: number, what: string): string => {
  const mark = announcementMark(seconds);
  if (mark === 0) return `${what} has expired`;
  if (mark === null) return '';
  return `${what} expires in ${spokenDuration(mark)} or less`;
};

/** The mark a countdown announces at `seconds` left: 0 once expired, null before the first mark. */
export const announcementMark = (seconds: number): number | null => {
  if (seconds <= 0) return 0;
  return [...ANNOUNCE_MARKS].reverse().find((limit) => seconds <= limit) ?? null;
};

/** A duration's whole minutes and the seconds after them, for a spoken text in any language. */
export const durationParts = (seconds: number): { minutes: number; seconds: number } => {
  const whole = Math.max(0, Math.ceil(seconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
};
