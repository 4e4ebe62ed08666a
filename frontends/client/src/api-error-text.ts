/**
 * An API error in the page's language (issue 26, decision 0057). The API answers in English, as
 * the specs define, with a stable `code` for each refusal (apps/api/src/http/error-status.ts);
 * the frontends translate by that code:
 * - English: the API's message, unchanged;
 * - Spanish: the data client's catalog text for `apiError.<CODE>`, or for a code it does not know
 *   a generic Spanish sentence that keeps the way to help (call the practice), never English alone.
 *
 *   const errorText = useApiErrorText();
 *   <Alert>{errorText(apiErrorOf(error))}</Alert>      // or errorText({ code, message })
 *   toast({ description: apiErrorText(apiErrorOf(error)) })   // outside React
 */
import { ApiError } from './api.ts';
import { apiErrorBody } from './api-errors.ts';
import { clientMessages, type ClientMessageId } from './i18n.ts';
import { OAUTH_NOT_CONFIGURED, SIGN_IN_UNAVAILABLE } from './sign-in-out.ts';

export interface ApiErrorLike {
  readonly code?: string | null;
  readonly message: string;
}

/** Every refusal code a patient can meet, with its catalog id (staff-only codes stay English). */
export const API_ERROR_IDS = {
  'ENROLLMENT.PATIENT_NOT_MATCHED': 'apiError.ENROLLMENT.PATIENT_NOT_MATCHED',
  'ENROLLMENT.PATIENT_EXISTS': 'apiError.ENROLLMENT.PATIENT_EXISTS',
  'ENROLLMENT.CAREGIVER_NOT_AUTHORIZED': 'apiError.ENROLLMENT.CAREGIVER_NOT_AUTHORIZED',
  'ENROLLMENT.VERIFIED_CONTACT_MISMATCH': 'apiError.ENROLLMENT.VERIFIED_CONTACT_MISMATCH',
  'ENROLLMENT.NOT_LINKED': 'apiError.ENROLLMENT.NOT_LINKED',
  'ENROLLMENT.PATIENT_NOT_FOUND': 'apiError.ENROLLMENT.PATIENT_NOT_FOUND',
  'ENROLLMENT.PRACTICE_LOCATION_REQUIRED': 'apiError.ENROLLMENT.PRACTICE_LOCATION_REQUIRED',
  'ENROLLMENT.MEDICARE_ANSWER_REQUIRED': 'apiError.ENROLLMENT.MEDICARE_ANSWER_REQUIRED',
  'ENROLLMENT.DATE_OF_BIRTH_REQUIRED': 'apiError.ENROLLMENT.DATE_OF_BIRTH_REQUIRED',
  'ENROLLMENT.INVALID_DATE_OF_BIRTH': 'apiError.ENROLLMENT.INVALID_DATE_OF_BIRTH',
  'ENROLLMENT.AGE_REQUIREMENT_NOT_MET': 'apiError.ENROLLMENT.AGE_REQUIREMENT_NOT_MET',
  'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED': 'apiError.ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED',
  'ENROLLMENT.ALREADY_ENROLLED': 'apiError.ENROLLMENT.ALREADY_ENROLLED',
  'ENROLLMENT.CONTACT_NOT_ON_RECORD': 'apiError.ENROLLMENT.CONTACT_NOT_ON_RECORD',
  'ENROLLMENT.TOO_MANY_ATTEMPTS': 'apiError.ENROLLMENT.TOO_MANY_ATTEMPTS',
  'ENROLLMENT.NOT_FOUND': 'apiError.ENROLLMENT.NOT_FOUND',
  'DOCUMENT.NOT_AVAILABLE': 'apiError.DOCUMENT.NOT_AVAILABLE',
  'DOCUMENT.MISMATCH': 'apiError.DOCUMENT.MISMATCH',
  'DOCUMENT.NOT_COMPLETED': 'apiError.DOCUMENT.NOT_COMPLETED',
  'PAYMENT.NOT_READY': 'apiError.PAYMENT.NOT_READY',
  'PAYMENT.MISMATCH': 'apiError.PAYMENT.MISMATCH',
  'PAYMENT.NOT_PAID': 'apiError.PAYMENT.NOT_PAID',
  'PAYMENT.NOTHING_TO_REACTIVATE': 'apiError.PAYMENT.NOTHING_TO_REACTIVATE',
  'SUBSCRIPTION.EXISTING_ACTIVE': 'apiError.SUBSCRIPTION.EXISTING_ACTIVE',
  'SUBSCRIPTION.DATA_DISCREPANCY': 'apiError.SUBSCRIPTION.DATA_DISCREPANCY',
  'APPOINTMENT.NOT_FOUND': 'apiError.APPOINTMENT.NOT_FOUND',
  'BOOKING.NOT_YOUR_PATIENT': 'apiError.BOOKING.NOT_YOUR_PATIENT',
  'BOOKING.MEMBERSHIP_REQUIRED': 'apiError.BOOKING.MEMBERSHIP_REQUIRED',
  'BOOKING.UNAVAILABLE': 'apiError.BOOKING.UNAVAILABLE',
  'BOOKING.INVALID_WEEK': 'apiError.BOOKING.INVALID_WEEK',
  'BOOKING.SLOT_TAKEN': 'apiError.BOOKING.SLOT_TAKEN',
  'BOOKING.EXISTING_APPOINTMENT': 'apiError.BOOKING.EXISTING_APPOINTMENT',
  'APPOINTMENT.CANCEL_WINDOW_CLOSED': 'apiError.APPOINTMENT.CANCEL_WINDOW_CLOSED',
  'APPOINTMENT.RESCHEDULE_WINDOW_CLOSED': 'apiError.APPOINTMENT.RESCHEDULE_WINDOW_CLOSED',
  'WAITLIST.INVALID': 'apiError.WAITLIST.INVALID',
  'WAITLIST.USED': 'apiError.WAITLIST.USED',
  'WAITLIST.GONE': 'apiError.WAITLIST.GONE',
} as const satisfies Readonly<Record<string, ClientMessageId>>;

