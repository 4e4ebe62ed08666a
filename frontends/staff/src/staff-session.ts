/**
 * The staff session (booking-dashboard-staff §3 'Staff session', §4 'Staff flow', §7): the
 * emailed code's session token becomes the bearer token once the code is verified; it and the
 * address live in sessionStorage (staff_session_token, staff_email), so they go when the browser
 * closes and a patient's logout (which leaves 'staff_' keys alone) does not touch them. A stored
 * session is checked on load; an invalid one is cleared silently.
 * The storage and validation helpers are pure (they take a storage object).
 */
import { SECURITY_CHECK_REQUIRED, StaffOtpForm, StaffSendOtpRequest, decodeBody } from '@portal/contracts';
import { ApiContractError, ApiError, TURNSTILE_RESPONSE_FIELD, apiErrorBody } from '@portal/client';
import type { ApiClient, StorageLike } from '@portal/client';
import { logoutStaff, verifyStaffSession } from './staff-api.ts';

export const STAFF_SESSION_TOKEN_KEY = 'staff_session_token';
export const STAFF_EMAIL_KEY = 'staff_email';

export const SEND_CODE_FAILED = 'Failed to send verification code';
export { SECURITY_CHECK_REQUIRED };
export const INVALID_CODE = 'Invalid verification code';
export const VERIFICATION_FAILED_TITLE = 'Verification Failed';

/**
 * The generic error for an answer this page cannot read (ApiContractError: the API's answer did
 * not decode with its contract codec; the client has already reported the field names).
 */
export const UNREADABLE_ANSWER_TITLE = 'Something went wrong';
export const UNREADABLE_ANSWER = "This page could not read the portal's answer. Please refresh the page and try again.";

/** An answer that did not have the shape the page was built for. */
export const isUnreadableAnswer = (error: unknown): error is ApiContractError => error instanceof ApiContractError;

export interface StaffSession {
  readonly token: string;
  readonly email: string;
}

const safely = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

export const readStaffSession = (storage: StorageLike | null): StaffSession | null => {
  if (!storage) return null;
  const token = safely(() => storage.getItem(STAFF_SESSION_TOKEN_KEY), null);
  const email = safely(() => storage.getItem(STAFF_EMAIL_KEY), null);
  return token && email ? { token, email } : null;
};

export const saveStaffSession = (storage: StorageLike | null, session: StaffSession): void => {
  safely(() => {
    storage?.setItem(STAFF_SESSION_TOKEN_KEY, session.token);
    storage?.setItem(STAFF_EMAIL_KEY, session.email);
  }, undefined);
};

export const clearStaffSession = (storage: StorageLike | null): void => {
  safely(() => {
    storage?.removeItem(STAFF_SESSION_TOKEN_KEY);
    storage?.removeItem(STAFF_EMAIL_KEY);
  }, undefined);
};

export const staffStorage = (): StorageLike | null => safely(() => (typeof sessionStorage === 'undefined' ? null : sessionStorage), null);

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The address as sent: trimmed and lowercased; or the form's message. */
export const checkStaffEmail = (value: string): Checked<string> => {
  const result = decodeBody(StaffSendOtpRequest, { email: value });
  if (result._tag === 'Right') return { ok: true, value: result.right.email };
  return { ok: false, message: result.left.errors[0]?.message ?? 'Please enter a valid email address' };
};

/** The 6-character code; or the form's message. */
export const checkStaffCode = (value: string): Checked<string> => {
  const result = decodeBody(StaffOtpForm, { otpCode: value });
  if (result._tag === 'Right') return { ok: true, value: result.right.otpCode };
  return { ok: false, message: result.left.errors[0]?.message ?? 'Verification code is required' };
};

/** What the code field keeps of what was typed: letters and digits, at most 6, no spaces. */
export const codeInput = (value: string): string => value.replace(/[^0-9A-Za-z]/g, '').slice(0, 6);

/** What a failed send means for the form: a refused human check (shown at the check, which restarts) or a message for the form. */
export type SendFailure = { readonly kind: 'security-check'; readonly message: string } | { readonly kind: 'form'; readonly message: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * 403 (the server refused or missed the human check's token) → the check's message; a 400 about
 * the token likewise; 429 → the server's message (how long to wait); an answer the page cannot
 * read → the generic error; anything else → 'Failed to send verification code', which says
 * nothing about whether the address is registered.
 */
export const sendCodeFailure = (error: unknown): SendFailure => {
  if (isUnreadableAnswer(error)) return { kind: 'form', message: UNREADABLE_ANSWER };
  if (!(error instanceof ApiError)) return { kind: 'form', message: SEND_CODE_FAILED };
  const body = apiErrorBody(error);
  if (error.status === 403) return { kind: 'security-check', message: text(body?.error) ?? SECURITY_CHECK_REQUIRED };
  if (error.status === 400 && Array.isArray(body?.errors)) {
    const aboutCheck = (body.errors as unknown[]).find(
      (entry): entry is { field: string; message?: unknown } =>
        typeof entry === 'object' && entry !== null && (entry as { field?: unknown }).field === TURNSTILE_RESPONSE_FIELD,
    );
    if (aboutCheck) return { kind: 'security-check', message: text(aboutCheck.message) ?? SECURITY_CHECK_REQUIRED };
  }
  if (error.status === 429) return { kind: 'form', message: text(body?.message) ?? text(body?.error) ?? SEND_CODE_FAILED };
  return { kind: 'form', message: SEND_CODE_FAILED };
};

export type SessionCheck = { readonly kind: 'valid'; readonly email: string; readonly expiresAt: string | null } | { readonly kind: 'invalid' };

/**
 * POST /api/staff/verify-session. 401 or `valid: false` → invalid (to be cleared silently);
 * other failures (network, 5xx, an answer the page cannot read) are thrown, so the page can offer
 * to try again.
 */
export const checkStaffSession = async (client: ApiClient, session: StaffSession, signal?: AbortSignal): Promise<SessionCheck> => {
  try {
    const answer = await verifyStaffSession(client, session.token, session.email, signal);
    if (!answer.valid) return { kind: 'invalid' };
    return {
      kind: 'valid',
      email: answer.email !== null && answer.email !== '' ? answer.email : session.email,
      expiresAt: answer.expiresAt !== '' ? answer.expiresAt : null,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { kind: 'invalid' };
    throw error;
  }
};

/** POST /api/staff/logout; failures are ignored (the session is cleared here anyway). */
export const staffLogout = async (client: ApiClient, token: string): Promise<void> => {
  try {
    await logoutStaff(client, token);
  } catch {
    // The token is forgotten in this browser either way; the server lets it expire.
  }
};

/** '4:32 PM' for a session's end, or null. */
export const sessionEndsAt = (expiresAt: string | null, locale?: string): string | null => {
  if (!expiresAt) return null;
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return null;
  return new Date(time).toLocaleTimeString(locale ?? 'en-US', { hour: 'numeric', minute: '2-digit' });
};
