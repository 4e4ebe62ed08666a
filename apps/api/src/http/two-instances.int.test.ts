/**
 * Two API instances on one database behave as one service: sessions, codes, limits and the
 * signing secret all live in PostgreSQL (docs/deploy.md).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { startApi, type RunningApi } from '../server.ts';
import { CookieJar, signIn } from '../../../../tools/src/testing/sign-in.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { capturingLogger } from '@portal/composition/testing.ts';

let portal: TestPortal;
let second: RunningApi;

beforeAll(async () => {
  portal = await startTestPortal();
  second = await startApi({ databaseUrl: portal.db.url, port: 0, env: portal.env, logger: capturingLogger().logger });
}, 60_000);
afterAll(async () => {
  await second.close();
  await portal.close();
});

/** One browser: its device cookie goes to whichever instance answers (both sit behind one origin in production). */
const jar = new CookieJar();

const post = async (base: string, path: string, body: unknown) => {
  const cookie = jar.header();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  jar.store(response);
  return { status: response.status, body: await response.json() };
};

describe('two API instances on one database', () => {
  it('share sessions: signed in through one, recognised by the other', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
    const cookie = browser.jar.get('portal_session')!;
    const response = await fetch(`${second.url}/api/auth/session`, { headers: { Cookie: `portal_session=${cookie}` } });
    expect(await response.json()).toMatchObject({ isAuthenticated: true, patientName: 'Margaret Sullivan' });
  });

  it('share a sign-out, though each keeps sessions in memory: the other instance refuses it as soon as the change notification arrives (decision 0033)', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
    const cookie = `portal_session=${browser.jar.get('portal_session')!}`;
    const read = (base: string) => fetch(`${base}/api/auth/session`, { headers: { Cookie: cookie } });
    // Both instances have read (and keep) the session…
    for (const base of [portal.url, second.url, portal.url, second.url]) expect((await read(base)).status).toBe(200);
    // …then it ends through one: that one refuses it at once, the other within milliseconds.
    const logout = await fetch(`${portal.url}/api/auth/logout`, { method: 'POST', headers: { Cookie: cookie, Origin: portal.url, 'Content-Type': 'application/json' }, body: '{}' });
    expect(logout.status).toBeLessThan(400);
    expect((await read(portal.url)).status).toBe(401);
    const ended = Date.now();
    while ((await read(second.url)).status !== 401) {
      expect(Date.now() - ended).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('share codes, signed tokens and limits', async () => {
    const token = (await (await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) })).json()) as { token: string };
    expect((await post(portal.url, '/api/verify-email/send-otp', { email: 'two@example.com', 'cf-turnstile-response': token.token })).status).toBe(200);
    const inbox = (await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=two@example.com`)).json()) as Array<{ code: string }>;
    const verified = await post(second.url, '/api/verify-email/verify-otp', { email: 'two@example.com', code: inbox[0]!.code });
    expect(verified.status).toBe(200);
    const check = await fetch(`${portal.url}/api/verify-email/check-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: portal.url, 'X-Email-Session': verified.body.sessionToken },
      body: JSON.stringify({ email: 'two@example.com' }),
    });
    expect(await check.json()).toEqual({ verified: true });
    // The resend lock set through one instance holds on the other.
    const token2 = (await (await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) })).json()) as { token: string };
    const locked = await post(second.url, '/api/verify-email/send-otp', { email: 'two@example.com', 'cf-turnstile-response': token2.token });
    expect(locked.status).toBe(429);
  });
});