export type PatientErrorCode = keyof typeof API_ERROR_IDS;

export const isPatientErrorCode = (code: string | null | undefined): code is PatientErrorCode =>
  typeof code === 'string' && Object.hasOwn(API_ERROR_IDS, code);

/**
 * The `{ code, message }` of anything thrown by a call: an ApiError's JSON answer's `code` and
 * `message` (else the error's own message, '409: …'), any other Error's message.
 */
export const apiErrorOf = (error: unknown): { code: string | null; message: string } => {
  const body = error instanceof ApiError ? apiErrorBody(error) : null;
  const code = typeof body?.code === 'string' && body.code !== '' ? body.code : null;
  const message =
    typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : error instanceof Error ? error.message : String(error);
  return { code, message };
};

/** The data client's own failures (startProviderSignIn's), known by their English message. */
const CLIENT_ERROR_IDS: Readonly<Record<string, ClientMessageId>> = {
  [SIGN_IN_UNAVAILABLE]: 'signIn.unavailable',
  [OAUTH_NOT_CONFIGURED]: 'signIn.notConfigured',
};

const textIn = (spanish: boolean, error: ApiErrorLike): string => {
  if (!spanish) return error.message;
  if (isPatientErrorCode(error.code)) return clientMessages.t(API_ERROR_IDS[error.code]);
  const own = Object.hasOwn(CLIENT_ERROR_IDS, error.message) ? CLIENT_ERROR_IDS[error.message] : undefined;
  return clientMessages.t(own ?? 'apiError.generic');
};

/** Outside React (a toast): the text in the data client's active language. */
export const apiErrorText = (error: ApiErrorLike): string => textIn(clientMessages.locale() === 'es-US', error);

/** In a component: drawn again when the page's language changes. */
export const useApiErrorText = (): ((error: ApiErrorLike) => string) => {
  const locale = clientMessages.useLocale();
  const spanish = locale === 'es-US';
  return (error) => textIn(spanish, error);
};
