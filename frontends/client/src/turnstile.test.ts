import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from './storage.ts';
import {
  TURNSTILE_TOKEN_KEY,
  TURNSTILE_TOKEN_MAX_AGE_MS,
  clearStoredTurnstileToken,
  readStoredTurnstileToken,
  securityCheckReadiness,
  storeTurnstileToken,
} from './turnstile.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('the stored human-check token', () => {
  it("is kept in session storage under a 'portal:' key and read back while fresh", () => {
    const storage = memoryStorage();
    storeTurnstileToken(storage, 'XXXX.DUMMY.TOKEN.XXXX', NOW);
    expect(TURNSTILE_TOKEN_KEY.startsWith('portal:')).toBe(true);
    expect(readStoredTurnstileToken(storage, NOW + 1000)).toBe('XXXX.DUMMY.TOKEN.XXXX');
  });

  it('is dropped once stale (tokens live about 300 s) or unreadable', () => {
    const storage = memoryStorage();
    storeTurnstileToken(storage, 'token', NOW);
    expect(readStoredTurnstileToken(storage, NOW + TURNSTILE_TOKEN_MAX_AGE_MS)).toBeNull();
    expect(storage.getItem(TURNSTILE_TOKEN_KEY)).toBeNull();
    storage.setItem(TURNSTILE_TOKEN_KEY, 'not json');
    expect(readStoredTurnstileToken(storage, NOW)).toBeNull();
    storeTurnstileToken(storage, 'token', NOW);
    clearStoredTurnstileToken(storage);
    expect(readStoredTurnstileToken(storage, NOW)).toBeNull();
    expect(readStoredTurnstileToken(null, NOW)).toBeNull();
  });
});

describe('a press that needs the human check (issue 23: a click before the check answered was swallowed)', () => {
  it('goes at once with a token, or when the check is off', () => {
    expect(securityCheckReadiness(true, 'verified', 'token')).toBe('ready');
    expect(securityCheckReadiness(false, 'off', null)).toBe('ready');
  });

  it('waits while the widget loads, waits to be solved or restarts after its token expired', () => {
    expect(securityCheckReadiness(true, 'loading', null)).toBe('waiting');
    expect(securityCheckReadiness(true, 'ready', null)).toBe('waiting');
    expect(securityCheckReadiness(true, 'expired', null)).toBe('waiting');
  });

  it('fails after an error or when the script could not load, so the form says why', () => {
    expect(securityCheckReadiness(true, 'error', null)).toBe('failed');
    expect(securityCheckReadiness(true, 'unavailable', null)).toBe('failed');
  });
});
