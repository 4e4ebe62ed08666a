/**
 * The words of guest verification (enrollment-and-payment §2 'Guest verification cards', §8
 * 'Verification'; booking-dashboard-staff §5). Field messages come from the contracts' codecs.
 */
export { SECURITY_CHECK_REQUIRED } from '@portal/contracts';

// Email card
export const SEND_CODE_FAILED = 'Failed to send verification code';
export const VERIFY_CODE_FAILED = 'Failed to verify code';
export const INVALID_EMAIL_CODE = 'Invalid verification code. Please try again.';
export const RESEND_FAILED = 'Failed to resend verification code. Please try again.';
export const CODE_EXPIRED = 'Verification code has expired. Please request a new one';
export const NO_VERIFICATION_IN_PROGRESS = 'No verification in progress. Please request a new code.';
export const REMEMBER_ME = 'Remember me';
export const REMEMBER_ME_HINT = 'Only recommended for private devices.';

// Phone card
export const PHONE_SERVICE_LOADING = 'Phone verification service is still loading. Please wait a moment and try again.';
export const PHONE_SERVICE_LOADING_SHORT = 'Phone verification service is still loading...';
export const PHONE_SERVICE_UNAVAILABLE = 'Phone verification service is temporarily unavailable';
export const PHONE_VERIFICATION_FAILED = 'Phone verification failed. Please try again';
export const VERIFICATION_FAILED = 'Verification failed. Please try again.';

// Titles (toasts and alerts)
export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_DESCRIPTION = 'Your verification is more than 30 minutes old. Please verify your email and phone again.';
export const AUTHENTICATION_ERROR_TITLE = 'Authentication Error';
export const VERIFICATION_COMPLETE_TITLE = 'Verification Complete';

// Buttons
export const SEND_CODE_LABEL = 'Send Verification Code';
export const VERIFY_CODE_LABEL = 'Verify Code';
export const RESEND_CODE_LABEL = 'Resend Code';
export const CHANGE_EMAIL_LABEL = 'Change Email';
export const CHANGE_NUMBER_LABEL = 'Change Number';
export const BACK_LABEL = 'Back';
export const BACK_TO_LOGIN_OPTIONS = 'Back to Login Options';
