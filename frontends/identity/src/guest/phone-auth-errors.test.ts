import { describe, expect, it } from '@jest/globals';
import { needsNewCode, phoneAuthErrorMessage } from './phone-auth-errors.ts';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('phoneAuthErrorMessage', () => {
  it("maps the phone service's codes to the spec's words", () => {
    expect(phoneAuthErrorMessage(failure('auth/invalid-phone-number'))).toBe('Please enter a valid phone number');
    expect(phoneAuthErrorMessage(failure('auth/too-many-requests'))).toBe('Too many attempts. Please try again later');
    expect(phoneAuthErrorMessage(failure('auth/invalid-verification-code'))).toBe('Invalid verification code. Please try again');
    expect(phoneAuthErrorMessage(failure('auth/code-expired'))).toBe('Verification code has expired. Please request a new one');
    expect(phoneAuthErrorMessage(failure('auth/missing-phone-number'))).toBe('Phone number is required');
    expect(phoneAuthErrorMessage(failure('auth/internal-error'))).toMatch(/configuration/);
    expect(phoneAuthErrorMessage(failure('auth/firebase-app-check-token-is-invalid'))).toBe(
      'Security verification failed. Please refresh the page and try again.',
    );
    expect(phoneAuthErrorMessage(failure('auth/captcha-check-failed'))).toBe('reCAPTCHA verification failed. Please refresh the page and try again.');
    expect(phoneAuthErrorMessage(failure('auth/invalid-app-credential'))).toBe('reCAPTCHA verification failed. Please refresh the page and try again.');
    expect(phoneAuthErrorMessage(failure('auth/recaptcha-not-enabled'))).toBe('Phone verification is not properly configured.');
    expect(phoneAuthErrorMessage(failure('auth/unauthorized-domain'))).toMatch(/not allowed on this website address/);
    expect(phoneAuthErrorMessage(failure('auth/network-request-failed'))).toBe('Phone verification service is temporarily unavailable');
    expect(phoneAuthErrorMessage(failure('auth/invalid-verification-id'))).toBe('No verification in progress. Please request a new code.');
  });

  it("falls back to 'Phone verification failed. Please try again'", () => {
    expect(phoneAuthErrorMessage(failure('auth/something-new'))).toBe('Phone verification failed. Please try again');
    expect(phoneAuthErrorMessage(new Error('boom'))).toBe('Phone verification failed. Please try again');
    expect(phoneAuthErrorMessage(null)).toBe('Phone verification failed. Please try again');
  });

  it('says when only a new code helps', () => {
    expect(needsNewCode(failure('auth/code-expired'))).toBe(true);
    expect(needsNewCode(failure('auth/invalid-verification-code'))).toBe(false);
  });
});
