/**
 * Guest verification (enrollment-and-payment §5 "Verification inputs", §7 verify-email calls;
 * booking-dashboard-staff §5 guest and security-check rules).
 *
 * The phone is verified by the phone-auth service from the browser; `VerificationPhone` decodes
 * what the user typed into the E.164 number that service expects. The server issues the
 * verification token only after checking the email code and the phone-auth ID token itself
 * (ARCHITECTURE §3), through `VerifyPhoneRequest`.
 */
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { PHONE_PATTERN, emailAddress } from './fields.ts';
import { AUTHENTICATION_ERROR, SECURITY_CHECK_REQUIRED, VERIFICATION_REQUIRED } from './messages.ts';
import { TEXT_LIMITS, check, exactLength, fieldCodec, form, hasForbiddenCharacters, isBlank, matches, optionalText, requiredText } from './validation.ts';

/** Name of the human-check token field, as the widget posts it. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
/** Header carrying the guest's composite verification token. */
export const VERIFICATION_TOKEN_HEADER = 'X-Verification-Token';
export const VERIFIED_TOKEN_PREFIX = 'verified_';

// ---------------------------------------------------------------------------------------------
// Inputs

/**
 * The phone of the first verification step: required; digits only kept; at least 10 digits;
 * a leading 1-9 and 9 to 14 more digits. Decodes to E.164: '+1' and the digits for a 10-digit
 * (US) number, '+' and the digits when the user typed '+' or gave more than 10 digits (the
 * country code is already there).
 */
export const VerificationPhone = fieldCodec<string>(
  'VerificationPhone',
  (u): u is string => typeof u === 'string' && /^\+[1-9]\d{9,14}$/.test(u),
  (u) => {
    if (isBlank(u)) return E.left('Phone number is required');
    if (typeof u !== 'string' && typeof u !== 'number') return E.left('Please enter a valid phone number');
    const raw = String(u).trim();
    if (raw.length > 32) return E.left('Please enter a valid phone number');
    if (hasForbiddenCharacters(raw)) return E.left('Phone number contains characters that are not allowed');
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 10) return E.left('Phone number must be at least 10 digits');
    if (!PHONE_PATTERN.test(digits)) return E.left('Please enter a valid phone number');
    const international = raw.startsWith('+') || digits.length > 10;
    return E.right(international ? `+${digits}` : `+1${digits}`);
  },
);
export type VerificationPhone = t.TypeOf<typeof VerificationPhone>;

export const SmsCode = requiredText('SMS code is required', {
  checks: [exactLength(6, 'SMS code must be exactly 6 digits'), matches(/^\d+$/, 'SMS code must contain only numbers')],
  tooLongMessage: 'SMS code must be exactly 6 digits',
});
export type SmsCode = t.TypeOf<typeof SmsCode>;

export const VerificationEmail = emailAddress('Email is required', 'Please enter a valid email address');
export type VerificationEmail = t.TypeOf<typeof VerificationEmail>;

export const EmailCode = requiredText('Verification code is required', {
  checks: [matches(/^\d{6}$/, 'Verification code must be exactly 6 digits')],
  tooLongMessage: 'Verification code must be exactly 6 digits',
});
export type EmailCode = t.TypeOf<typeof EmailCode>;

/** Phone card, first step. */
export const PhoneVerificationForm = form('PhoneVerificationForm', { phone: VerificationPhone });
export type PhoneVerificationForm = t.TypeOf<typeof PhoneVerificationForm>;

/** Phone card, SMS step. */
export const SmsCodeForm = form('SmsCodeForm', { code: SmsCode });
export type SmsCodeForm = t.TypeOf<typeof SmsCodeForm>;

/** Email card, first step. */
export const EmailVerificationForm = form('EmailVerificationForm', { email: VerificationEmail });
export type EmailVerificationForm = t.TypeOf<typeof EmailVerificationForm>;

/** Email card, code step. */
export const EmailCodeForm = form('EmailCodeForm', { code: EmailCode });
export type EmailCodeForm = t.TypeOf<typeof EmailCodeForm>;

/** The human check on the login pages (booking-dashboard-staff §5). */
export const SecurityCheckForm = form('SecurityCheckForm', {
  [TURNSTILE_FIELD]: requiredText(SECURITY_CHECK_REQUIRED, { maxLength: 2048, unsafeMessage: SECURITY_CHECK_REQUIRED }),
} as { 'cf-turnstile-response': t.Type<string, string, unknown> });
export type SecurityCheckForm = t.TypeOf<typeof SecurityCheckForm>;

const optionalTurnstile = { [TURNSTILE_FIELD]: optionalText({ maxLength: 2048, label: 'Security check response' }) } as {
  'cf-turnstile-response': t.Type<string | undefined, string | undefined, unknown>;
};

/** POST /api/verify-email/send-otp. The token is optional here; the server requires it when the human check is enabled. */
export const SendEmailOtpRequest = form('SendEmailOtpRequest', { email: VerificationEmail, ...optionalTurnstile });
export type SendEmailOtpRequest = t.TypeOf<typeof SendEmailOtpRequest>;

