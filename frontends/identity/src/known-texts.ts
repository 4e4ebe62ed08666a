/**
 * English texts that reach the screens from outside the catalogs — the contracts' field checks,
 * the API's answers, the pure helpers whose English the unit tests read (login-messages.ts,
 * guest/messages.ts, guest/phone-auth-errors.ts) — and the catalog message each one is. English
 * shows the text unchanged (word for word, as the specs quote it); Spanish shows the catalog's.
 * A text not listed here is shown as it came. known-texts.test.ts checks each English key is its
 * message's English in en.json.
 */
import type { MessageId } from './i18n.ts';

export const KNOWN_TEXTS: Readonly<Record<string, MessageId>> = {
  // login-messages.ts
  'Login failed. Please try again.': 'login.notice.failed',
  'Your session has expired. Please sign in again.': 'login.notice.sessionExpired',
  'You have been logged out successfully.': 'login.notice.loggedOut',
  // guest/messages.ts and the API's answers
  'Please complete security verification to continue': 'error.securityCheckRequired',
  'Failed to send verification code': 'error.sendCodeFailed',
  'Failed to verify code': 'error.verifyCodeFailed',
  'Invalid verification code. Please try again.': 'error.invalidEmailCode',
  'Failed to resend verification code. Please try again.': 'error.resendFailed',
  'Verification code has expired. Please request a new one': 'error.codeExpired',
  'No verification in progress. Please request a new code.': 'error.noVerificationInProgress',
  'Phone verification service is still loading. Please wait a moment and try again.': 'error.phoneServiceLoading',
  'Phone verification service is still loading...': 'error.phoneServiceLoadingShort',
  'Phone verification service is temporarily unavailable': 'error.phoneServiceUnavailable',
  'Phone verification failed. Please try again': 'error.phoneVerificationFailed',
  'Verification failed. Please try again.': 'error.verificationFailed',
  'Authentication Error': 'error.authenticationError',
  'Session Expired': 'guest.sessionExpired.title',
  'Your email verification has expired. Please verify your email again.': 'error.emailVerificationExpired',
  // guest/phone-auth-errors.ts
  'Please enter a valid phone number': 'error.invalidPhoneNumber',
  'Too many attempts. Please try again later': 'error.tooManyAttempts',
  'Invalid verification code. Please try again': 'error.invalidSmsCode',
  'Phone number is required': 'error.phoneRequired',
  'Phone verification is not available because of a configuration problem. Please try again later or contact the practice.':
    'error.phoneAuthMisconfigured',
  'Security verification failed. Please refresh the page and try again.': 'error.appCheckFailed',
  'reCAPTCHA verification failed. Please refresh the page and try again.': 'error.recaptchaFailed',
  'Phone verification is not properly configured.': 'error.recaptchaNotEnabled',
  'Phone verification is not allowed on this website address. Please use the practice’s member portal address.': 'error.unauthorizedDomain',
  'Phone verification was already set up with another configuration. Please refresh the page.': 'error.phoneSetupConflict',
  // The contracts' field checks (verification.codecs.ts)
  'Email is required': 'validation.emailRequired',
  'Please enter a valid email address': 'validation.emailInvalid',
  'Verification code is required': 'validation.codeRequired',
  'Verification code must be exactly 6 digits': 'validation.codeLength',
  'SMS code is required': 'validation.smsCodeRequired',
  'SMS code must be exactly 6 digits': 'validation.smsCodeLength',
  'SMS code must contain only numbers': 'validation.smsCodeDigits',
  'Phone number contains characters that are not allowed': 'validation.phoneCharacters',
  'Phone number must be at least 10 digits': 'validation.phoneTooShort',
  'Email is too long (at most 254 characters)': 'validation.emailTooLong',
  'Email contains characters that are not allowed': 'validation.emailCharacters',
  'Verification code contains characters that are not allowed': 'validation.codeCharacters',
  'SMS code contains characters that are not allowed': 'validation.smsCodeCharacters',
};

/** The page's words for an English text from outside the catalogs: its message when known, else the text as it came. */
export const knownText = (text: string, t: (id: MessageId) => string): string => {
  const id = KNOWN_TEXTS[text];
  return id ? t(id) : text;
};
