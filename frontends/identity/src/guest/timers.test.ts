import { describe, expect, it } from '@jest/globals';
import {
  EMAIL_CODE_VALIDITY_MS,
  canResendEmailCode,
  clock,
  countdownAnnouncement,
  emailCodeWindow,
  isEmailCodeExpired,
  secondsUntil,
  smsResendSeconds,
  spokenDuration,
} from './timers.ts';

const T0 = Date.parse('2025-06-01T12:00:00Z');
const MINUTE = 60_000;

describe('the email code window', () => {
  it("uses the server's expiresAt: 15 minutes, Resend Code from 13 minutes left", () => {
    const window = emailCodeWindow({ expiresAt: new Date(T0 + 15 * MINUTE).toISOString() }, T0);
    expect(window).toEqual({ expiresAt: T0 + 15 * MINUTE, resendAt: T0 + 2 * MINUTE });
  });

  it('counts from receipt when the answer has no usable expiresAt or the clocks disagree', () => {
    expect(emailCodeWindow({}, T0).expiresAt).toBe(T0 + EMAIL_CODE_VALIDITY_MS);
    expect(emailCodeWindow({ expiresAt: 'soon' }, T0).expiresAt).toBe(T0 + EMAIL_CODE_VALIDITY_MS);
    expect(emailCodeWindow({ expiresAt: new Date(T0 + 3 * 60 * MINUTE).toISOString() }, T0).expiresAt).toBe(T0 + EMAIL_CODE_VALIDITY_MS);
    expect(emailCodeWindow({ expiresAt: new Date(T0 - MINUTE).toISOString() }, T0).expiresAt).toBe(T0 + EMAIL_CODE_VALIDITY_MS);
    expect(emailCodeWindow(undefined, T0).resendAt).toBe(T0 + 2 * MINUTE);
  });

  it('keeps Resend Code disabled for the first 2 minutes (enabled at 13 minutes or less remaining)', () => {
    const window = emailCodeWindow(null, T0);
    expect(canResendEmailCode(window, T0)).toBe(false);
    expect(canResendEmailCode(window, T0 + 2 * MINUTE - 1)).toBe(false);
    expect(canResendEmailCode(window, T0 + 2 * MINUTE)).toBe(true);
    expect(isEmailCodeExpired(window, T0 + 15 * MINUTE - 1)).toBe(false);
    expect(isEmailCodeExpired(window, T0 + 15 * MINUTE)).toBe(true);
  });

  it('counts down in whole seconds, never below zero', () => {
    expect(secondsUntil(T0 + 15 * MINUTE, T0)).toBe(900);
    expect(secondsUntil(T0 + 1500, T0)).toBe(2);
    expect(secondsUntil(T0, T0 + 5000)).toBe(0);
  });
});

describe('the SMS resend cooldown', () => {
  it('is 60 seconds from the last send', () => {
    expect(smsResendSeconds(null, T0)).toBe(0);
    expect(smsResendSeconds(T0, T0)).toBe(60);
    expect(smsResendSeconds(T0, T0 + 59_001)).toBe(1);
    expect(smsResendSeconds(T0, T0 + 60_000)).toBe(0);
  });
});

describe('countdown texts', () => {
  it('shows m:ss and speaks minutes and seconds', () => {
    expect(clock(900)).toBe('15:00');
    expect(clock(65)).toBe('1:05');
    expect(clock(-3)).toBe('0:00');
    expect(spokenDuration(899)).toBe('14 minutes 59 seconds');
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(1)).toBe('1 second');
    expect(spokenDuration(0)).toBe('0 seconds');
  });

  it('announces only at a few marks, so nothing is read every second', () => {
    expect(countdownAnnouncement(900, 'The code')).toBe('');
    expect(countdownAnnouncement(600, 'The code')).toBe('The code expires in 10 minutes or less');
    expect(countdownAnnouncement(455, 'The code')).toBe('The code expires in 10 minutes or less');
    expect(countdownAnnouncement(300, 'The code')).toBe('The code expires in 5 minutes or less');
    expect(countdownAnnouncement(45, 'The code')).toBe('The code expires in 1 minute or less');
    expect(countdownAnnouncement(9, 'The code')).toBe('The code expires in 10 seconds or less');
    expect(countdownAnnouncement(0, 'The code')).toBe('The code has expired');
  });
});
