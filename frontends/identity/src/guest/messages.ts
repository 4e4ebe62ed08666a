/**
 * The English texts of guest verification's failures (enrollment-and-payment §2 'Guest
 * verification cards', §8 'Verification'; booking-dashboard-staff §5), as the pure failure readers
 * (guest-api.ts, phone-auth-errors.ts) return them and their unit tests read them. The screens
 * draw every text from the catalogs (src/messages): known-texts.ts turns each of these into its
 * message, and known-texts.test.ts keeps them equal to en.json. Field messages come from the
 * contracts' codecs.
 */
export { SECURITY_CHECK_REQUIRED } from '@portal/contracts';

// Email card
export const SEND_CODE_FAILED = 'Failed to send verification code';
export const VERIFY_CODE_FAILED = 'Failed to verify code';
export const INVALID_EMAIL_CODE = 'Invalid verification code. Please try again.';
export const RESEND_FAILED = 'Failed to resend verification code. Please try again.';
export const CODE_EXPIRED = 'Verification code has expired. Please request a new one';
export const NO_VERIFICATION_IN_PROGRESS = 'No verification in progress. Please request a new code.';

// Phone card
export const PHONE_SERVICE_LOADING = 'Phone verification service is still loading. Please wait a moment and try again.';
export const PHONE_SERVICE_UNAVAILABLE = 'Phone verification service is temporarily unavailable';
export const PHONE_VERIFICATION_FAILED = 'Phone verification failed. Please try again';
export const VERIFICATION_FAILED = 'Verification failed. Please try again.';
export const AUTHENTICATION_ERROR_TITLE = 'Authentication Error';