/** POST /api/verify-email/verify-otp. */
export const VerifyEmailOtpRequest = form('VerifyEmailOtpRequest', {
  email: VerificationEmail,
  code: EmailCode,
  ...optionalTurnstile,
});
export type VerifyEmailOtpRequest = t.TypeOf<typeof VerifyEmailOtpRequest>;

/** POST /api/verify-email/check-session. */
export const CheckEmailSessionRequest = form('CheckEmailSessionRequest', { email: VerificationEmail });
export type CheckEmailSessionRequest = t.TypeOf<typeof CheckEmailSessionRequest>;

/**
 * POST /api/verify-phone (ours; ARCHITECTURE §3): exchanges the email session token and the
 * phone-auth ID token for the server-signed guest verification token.
 */
export const VerifyPhoneRequest = form('VerifyPhoneRequest', {
  emailSessionToken: requiredText('Email verification is required', { maxLength: TEXT_LIMITS.token, label: 'Email session token' }),
  firebaseIdToken: requiredText('Phone verification is required', { maxLength: 8192, label: 'Phone verification token' }),
  phone: VerificationPhone,
});
export type VerifyPhoneRequest = t.TypeOf<typeof VerifyPhoneRequest>;

const startsVerified = (value: string): boolean => value.startsWith(VERIFIED_TOKEN_PREFIX);

/** The X-Verification-Token header: must start with 'verified_', else 'Authentication Error'. */
export const VerificationTokenHeader = requiredText(AUTHENTICATION_ERROR, {
  checks: [check(startsVerified, AUTHENTICATION_ERROR)],
  maxLength: TEXT_LIMITS.token,
  unsafeMessage: AUTHENTICATION_ERROR,
});
export type VerificationTokenHeader = t.TypeOf<typeof VerificationTokenHeader>;

/**
 * The guest's stored verification as the enrollment wizard checks it: both email and phone
 * verified and a token starting with 'verified_', else 'Authentication Error'.
 */
export const GuestEnrollmentVerification = form('GuestEnrollmentVerification', {
  dualVerificationToken: VerificationTokenHeader,
  verifiedEmail: requiredText(AUTHENTICATION_ERROR, { maxLength: TEXT_LIMITS.email, unsafeMessage: AUTHENTICATION_ERROR }),
  verifiedPhone: requiredText(AUTHENTICATION_ERROR, { maxLength: 32, unsafeMessage: AUTHENTICATION_ERROR }),
});
export type GuestEnrollmentVerification = t.TypeOf<typeof GuestEnrollmentVerification>;

/** The guest booking path: a token starting with 'verified_' and a non-empty phone. */
export const GuestBookingVerification = form('GuestBookingVerification', {
  dualVerificationToken: requiredText(VERIFICATION_REQUIRED, {
    checks: [check(startsVerified, VERIFICATION_REQUIRED)],
    maxLength: TEXT_LIMITS.token,
    unsafeMessage: VERIFICATION_REQUIRED,
  }),
  verifiedPhone: requiredText(VERIFICATION_REQUIRED, { maxLength: 32, unsafeMessage: VERIFICATION_REQUIRED }),
});
export type GuestBookingVerification = t.TypeOf<typeof GuestBookingVerification>;

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * send-otp: `testMode` when codes are not really sent (the otp step is then skipped; only then
 * is there a `sessionToken`, which this API never sends); `expiresAt` (the code) and
 * `resendAvailableAt` (ISO 8601) drive the code window's countdown and Resend Code.
 */
export const SendEmailOtpResponse = t.intersection(
  [t.type({ testMode: t.boolean }), t.partial({ message: t.string, expiresAt: t.string, resendAvailableAt: t.string, sessionToken: t.string })],
  'SendEmailOtpResponse',
);
export type SendEmailOtpResponse = t.TypeOf<typeof SendEmailOtpResponse>;

/** verify-otp: the email session (30 minutes) the phone step sends back; `expiresAt` ISO 8601. */
export const VerifyEmailOtpResponse = t.intersection(
  [t.type({ sessionToken: t.string }), t.partial({ expiresAt: t.string })],
  'VerifyEmailOtpResponse',
);
export type VerifyEmailOtpResponse = t.TypeOf<typeof VerifyEmailOtpResponse>;

export const CheckEmailSessionResponse = t.type({ verified: t.boolean }, 'CheckEmailSessionResponse');
export type CheckEmailSessionResponse = t.TypeOf<typeof CheckEmailSessionResponse>;

/** The server-signed guest token (starts with 'verified_') and when it stops being valid (ISO 8601). */
export const VerifyPhoneResponse = t.type(
  { verificationToken: t.string, expiresAt: t.string, email: t.string, phone: t.string },
  'VerifyPhoneResponse',
);
export type VerifyPhoneResponse = t.TypeOf<typeof VerifyPhoneResponse>;

/** GET /api/guest/session: the guest token holds (a refused one is a 401 'Verification Expired'). */
export const GuestSessionResponse = t.type(
  { verified: t.boolean, email: t.string, phone: t.string, expiresAt: t.string },
  'GuestSessionResponse',
);
export type GuestSessionResponse = t.TypeOf<typeof GuestSessionResponse>;
