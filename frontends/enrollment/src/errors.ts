/**
 * What a failed POST /api/enrollments/oauth tells the user (enrollment-and-payment §8
 * 'Enrollment flow'): the server's title and message ('Age Requirement Not Met', 'Office
 * Enrollment Required', 'Already Enrolled', 'Practice location required' ...), else the generic
 * 'Error creating enrollment' / 'Failed to create enrollment. Please try again.'.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { ErrorResponse } from '@portal/contracts';
import { apiErrorBody, apiErrorField } from '@portal/client';
import {
  AGE_REQUIREMENT_NOT_MET_TITLE,
  ALREADY_ENROLLED_TITLE,
  CAREGIVER_NOT_AUTHORIZED_TITLE,
  CREATE_ENROLLMENT_ERROR,
  CREATE_ENROLLMENT_ERROR_TITLE,
  ERROR_TITLE,
  EXISTING_PATIENT_TITLE,
  OFFICE_ENROLLMENT_REQUIRED_TITLE,
  SAVE_PATIENT_ERROR,
  VERIFICATION_EXPIRED_TEXT,
  VERIFICATION_ERROR_TEXT,
  VERIFICATION_ERROR_TITLE,
  VERIFICATION_EXPIRED_TITLE,
} from './messages.ts';

export interface ErrorNotice {
  readonly title: string;
  readonly description: string;
}

export const createEnrollmentErrorNotice = (error: unknown): ErrorNotice => {
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  if (!title) return { title: CREATE_ENROLLMENT_ERROR_TITLE, description: message ?? CREATE_ENROLLMENT_ERROR };
  return { title, description: message && message !== title ? message : CREATE_ENROLLMENT_ERROR };
};

// ---------------------------------------------------------------------------------------------
// POST /api/enrollments (guest): what a failure tells the user

export type SaveFailure =
  /** 400: each message goes under its field. */
  | { readonly kind: 'fields'; readonly errors: Readonly<Record<string, string>>; readonly notice: ErrorNotice }
  /** 403 (age, Medicaid), 409 (already enrolled), anything else: a toast and an alert. */
  | { readonly kind: 'notice'; readonly notice: ErrorNotice }
  /** 401: the guest verification is no longer accepted: verify again. */
  | { readonly kind: 'verification-expired'; readonly notice: ErrorNotice };

const statusOf = (error: unknown): number | null => {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
};

/**
 * The refusals a guest's save can meet, by status and the server's title (the error body decoded
 * with @portal/contracts' ErrorResponse). Where the spec gives the message (enrollment-and-payment
 * §8 'Verification Error: Unable to verify your identity.') that text is shown; where it names
 * only the heading ('Existing Patient', 'Caregiver Not Authorized', 'Age Requirement Not Met',
 * 'Office Enrollment Required', 'Already Enrolled') the server's message goes under it.
 */
const REFUSALS: Readonly<Record<string, { readonly status: readonly number[]; readonly text?: string }>> = {
  [AGE_REQUIREMENT_NOT_MET_TITLE]: { status: [403] },
  [OFFICE_ENROLLMENT_REQUIRED_TITLE]: { status: [403] },
  [ALREADY_ENROLLED_TITLE]: { status: [409] },
  [CAREGIVER_NOT_AUTHORIZED_TITLE]: { status: [403] },
  [EXISTING_PATIENT_TITLE]: { status: [409] },
  [VERIFICATION_ERROR_TITLE]: { status: [403], text: VERIFICATION_ERROR_TEXT },
};

/** A failed call's body as the API's generic error body ({error, message?}), or null. */
export const errorResponseOf = (error: unknown): ErrorResponse | null => {
  const decoded = ErrorResponse.decode(apiErrorBody(error));
  return isRight(decoded) && decoded.right.error.trim() !== '' ? decoded.right : null;
};

/** The notice for a refusal the server names, or null when it is not one of them. */
export const refusalNotice = (error: unknown): ErrorNotice | null => {
  const status = statusOf(error);
  const body = errorResponseOf(error);
  if (status === null || !body) return null;
  const refusal = REFUSALS[body.error];
  if (!refusal || !refusal.status.includes(status)) return null;
  const message = body.message?.trim();
  return { title: body.error, description: refusal.text ?? (message && message !== body.error ? message : body.error) };
};

/** The spec's 'too many requests' text (enrollment-and-payment §8). */
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later';

/**
 * 400 {errors:[{field, message}]} → field messages; 403 'Age Requirement Not Met' / 'Office
 * Enrollment Required' / 'Caregiver Not Authorized' and 409 'Already Enrolled' / 'Existing
 * Patient' → the server's title and message; 429 → 'Too many attempts…'; 401 →
 * verify again; 404, 422 and anything else → 'Failed to save patient information...'.
 */
export const saveFailure = (error: unknown): SaveFailure => {
  const status = statusOf(error);
  const body = apiErrorBody(error);
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  const generic: ErrorNotice = { title: ERROR_TITLE, description: SAVE_PATIENT_ERROR };
  if (status === 400 && Array.isArray(body?.errors)) {
    const errors: Record<string, string> = {};
    for (const entry of body.errors as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, message: text } = entry as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && field !== '' && typeof text === 'string' && errors[field] === undefined) errors[field] = text;
    }
    if (Object.keys(errors).length > 0) {
      return { kind: 'fields', errors, notice: { title: title ?? ERROR_TITLE, description: message ?? SAVE_PATIENT_ERROR } };
    }
  }
  if (status === 401) {
    return { kind: 'verification-expired', notice: { title: VERIFICATION_EXPIRED_TITLE, description: VERIFICATION_EXPIRED_TEXT } };
  }
  const refusal = refusalNotice(error);
  if (refusal) return { kind: 'notice', notice: refusal };
  if (status === 429) return { kind: 'notice', notice: { title: ERROR_TITLE, description: TOO_MANY_ATTEMPTS } };
  return { kind: 'notice', notice: generic };
};
