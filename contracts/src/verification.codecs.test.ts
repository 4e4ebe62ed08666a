import { describe, expect, it } from '@jest/globals';
import {
  CheckEmailSessionRequest,
  CheckEmailSessionResponse,
  EmailCode,
  EmailCodeForm,
  EmailVerificationForm,
  GuestBookingVerification,
  GuestEnrollmentVerification,
  GuestSessionResponse,
  PhoneVerificationForm,
  SecurityCheckForm,
  SendEmailOtpRequest,
  SendEmailOtpResponse,
  SmsCode,
  SmsCodeForm,
  VerificationEmail,
  VerificationPhone,
  VerificationTokenHeader,
  VerifyEmailOtpRequest,
  VerifyEmailOtpResponse,
  VerifyPhoneRequest,
  VerifyPhoneResponse,
} from './verification.codecs.ts';
import { expectOnlyError, expectValid } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const verified = { dualVerificationToken: 'verified_abc', verifiedEmail: 'ann@example.com', verifiedPhone: '+14015550101' };

describe('verification inputs: one test per message (enrollment-and-payment §5 "Verification inputs", booking §5)', () => {
  const cases: ReadonlyArray<MessageCase> = [
    ['Phone number is required', PhoneVerificationForm, { phone: '' }, 'phone'],
    ['Phone number must be at least 10 digits', PhoneVerificationForm, { phone: '401-555-010' }, 'phone'],
    ['Please enter a valid phone number', PhoneVerificationForm, { phone: '0401555010' }, 'phone'],
    ['SMS code must be exactly 6 digits', SmsCodeForm, { code: '12345' }, 'code'],
    ['SMS code must contain only numbers', SmsCodeForm, { code: '12a456' }, 'code'],
    ['SMS code is required', SmsCodeForm, {}, 'code'],
    ['Please enter a valid email address', EmailVerificationForm, { email: 'ann@' }, 'email'],
    ['Email is required', EmailVerificationForm, { email: ' ' }, 'email'],
    ['Verification code must be exactly 6 digits', EmailCodeForm, { code: '1234567' }, 'code'],
    ['Verification code is required', EmailCodeForm, {}, 'code'],
    // enrollment-and-payment §5 Eligibility: the guest token must start with verified_
    ['Authentication Error', GuestEnrollmentVerification, { ...verified, dualVerificationToken: 'abc' }, 'dualVerificationToken'],
    // booking-dashboard-staff §5: guest booking needs a verified_ token and a phone
    [
      'Verification Required - Both email and phone verification are required. Please complete both steps.',
      GuestBookingVerification,
      { dualVerificationToken: 'verified_abc', verifiedPhone: '' },
      'verifiedPhone',
    ],
    // booking-dashboard-staff §5: the security check on login
    ['Please complete security verification to continue', SecurityCheckForm, {}, 'cf-turnstile-response'],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });

  it('Authentication Error also when the phone or email was not verified', () => {
    expectOnlyError(GuestEnrollmentVerification, { ...verified, verifiedPhone: '' }, 'verifiedPhone', 'Authentication Error');
    expectOnlyError(GuestEnrollmentVerification, { ...verified, verifiedEmail: null }, 'verifiedEmail', 'Authentication Error');
  });

  it('Verification Required also when the token is not verified_', () => {
    expectOnlyError(
      GuestBookingVerification,
      { dualVerificationToken: 'dev_abc', verifiedPhone: '+14015550101' },
      'dualVerificationToken',
      'Verification Required - Both email and phone verification are required. Please complete both steps.',
    );
  });
});

describe('verification normalisation', () => {
  it('phone: digits kept, +1 added to a 10-digit number', () => {
    expect(expectValid(VerificationPhone, '(401) 555-0101')).toBe('+14015550101');
  });

  it('phone: an international number keeps its country code', () => {
    expect(expectValid(VerificationPhone, '+44 20 7946 0958')).toBe('+442079460958');
    expect(expectValid(VerificationPhone, '1 401 555 0101')).toBe('+14015550101');
  });

  it('phone: more than 15 digits is not a valid number', () => {
    expect(() => expectValid(VerificationPhone, '4015550101123456')).toThrow('Please enter a valid phone number');
  });

  it('email and codes are trimmed', () => {
    expect(expectValid(VerificationEmail, ' ann@example.com ')).toBe('ann@example.com');
    expect(expectValid(SmsCode, ' 123456 ')).toBe('123456');
    expect(expectValid(EmailCode, '654321')).toBe('654321');
  });
});

describe('verification requests: valid inputs', () => {
  it('POST /api/verify-email/send-otp with and without the human-check token', () => {
    expect(expectValid(SendEmailOtpRequest, { email: 'ann@example.com' })).toEqual({ email: 'ann@example.com' });
    expect(expectValid(SendEmailOtpRequest, { email: 'ann@example.com', 'cf-turnstile-response': 'tok' })).toEqual({
      email: 'ann@example.com',
      'cf-turnstile-response': 'tok',
    });
  });

  it('POST /api/verify-email/verify-otp', () => {
    expect(expectValid(VerifyEmailOtpRequest, { email: 'ann@example.com', code: '123456', 'cf-turnstile-response': 'tok' })).toEqual({
      email: 'ann@example.com',
      code: '123456',
      'cf-turnstile-response': 'tok',
    });
  });

  it('POST /api/verify-email/verify-otp: code rules apply', () => {
    expectOnlyError(VerifyEmailOtpRequest, { email: 'ann@example.com', code: '12' }, 'code', 'Verification code must be exactly 6 digits');
  });

  it('POST /api/verify-email/check-session', () => {
    expect(expectValid(CheckEmailSessionRequest, { email: 'ann@example.com' })).toEqual({ email: 'ann@example.com' });
  });

  it('POST /api/verify-phone', () => {
    expect(expectValid(VerifyPhoneRequest, { emailSessionToken: 's', firebaseIdToken: 'firebase-id-token', phone: '(401) 555-0111' })).toEqual({
      emailSessionToken: 's',
      firebaseIdToken: 'firebase-id-token',
      phone: '+14015550111',
    });
  });

  it('the verification header and stored verification', () => {
    expect(expectValid(VerificationTokenHeader, 'verified_x')).toBe('verified_x');
    expect(expectValid(GuestEnrollmentVerification, verified)).toEqual(verified);
    expect(expectValid(SecurityCheckForm, { 'cf-turnstile-response': 'tok' })).toEqual({ 'cf-turnstile-response': 'tok' });
  });

  it('answers', () => {
    expectValid(SendEmailOtpResponse, { testMode: false });
    expectValid(SendEmailOtpResponse, {
      testMode: false,
      message: 'Verification code sent',
      expiresAt: '2026-01-01T00:15:00.000Z',
      resendAvailableAt: '2026-01-01T00:02:00.000Z',
    });
    expectValid(VerifyEmailOtpResponse, { sessionToken: 's' });
    expectValid(VerifyEmailOtpResponse, { sessionToken: 's', expiresAt: '2026-01-01T00:30:00.000Z' });
    expectValid(GuestSessionResponse, { verified: true, email: 'ann@example.com', phone: '+14015550111', expiresAt: '2026-01-01T00:30:00.000Z' });
    expectValid(CheckEmailSessionResponse, { verified: true });
    expectValid(VerifyPhoneResponse, { verificationToken: 'verified_x', expiresAt: '2026-01-01T00:30:00.000Z', email: 'ann@example.com', phone: '+14015550111' });
  });
});
