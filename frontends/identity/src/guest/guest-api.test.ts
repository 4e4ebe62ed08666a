import { describe, expect, it } from '@jest/globals';
import { ApiContractError, ApiError } from '@portal/client';
import { attemptsText, sendCodeFailure, verifyCodeFailure, verifyPhoneFailure } from './guest-api.ts';

const answer = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), '');

describe('send-otp failures', () => {
  it('puts a validation message beside the email field', () => {
    expect(
      sendCodeFailure(answer(400, { error: 'Validation failed', message: 'Please enter a valid email address', errors: [{ field: 'email', message: 'Please enter a valid email address' }] })),
    ).toEqual({ message: 'Please enter a valid email address', field: 'email' });
  });

  it('shows a refused or missing human check there (and asks for a reset)', () => {
    expect(sendCodeFailure(answer(403, { error: 'Please complete security verification to continue' }))).toEqual({
      message: 'Please complete security verification to continue',
      securityCheck: true,
    });
  });

  it("shows the server's message for too many requests, with when to try again", () => {
    expect(sendCodeFailure(answer(429, { error: 'Too many requests', message: 'Too many attempts. Please try again later', retryAfterSeconds: 95 }))).toEqual({
      message: 'Too many attempts. Please try again later',
      retryAfterSeconds: 95,
    });
  });

  it("says 'Failed to send verification code' (or the resend text) otherwise", () => {
    expect(sendCodeFailure(answer(502, { error: 'Bad gateway' }))).toEqual({ message: 'Failed to send verification code' });
    expect(sendCodeFailure(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to send verification code' });
    expect(sendCodeFailure(answer(500, ''), 'Failed to resend verification code. Please try again.')).toEqual({
      message: 'Failed to resend verification code. Please try again.',
    });
  });
});

describe('verify-otp failures', () => {
  it('shows a wrong code beside the field with the attempts left', () => {
    expect(verifyCodeFailure(answer(400, { error: 'Invalid verification code. Please try again.', attemptsRemaining: 2 }))).toEqual({
      message: 'Invalid verification code. Please try again.',
      field: 'code',
      attemptsRemaining: 2,
    });
    expect(verifyCodeFailure(answer(400, {}))).toEqual({ message: 'Invalid verification code. Please try again.', field: 'code' });
    expect(verifyCodeFailure(answer(400, { error: 'x', attemptsRemaining: 0 })).codeDead).toBe(true);
    expect(attemptsText(2)).toBe('You have 2 attempts remaining.');
    expect(attemptsText(1)).toBe('You have 1 attempt remaining.');
  });

  it('marks an expired or exhausted code as dead', () => {
    expect(verifyCodeFailure(answer(410, { error: 'Verification code has expired. Please request a new one' }))).toEqual({
      message: 'Verification code has expired. Please request a new one',
      codeDead: true,
    });
    expect(verifyCodeFailure(answer(429, { error: 'Too many requests', message: 'Too many attempts. Please try again later', retryAfterSeconds: 120 }))).toEqual({
      message: 'Too many attempts. Please try again later',
      codeDead: true,
      retryAfterSeconds: 120,
    });
  });

  it("says 'Failed to verify code' otherwise", () => {
    expect(verifyCodeFailure(answer(500, 'oops'))).toEqual({ message: 'Failed to verify code' });
  });
});

describe('verify-phone failures', () => {
  it("shows the server's message", () => {
    expect(verifyPhoneFailure(answer(401, { error: 'Phone verification failed', message: 'Phone verification failed. Please try again' }))).toEqual({
      message: 'Phone verification failed. Please try again',
    });
    expect(verifyPhoneFailure(answer(500, ''))).toEqual({ message: 'Phone verification failed. Please try again' });
  });

  it('sends the guest back to the email when the email verification expired', () => {
    expect(
      verifyPhoneFailure(answer(401, { error: 'Session Expired', message: 'Your email verification has expired. Please verify your email again.' })),
    ).toEqual({ message: 'Your email verification has expired. Please verify your email again.', emailExpired: true });
  });
});

describe('an answer the page cannot read (ApiContractError)', () => {
  it('gets the generic text of each step, never the field names', () => {
    const unreadable = (path: string) => new ApiContractError('POST', path, ['sessionToken']);
    expect(sendCodeFailure(unreadable('/api/verify-email/send-otp'))).toEqual({ message: 'Failed to send verification code' });
    expect(verifyCodeFailure(unreadable('/api/verify-email/verify-otp'))).toEqual({ message: 'Failed to verify code' });
    expect(verifyPhoneFailure(unreadable('/api/verify-phone'))).toEqual({ message: 'Phone verification failed. Please try again' });
  });
});
