import { describe, expect, it } from '@jest/globals';
import { LAST_SEEN_RESOLUTION_MS, SESSION_IDLE_TIMEOUT_MS, isSessionActive, needsActivityMark } from './patient-session.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26, 12) + ms);

describe('activity to the minute', () => {
  it('records a request a minute or more after the last mark, not one sooner', () => {
    const session = { lastSeenAt: at(0) };
    expect(needsActivityMark(session, at(LAST_SEEN_RESOLUTION_MS - 1))).toBe(false);
    expect(needsActivityMark(session, at(LAST_SEEN_RESOLUTION_MS))).toBe(true);
  });

  it('so a session ends at most a minute early, never late: 30 idle minutes from the last mark', () => {
    const session = { lastSeenAt: at(0), absoluteExpiresAt: at(12 * 3_600_000), revokedAt: null };
    // The last request came 59 s after the mark and wrote nothing; the session ends 30 min after the mark.
    expect(isSessionActive(session, at(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(isSessionActive(session, at(SESSION_IDLE_TIMEOUT_MS))).toBe(false);
  });
});
