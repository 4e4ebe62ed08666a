/**
 * Phone-auth (Firebase) failures as the spec's words (enrollment-and-payment §8 'Verification').
 * Pure: takes whatever the SDK threw; the SDK itself is loaded only on the phone step.
 */
import {
  CODE_EXPIRED,
  NO_VERIFICATION_IN_PROGRESS,
  PHONE_SERVICE_UNAVAILABLE,
  PHONE_VERIFICATION_FAILED,
} from './messages.ts';

export const INVALID_PHONE_NUMBER = 'Please enter a valid phone number';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later';
export const INVALID_SMS_CODE = 'Invalid verification code. Please try again';
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_AUTH_MISCONFIGURED =
  'Phone verification is not available because of a configuration problem. Please try again later or contact the practice.';
export const APP_CHECK_FAILED = 'Security verification failed. Please refresh the page and try again.';
export const RECAPTCHA_FAILED = 'reCAPTCHA verification failed. Please refresh the page and try again.';
export const RECAPTCHA_NOT_ENABLED = 'Phone verification is not properly configured.';
export const UNAUTHORIZED_DOMAIN = 'Phone verification is not allowed on this website address. Please use the practice’s member portal address.';

const BY_CODE: Readonly<Record<string, string>> = {
  'auth/invalid-phone-number': INVALID_PHONE_NUMBER,
  'auth/too-many-requests': TOO_MANY_ATTEMPTS,
  'auth/quota-exceeded': TOO_MANY_ATTEMPTS,
  'auth/invalid-verification-code': INVALID_SMS_CODE,
  'auth/code-expired': CODE_EXPIRED,
  'auth/missing-phone-number': PHONE_REQUIRED,
  'auth/internal-error': PHONE_AUTH_MISCONFIGURED,
  'auth/invalid-api-key': PHONE_AUTH_MISCONFIGURED,
  'auth/app-not-authorized': PHONE_AUTH_MISCONFIGURED,
  'auth/operation-not-allowed': RECAPTCHA_NOT_ENABLED,
  'auth/recaptcha-not-enabled': RECAPTCHA_NOT_ENABLED,
  'auth/invalid-app-credential': RECAPTCHA_FAILED,
  'auth/missing-app-credential': RECAPTCHA_FAILED,
  'auth/captcha-check-failed': RECAPTCHA_FAILED,
  'auth/invalid-recaptcha-token': RECAPTCHA_FAILED,
  'auth/missing-recaptcha-token': RECAPTCHA_FAILED,
  'auth/unauthorized-domain': UNAUTHORIZED_DOMAIN,
  'auth/invalid-verification-id': NO_VERIFICATION_IN_PROGRESS,
  'auth/missing-verification-id': NO_VERIFICATION_IN_PROGRESS,
  'auth/network-request-failed': PHONE_SERVICE_UNAVAILABLE,
};

/** The error's `code` ('auth/too-many-requests'), or null. */
export const phoneAuthErrorCode = (error: unknown): string | null => {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
};

/**
 * The message for a phone-auth failure. App Check failures come back as codes naming App Check
 * ('auth/firebase-app-check-token-is-invalid'); anything unknown is the default
 * 'Phone verification failed. Please try again'.
 */
export const phoneAuthErrorMessage = (error: unknown): string => {
  const code = phoneAuthErrorCode(error);
  if (!code) return PHONE_VERIFICATION_FAILED;
  const known = BY_CODE[code];
  if (known) return known;
  if (code.includes('app-check')) return APP_CHECK_FAILED;
  return PHONE_VERIFICATION_FAILED;
};

/** True for failures that mean the code itself is used up: the user must ask for a new one. */
export const needsNewCode = (error: unknown): boolean => {
  const code = phoneAuthErrorCode(error);
  return code === 'auth/code-expired' || code === 'auth/invalid-verification-id' || code === 'auth/missing-verification-id';
};
