import { describe, expect, it } from '@jest/globals';
import { ApiError, memoryStorage, storageKeys } from '@portal/ui';
import {
  checkStaffCode,
  checkStaffEmail,
  clearStaffSession,
  codeInput,
  readStaffSession,
  saveStaffSession,
  sendCodeFailure,
  sendCodeRequest,
  sessionEndsAt,
} from './staff-session.ts';

describe('the stored staff session', () => {
  it('keeps staff_session_token and staff_email', () => {
    const storage = memoryStorage({ other: '1' });
    expect(readStaffSession(storage)).toBeNull();
    saveStaffSession(storage, { token: 'token-1', email: 'nurse@practice.example' });
    expect(storage.getItem('staff_session_token')).toBe('token-1');
    expect(storage.getItem('staff_email')).toBe('nurse@practice.example');
    expect(readStaffSession(storage)).toEqual({ token: 'token-1', email: 'nurse@practice.example' });
    clearStaffSession(storage);
    expect(storageKeys(storage)).toEqual(['other']);
    expect(readStaffSession(null)).toBeNull();
  });

  it('needs both keys', () => {
    expect(readStaffSession(memoryStorage({ staff_session_token: 't' }))).toBeNull();
  });
});

describe('staff form checks', () => {
  it('lowercases and trims the email, with the form messages', () => {
    expect(checkStaffEmail('  Nurse@Practice.Example ')).toEqual({ ok: true, value: 'nurse@practice.example' });
    expect(checkStaffEmail('')).toEqual({ ok: false, message: 'Email is required' });
    expect(checkStaffEmail('nurse@')).toEqual({ ok: false, message: 'Please enter a valid email address' });
  });

  it('needs a 6-character code', () => {
    expect(checkStaffCode('123456')).toEqual({ ok: true, value: '123456' });
    expect(checkStaffCode('')).toEqual({ ok: false, message: 'Verification code is required' });
    expect(checkStaffCode('12345')).toEqual({ ok: false, message: 'Verification code must be 6 characters' });
    expect(codeInput(' 12 34-56 7')).toBe('123456');
  });
});

describe('sessionEndsAt', () => {
  it('shows the end of the session as a time', () => {
    expect(sessionEndsAt('2025-06-01T16:32:00Z', 'en-US')).toMatch(/^\d{1,2}:32 (AM|PM)$/);
    expect(sessionEndsAt(null)).toBeNull();
    expect(sessionEndsAt('nope')).toBeNull();
  });
});

describe('sending the code', () => {
  it("sends the human check's token as cf-turnstile-response, and none when the check is off", () => {
    expect(sendCodeRequest('nurse@practice.example', 'token-1')).toEqual({ email: 'nurse@practice.example', 'cf-turnstile-response': 'token-1' });
    expect(sendCodeRequest('nurse@practice.example', null)).toEqual({ email: 'nurse@practice.example' });
  });

  const refused = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), 'Refused');

  it('a refused human check (403, or a 400 about the token) is shown at the check', () => {
    expect(sendCodeFailure(refused(403, { error: 'Please complete security verification to continue' }))).toEqual({
      kind: 'security-check',
      message: 'Please complete security verification to continue',
    });
    expect(sendCodeFailure(new ApiError(403, '', 'Forbidden'))).toEqual({ kind: 'security-check', message: 'Please complete security verification to continue' });
    expect(
      sendCodeFailure(refused(400, { error: 'Validation failed', errors: [{ field: 'cf-turnstile-response', message: 'Please complete security verification to continue' }] })),
    ).toEqual({ kind: 'security-check', message: 'Please complete security verification to continue' });
  });

  it("too many sends show the server's message; anything else the spec's message", () => {
    expect(sendCodeFailure(refused(429, { error: 'Too many requests', message: 'Too many attempts. Please try again later.' }))).toEqual({
      kind: 'form',
      message: 'Too many attempts. Please try again later.',
    });
    expect(sendCodeFailure(refused(500, { error: 'Internal' }))).toEqual({ kind: 'form', message: 'Failed to send verification code' });
    expect(sendCodeFailure(refused(400, { error: 'Validation failed', errors: [{ field: 'email', message: 'Please enter a valid email address' }] }))).toEqual({
      kind: 'form',
      message: 'Failed to send verification code',
    });
    expect(sendCodeFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'form', message: 'Failed to send verification code' });
  });
});
