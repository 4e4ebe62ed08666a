/**
 * What the failures of guest verification's calls (identity-api.ts) mean for the screen. The
 * failure readers are pure (they take the thrown error), so their mapping is unit-tested; an
 * answer the page cannot decode (ApiContractError) is not an ApiError and gets the generic text.
 */
import { ApiError, TURNSTILE_RESPONSE_FIELD, apiErrorBody } from '@portal/client';
import {
  CODE_EXPIRED,
  INVALID_EMAIL_CODE,
  PHONE_VERIFICATION_FAILED,
  SECURITY_CHECK_REQUIRED,
  SEND_CODE_FAILED,
  VERIFY_CODE_FAILED,
} from './messages.ts';
import { TOO_MANY_ATTEMPTS } from './phone-auth-errors.ts';

export interface Failure {
  readonly message: string;
  /** The field the message belongs beside; none for a message about the whole form. */
  readonly field?: 'email' | 'code' | 'phone';
  /** The human check refused or missing: show the message there and reset the widget. */
  readonly securityCheck?: boolean;
  /** Seconds before trying again is any use (429). */
  readonly retryAfterSeconds?: number;
  /** The code cannot be used any more (expired, or too many wrong tries). */
  readonly codeDead?: boolean;
  readonly attemptsRemaining?: number;
  /** The email verification behind the phone step has expired: start again at the email. */
  readonly emailExpired?: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;

const firstFieldError = (body: Readonly<Record<string, unknown>> | null): { field: string; message: string } | null => {
  const errors = body?.errors;
  if (!Array.isArray(errors)) return null;
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (text(message)) return { field: typeof field === 'string' ? field : '', message: message as string };
  }
  return null;
};

const retryAfter = (body: Readonly<Record<string, unknown>> | null): { retryAfterSeconds?: number } => {
  const seconds = count(body?.retryAfterSeconds);
  return seconds === undefined ? {} : { retryAfterSeconds: Math.max(1, seconds) };
};

/** POST /api/verify-email/send-otp failed (also for Resend Code, with its own fallback). */
export const sendCodeFailure = (error: unknown, fallback: string = SEND_CODE_FAILED): Failure => {
  if (!(error instanceof ApiError)) return { message: fallback };
  const body = apiErrorBody(error);
  if (error.status === 400) {
    const fieldError = firstFieldError(body);
    if (fieldError?.field === TURNSTILE_RESPONSE_FIELD) return { message: fieldError.message, securityCheck: true };
    if (fieldError) return { message: fieldError.message, field: 'email' };
    return { message: text(body?.message) ?? text(body?.error) ?? fallback, field: 'email' };
  }
  if (error.status === 403) return { message: text(body?.error) ?? SECURITY_CHECK_REQUIRED, securityCheck: true };
  if (error.status === 429) return { message: text(body?.message) ?? TOO_MANY_ATTEMPTS, ...retryAfter(body) };
  return { message: fallback };
};

/** POST /api/verify-email/verify-otp failed. */
export const verifyCodeFailure = (error: unknown): Failure => {
  if (!(error instanceof ApiError)) return { message: VERIFY_CODE_FAILED };
  const body = apiErrorBody(error);
  if (error.status === 400) {
    const fieldError = firstFieldError(body);
    if (fieldError) return { message: fieldError.message, field: fieldError.field === 'email' ? 'email' : 'code' };
    const attemptsRemaining = count(body?.attemptsRemaining);
    return {
      message: text(body?.error) ?? INVALID_EMAIL_CODE,
      field: 'code',
      ...(attemptsRemaining === undefined ? {} : { attemptsRemaining }),
      ...(attemptsRemaining === 0 ? { codeDead: true } : {}),
    };
  }
  if (error.status === 410) return { message: text(body?.error) ?? CODE_EXPIRED, codeDead: true };
  if (error.status === 429) return { message: text(body?.message) ?? TOO_MANY_ATTEMPTS, codeDead: true, ...retryAfter(body) };
  return { message: VERIFY_CODE_FAILED };
};

/** POST /api/verify-phone failed: the server's message ('Phone verification failed. Please try again'). */
export const verifyPhoneFailure = (error: unknown): Failure => {
  if (!(error instanceof ApiError)) return { message: PHONE_VERIFICATION_FAILED };
  const body = apiErrorBody(error);
  const message = text(body?.message) ?? text(body?.error) ?? PHONE_VERIFICATION_FAILED;
  if (error.status === 401 && body?.error === 'Session Expired') return { message, emailExpired: true };
  if (error.status === 400 || error.status === 401 || error.status === 403 || error.status === 429) {
    return { message, ...retryAfter(body) };
  }
  return { message: PHONE_VERIFICATION_FAILED };
};

/** 'You have 2 attempts remaining.' */
export const attemptsText = (remaining: number): string =>
  remaining === 0 ? 'No attempts remaining. Please request a new code.' : `You have ${remaining} attempt${remaining === 1 ? '' : 's'} remaining.`;
