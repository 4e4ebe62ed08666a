import { describe, expect, it } from '@jest/globals';
import { ApiContractError, ApiError, createApiClient, memoryStorage, storageKeys } from '@portal/client';
import { sendCodeRequest } from './staff-api.ts';
import {
  UNREADABLE_ANSWER,
  checkStaffCode,
  checkStaffSession,
  checkStaffEmail,
  clearStaffSession,
  codeInput,
  readStaffSession,
  saveStaffSession,
  sendCodeFailure,
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

  it('an answer the page cannot read shows the generic error', () => {
    expect(sendCodeFailure(new ApiContractError('POST', '/api/staff/send-otp', ['sessionToken']))).toEqual({ kind: 'form', message: UNREADABLE_ANSWER });
  });
});

describe('checking a stored session', () => {
  const session = { token: 'token-1', email: 'nurse@practice.example' };
  const answering = (status: number, body: unknown) => {
    const requests: Array<{ path: string; headers: Headers; body: unknown }> = [];
    const client = createApiClient({
      fetch: async (input, init) => {
        requests.push({ path: String(input), headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      },
      storage: () => null,
      onSessionExpired: () => undefined,
    });
    return { client, requests };
  };

  it('asks with the bearer token and the address, and keeps the end of the session', async () => {
    const { client, requests } = answering(200, { valid: true, email: 'nurse@practice.example', expiresAt: '2026-11-25T23:00:00.000Z' });
    await expect(checkStaffSession(client, session)).resolves.toEqual({ kind: 'valid', email: 'nurse@practice.example', expiresAt: '2026-11-25T23:00:00.000Z' });
    expect(requests[0]?.path).toBe('/api/staff/verify-session');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0]?.body).toEqual({ email: 'nurse@practice.example' });
  });

  it('an ended session (401) is invalid, to be cleared silently', async () => {
    await expect(checkStaffSession(answering(401, { error: 'Session expired', message: 'Please sign in again.' }).client, session)).resolves.toEqual({ kind: 'invalid' });
  });

  it('an answer the page cannot read is thrown as ApiContractError and reported by field name', async () => {
    const { client, requests } = answering(200, { valid: 'yes', email: 'nurse@practice.example' });
    await expect(checkStaffSession(client, session)).rejects.toBeInstanceOf(ApiContractError);
    const report = requests.find((request) => request.path === '/api/client-errors');
    expect(report?.body).toEqual({ kind: 'contract-mismatch', method: 'POST', path: '/api/staff/verify-session', fields: ['valid', 'expiresAt'] });
  });
});
