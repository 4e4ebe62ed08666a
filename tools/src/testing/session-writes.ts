/**
 * Tests that change a session row straight in PostgreSQL (as a DBA or an older release would)
 * meet the API's session cache (decision 0033): the change reaches it by a notification, a few
 * milliseconds later on a quiet machine, later under load. A request sent at once may still be
 * answered from the cached row. So such a test asks again until the API answers as the changed
 * row says, and fails if that takes longer than the cache's own bound (its 2-second time to
 * live, which covers even a lost notification), plus a margin for a loaded machine.
 */
export const SESSION_CHANGE_VISIBLE_MS = 5_000;

/** Calls `attempt` until `done` accepts its answer (then returns it), or throws after `timeoutMs`. */
export const untilSessionChangeSeen = async <T>(attempt: () => Promise<T>, done: (answer: T) => boolean, timeoutMs = SESSION_CHANGE_VISIBLE_MS): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await attempt();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Waits until the API, asked with this page's cookies, reports the session expiring within `withinMs` (after a test moved its expiry in PostgreSQL). */
export const untilApiSeesExpiry = async (page: { request: { get(url: string): Promise<{ json(): Promise<unknown> }> } }, apiUrl: string, withinMs: number): Promise<void> => {
  const expiresAt = async () => {
    const body = (await (await page.request.get(`${apiUrl}/api/auth/status`)).json()) as { sessionInfo?: { expiresAt?: string } | null };
    return Date.parse(body.sessionInfo?.expiresAt ?? '');
  };
  const seen = await untilSessionChangeSeen(expiresAt, (at) => at <= Date.now() + withinMs);
  if (!(seen <= Date.now() + withinMs)) throw new Error(`the API did not see the session's new expiry within ${SESSION_CHANGE_VISIBLE_MS} ms`);
};
