/**
 * Provider login end to end over HTTP: our API, the provider sandbox as athenahealth, a real
 * PostgreSQL. The sandbox's sign-in pages are driven through their forms.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { capturingLogger } from '@portal/composition/testing.ts';
import { startApi } from '../server.ts';
import { browserLike, signIn } from '../../../../tools/src/testing/sign-in.ts';
import { untilSessionChangeSeen } from '../../../../tools/src/testing/session-writes.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({ env: { ATHENA_TIMEOUT_MS: '1500' } });
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const sessions = async () => Number((await portal.db.knex('auth_sessions').count<{ count: string }[]>('* as count'))[0]!.count);
const faults = async (route: string, fault: Record<string, number>) =>
  fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route, ...fault }) });
const clearFaults = async () => fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });

describe('signing in with the health record', () => {
  it('signs an adult patient in and lands where they were going', async () => {
    const { portal: browser, landedAt } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret, redirect: '/enrollment' });
    expect(landedAt).toBe('/enrollment');
    const cookie = browser.jar.get('portal_session');
    expect(cookie).toMatch(/^[\w-]{43}$/);

    const session = await json(await browser.fetch(`${portal.url}/api/auth/session`));
    expect(session.body).toMatchObject({
      isAuthenticated: true,
      patientId: String(PATIENT_IDS.margaret),
      patientName: 'Margaret Sullivan',
      isCaregiver: false,
      caregiver: null,
      email: 'margaret.sullivan@example.com',
      birthDate: '1979-04-12',
    });

    const status = await json(await browser.fetch(`${portal.url}/api/auth/status`));
    expect(status.body.user).toMatchObject({ patientId: String(PATIENT_IDS.margaret), name: 'Margaret Sullivan' });
    const expiresIn = Date.parse(status.body.sessionInfo.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    const contacts = await json(await browser.fetch(`${portal.url}/api/oauth/patient-contacts`));
    expect(contacts.body.contacts).toEqual([
      { id: String(PATIENT_IDS.margaret), type: 'patient', displayName: 'Margaret Sullivan', displayEmail: 'margaret.sullivan@example.com', isCurrentPatient: true, relationship: null },
    ]);

    // Only the hash of the cookie's token is stored.
    const rows = await portal.db.knex('auth_sessions').select('id');
    expect(rows.some((row: { id: string }) => row.id === cookie)).toBe(false);
    const actions = (await portal.db.knex('audit_logs').where({ userId: String(PATIENT_IDS.margaret) }).select('action', 'hipaaRelevant')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['sign_in', 'read_session', 'read_auth_status', 'read_patient_contacts']));
  });

  it("lists a caregiver's linked dependents and lets her act for one", async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.carol, actFor: PATIENT_IDS.emma });
    const session = await json(await browser.fetch(`${portal.url}/api/auth/session`));
    expect(session.body).toMatchObject({ patientId: String(PATIENT_IDS.emma), patientName: 'Emma Bennett', isCaregiver: true, caregiver: { name: 'Carol Bennett' } });
    const contacts = await json(await browser.fetch(`${portal.url}/api/oauth/patient-contacts`));
    expect(contacts.body.contacts.map((contact: { displayName: string; isCurrentPatient: boolean; type: string }) => [contact.displayName, contact.type, contact.isCurrentPatient])).toEqual([
      ['Carol Bennett', 'patient', true],
      ['Harold Bennett', 'caregiver', false],
      ['Emma Bennett', 'caregiver', false],
    ]);
    expect(contacts.body.contacts[1].relationship).toBe('Parent');
    expect(contacts.body.contacts[2].relationship).toBe('Child');
  });

  it('switches account with a new session and ends the old one', async () => {
    const first = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.carol, actFor: PATIENT_IDS.carol });
    const oldCookie = first.portal.jar.get('portal_session')!;
    const switched = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.carol, actFor: PATIENT_IDS.harold, workflow: 'switch', redirect: '/dashboard' }, first.portal);
    expect(switched.landedAt).toBe('/dashboard');
    const newCookie = switched.portal.jar.get('portal_session')!;
    expect(newCookie).not.toBe(oldCookie);
    const session = await json(await switched.portal.fetch(`${portal.url}/api/auth/session`));
    expect(session.body.patientName).toBe('Harold Bennett');
    const old = await json(await fetch(`${portal.url}/api/auth/session`, { headers: { Cookie: `portal_session=${oldCookie}` } }));
    expect(old).toEqual({ status: 401, body: { error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true } });
    const switches = await portal.db.knex('audit_logs').where({ action: 'switch_account', userId: String(PATIENT_IDS.carol) });
    expect(switches.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a caregiver choosing a patient the health record does not link to her (403)', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
    const response = await browser.fetch(`${portal.url}/api/auth/update-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ practiceLocation: '1', workflowType: 'enrollment', selectedContactId: String(PATIENT_IDS.emma), selectedContactType: 'caregiver' }),
    });
    expect(response.status).toBe(403);
    const own = await browser.fetch(`${portal.url}/api/auth/update-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ practiceLocation: '1', workflowType: 'enrollment', selectedContactId: String(PATIENT_IDS.margaret), selectedContactType: 'patient' }),
    });
    expect(await json(own)).toEqual({ status: 200, body: { success: true } });
    const session = await json(await browser.fetch(`${portal.url}/api/auth/session`));
    expect(session.body.practiceLocation).toBe('1');
  });

  it('never redirects off the site after sign-in', async () => {
    const { landedAt } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret, redirect: '//evil.example/phish' });
    expect(landedAt).toBe('/dashboard');
  });
});

describe('a sign-in that must fail', () => {
  it('rejects a tampered state and writes no session', async () => {
    const before = await sessions();
    const started = browserLike();
    await started.fetch(`${portal.url}/api/auth/athena?workflow=dashboard&redirect=/dashboard`);
    const answer = await started.fetch(`${portal.url}/api/auth/callback?code=anything&state=tampered`);
    expect(answer.headers.get('location')).toMatch(/^\/login\?auth=error/);
    expect(await sessions()).toBe(before);
  });

  it('rejects a replayed callback (the state and the code are single use)', async () => {
    const { portal: browser, callbackUrl } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.jordan });
    const before = await sessions();
    const replay = await browser.fetch(callbackUrl);
    expect(replay.headers.get('location')).toMatch(/^\/login\?auth=error/);
    expect(await sessions()).toBe(before);
  });

  it("rejects a callback finished in another browser than the one that started it", async () => {
    const started = browserLike();
    const start = await started.fetch(`${portal.url}/api/auth/athena?workflow=dashboard&redirect=/dashboard`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const attacker = browserLike();
    const answer = await attacker.fetch(`${portal.url}/api/auth/callback?code=x&state=${encodeURIComponent(state)}`);
    expect(answer.headers.get('location')).toMatch(/^\/login\?auth=error/);
  });

  it('answers an ended session with the 401 the client understands', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.paul });
    await portal.db.knex('auth_sessions').update({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    // Asked again until the API's session cache has the changed row (a read within the minute writes nothing).
    const answer = await untilSessionChangeSeen(async () => json(await browser.fetch(`${portal.url}/api/oauth/patient-contacts`)), (seen) => seen.status === 401);
    expect(answer).toEqual({ status: 401, body: { error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true } });
  });

  it('records activity to the minute: requests within a minute write nothing, a later one and an extend do', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.jordan });
    const lastSeen = async () => ((await portal.db.knex('auth_sessions').whereNull('revokedAt').orderBy('createdAt', 'desc').first()) as { lastSeenAt: Date }).lastSeenAt.getTime();
    const marked = new Date(Date.now() - 30_000);
    await portal.db.knex('auth_sessions').whereNull('revokedAt').update({ lastSeenAt: marked });
    expect((await browser.fetch(`${portal.url}/api/oauth/patient-contacts`)).status).toBe(200);
    expect(await lastSeen()).toBe(marked.getTime());
    await portal.db.knex('auth_sessions').whereNull('revokedAt').update({ lastSeenAt: new Date(Date.now() - 61_000) });
    const before = Date.now();
    // Until the API's session cache has the changed row, a request still sees the activity of 30 s ago and writes nothing.
    await untilSessionChangeSeen(
      async () => {
        expect((await browser.fetch(`${portal.url}/api/oauth/patient-contacts`)).status).toBe(200);
        return lastSeen();
      },
      (seen) => seen >= before - 1,
    );
    expect(await lastSeen()).toBeGreaterThanOrEqual(before - 1);
    await portal.db.knex('auth_sessions').whereNull('revokedAt').update({ lastSeenAt: marked });
    const extended = await browser.fetch(`${portal.url}/api/auth/session/extend`, { method: 'POST', headers: { Origin: portal.url } });
    expect(extended.status).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(marked.getTime());
  });

  it('sends the user back to the login with an error when the health record fails, writing nothing', async () => {
    const before = await sessions();
    await faults('GET /v1/\\d+/patients/\\d+$', { errorRate: 1 });
    try {
      const { landedAt } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.olivia });
      expect(landedAt).toMatch(/^\/login\?auth=error/);
    } finally {
      await clearFaults();
    }
    expect(await sessions()).toBe(before);
  });

  it("sends the user back to the login with an error when the login's configuration cannot be read, writing nothing", async () => {
    // A fresh instance: the running one may hold the configuration from an earlier sign-in.
    const fresh = await startApi({ databaseUrl: portal.db.url, port: 0, env: portal.env, logger: capturingLogger().logger });
    await faults('GET /fhir/r4/\\.well-known/smart-configuration', { errorRate: 1 });
    try {
      const pending = Number((await portal.db.knex('pending_authorizations').count<{ count: string }[]>('* as count'))[0]!.count);
      const answer = await browserLike().fetch(`${fresh.url}/api/auth/athena?workflow=enrollment&redirect=/enrollment`);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/login?auth=error&return=%2Fenrollment');
      expect(Number((await portal.db.knex('pending_authorizations').count<{ count: string }[]>('* as count'))[0]!.count)).toBe(pending);
      const [row] = await portal.db.knex('audit_logs').where({ action: 'sign_in_failed' }).orderBy('id', 'desc').limit(1);
      expect(row?.metadata).toMatchObject({ reason: 'unavailable' });
    } finally {
      await clearFaults();
      await fresh.close();
    }
  });

  it('gives a clear 503 when the health record times out', async () => {
    await faults('GET /v1/\\d+/providers', { timeoutRate: 1 });
    try {
      const answer = await json(await fetch(`${portal.url}/api/providers`));
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe("The practice's health record is not answering right now. Please try again in a moment.");
    } finally {
      await clearFaults();
    }
    const after = await json(await fetch(`${portal.url}/api/providers`));
    expect(after.status).toBe(200);
    expect(after.body.providers).toHaveLength(13);
  }, 20_000); // a GET is tried three times, each up to ATHENA_TIMEOUT_MS
});

describe('logout', () => {
  it('ends the session and clears the cookie', async () => {
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.nora });
    const out = await json(await browser.fetch(`${portal.url}/api/auth/logout`, { method: 'POST' }));
    expect(out).toEqual({ status: 200, body: { clearClientData: true } });
    expect(browser.jar.get('portal_session')).toBeUndefined();
    const session = await json(await browser.fetch(`${portal.url}/api/auth/session`));
    expect(session.body).toEqual({ isAuthenticated: false });
  });
});
