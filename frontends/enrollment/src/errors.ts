/**
 * What a failed POST /api/enrollments/oauth tells the user (enrollment-and-payment §8
 * 'Enrollment flow'): the server's title and message ('Age Requirement Not Met', 'Office
 * Enrollment Required', 'Already Enrolled', 'Practice location required' ...), else the generic
 * 'Error creating enrollment' / 'Failed to create enrollment. Please try again.'.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { ErrorResponse } from '@portal/contracts';
import { apiErrorBody, apiErrorField } from '@portal/client';
import { apiErrorText } from '@portal/client/api-error-text.ts';
import { paymentMessages } from './payment/i18n.ts';

const t = paymentMessages.t;
const english = (): boolean => paymentMessages.locale() === 'en-US';

/**
 * An API error's message in the page's language, by its code (@portal/client's api-error-text:
 * in English the server's message as it is). A component may pass `useApiErrorText()`'s.
 */
export type ApiText = (error: { readonly code?: string | null; readonly message: string }) => string;
const asGiven: ApiText = (error) => apiErrorText(error);

// The server's headings this module recognizes (compared in English, shown in the page's language).
const AGE_REQUIREMENT_NOT_MET_TITLE = 'Age Requirement Not Met';
const OFFICE_ENROLLMENT_REQUIRED_TITLE = 'Office Enrollment Required';
const ALREADY_ENROLLED_TITLE = 'Already Enrolled';
const CAREGIVER_NOT_AUTHORIZED_TITLE = 'Caregiver Not Authorized';
const EXISTING_PATIENT_TITLE = 'Existing Patient';
const VERIFICATION_ERROR_TITLE = 'Verification Error';

export interface ErrorNotice {
  readonly title: string;
  readonly description: string;
}

const codeOf = (error: unknown): string | null => apiErrorField(error, 'code') ?? null;

/** A server heading in the page's language: ours for the refusals we know, the server's in English. */
const headingOf = (title: string): string => {
  if (english()) return title;
  const known = REFUSAL_KEYS[title];
  return known ? t('errors.refusal.title', { error: known }) : t('common.error');
};

export const createEnrollmentErrorNotice = (error: unknown, apiText: ApiText = asGiven): ErrorNotice => {
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  const described = message ? apiText({ code: codeOf(error), message }) : null;
  if (!title) return { title: t('errors.createEnrollment.title'), description: described ?? t('errors.createEnrollment.text') };
  return { title: headingOf(title), description: message && message !== title ? described! : t('errors.createEnrollment.text') };
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
const REFUSALS: Readonly<Record<string, { readonly status: readonly number[]; readonly text?: () => string }>> = {
  [AGE_REQUIREMENT_NOT_MET_TITLE]: { status: [403] },
  [OFFICE_ENROLLMENT_REQUIRED_TITLE]: { status: [403] },
  [ALREADY_ENROLLED_TITLE]: { status: [409] },
  [CAREGIVER_NOT_AUTHORIZED_TITLE]: { status: [403] },
  [EXISTING_PATIENT_TITLE]: { status: [409] },
  [VERIFICATION_ERROR_TITLE]: { status: [403], text: () => t('errors.verification.text') },
};

/** The refusals' headings as the catalog's choice ('errors.refusal.title'). */
const REFUSAL_KEYS: Readonly<Record<string, string>> = {
  [AGE_REQUIREMENT_NOT_MET_TITLE]: 'age',
  [OFFICE_ENROLLMENT_REQUIRED_TITLE]: 'office',
  [ALREADY_ENROLLED_TITLE]: 'enrolled',
  [CAREGIVER_NOT_AUTHORIZED_TITLE]: 'caregiver',
  [EXISTING_PATIENT_TITLE]: 'existing',
  [VERIFICATION_ERROR_TITLE]: 'verification',
};

/** A failed call's body as the API's generic error body ({error, message?}), or null. */
export const errorResponseOf = (error: unknown): ErrorResponse | null => {
  const decoded = ErrorResponse.decode(apiErrorBody(error));
  return isRight(decoded) && decoded.right.error.trim() !== '' ? decoded.right : null;
};

/** The notice for a refusal the server names, or null when it is not one of them. */
export const refusalNotice = (error: unknown, apiText: ApiText = asGiven): ErrorNotice | null => {
  const status = statusOf(error);
  const body = errorResponseOf(error);
  if (status === null || !body) return null;
  const refusal = REFUSALS[body.error];
  if (!refusal || !refusal.status.includes(status)) return null;
  const message = body.message?.trim();
  const title = headingOf(body.error);
  return { title, description: refusal.text?.() ?? (message && message !== body.error ? apiText({ code: codeOf(error), message }) : title) };
};

/**
 * 400 {errors:[{field, message}]} → field messages; 403 'Age Requirement Not Met' / 'Office
 * Enrollment Required' / 'Caregiver Not Authorized' and 409 'Already Enrolled' / 'Existing
 * Patient' → the server's title and message; 429 → 'Too many attempts…'; 401 →
 * verify again; 404, 422 and anything else → 'Failed to save patient information...'.
 */
export const saveFailure = (error: unknown, apiText: ApiText = asGiven): SaveFailure => {
  const status = statusOf(error);
  const body = apiErrorBody(error);
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  const ERROR_TITLE = t('common.error');
  const SAVE_PATIENT_ERROR = t('errors.savePatient');
  const generic: ErrorNotice = { title: ERROR_TITLE, description: SAVE_PATIENT_ERROR };
  if (status === 400 && Array.isArray(body?.errors)) {
    const errors: Record<string, string> = {};
    for (const entry of body.errors as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, message: text } = entry as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && field !== '' && typeof text === 'string' && errors[field] === undefined) errors[field] = apiText({ message: text });
    }
    if (Object.keys(errors).length > 0) {
      return {
        kind: 'fields',
        errors,
        notice: { title: title && english() ? title : ERROR_TITLE, description: message ? apiText({ code: apiErrorField(error, 'code') ?? null, message }) : SAVE_PATIENT_ERROR },
      };
    }
  }
  if (status === 401) {
    return { kind: 'verification-expired', notice: { title: t('errors.verificationExpired.title'), description: t('errors.verificationExpired.text') } };
  }
  const refusal = refusalNotice(error, apiText);
  if (refusal) return { kind: 'notice', notice: refusal };
  // The spec's 'too many requests' text (enrollment-and-payment §8).
  if (status === 429) return { kind: 'notice', notice: { title: ERROR_TITLE, description: t('errors.tooManyAttempts') } };
  return { kind: 'notice', notice: generic };
};
