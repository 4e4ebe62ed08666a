/**
 * Origin suite (issue 10, finding 3): every state-changing route the API registers is refused
 * when a page of another origin could have sent it with the user's cookie — a foreign origin, a
 * sibling origin (another port, a subdomain: same site, so SameSite=Lax still sends the cookie),
 * no Origin with a cross-site fetch, or a non-JSON body. The route list is read from the app,
 * so a new write route is covered the day it is added. The caller is a signed-in patient, so
 * a refusal is the origin check's and not a missing session's, and nothing may change.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../../../../../tools/src/testing/sign-in.ts';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';

let portal: TestPortal;
let cookie = '';

beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
  const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
  cookie = `portal_session=${browser.jar.get('portal_session')!}`;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

/** Providers call these, not browsers; each proves itself another way (Stripe: a signature). */
const PROVIDER_CALLBACKS = new Set(['POST /api/stripe/webhook']);

const writeRoutes = () =>
  portal.api.routes
    .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.path.startsWith('/api/'))
    .filter((route) => !PROVIDER_CALLBACKS.has(`${route.method} ${route.path}`))
    // Path parameters get a well-formed value of someone's: the check must come before any lookup.
    .map((route) => ({ ...route, url: route.path.replace(/:(\w+)/g, (_match, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'doc_1')) }));

const sibling = (url: string): string => {
  const parsed = new URL(url);
  parsed.port = String(Number(parsed.port) + 1);
  return parsed.origin;
};

const send = async (method: string, path: string, headers: Record<string, string>, body: string | null = '{}') => {
  const response = await fetch(`${portal.url}${path}`, { method, headers: { Cookie: cookie, ...headers }, ...(body === null ? {} : { body }) });
  const text = await response.text();
  return { status: response.status, body: text };
};

const auditRows = async () => Number(((await portal.db.knex('audit_logs').count({ n: '*' }).first()) as { n: string }).n);

describe('state-changing routes and where they are called from', () => {
  it('lists the write routes it checks (the app has them)', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/logout', 'POST /api/enrollments', 'POST /api/staff/send-otp', 'POST /api/stripe/portal-session']),
    );
  });

  const cases: Array<[string, (url: string) => Record<string, string>, number, string]> = [
    ['a foreign origin', () => ({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['a sibling origin (another port of the same host)', (url) => ({ Origin: sibling(url), 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['a subdomain', () => ({ Origin: 'http://evil.localhost', 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['the opaque origin of a sandboxed frame', () => ({ Origin: 'null', 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['no Origin and a cross-site fetch', () => ({ 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['no Origin and no fetch metadata', () => ({ 'Content-Type': 'application/json' }), 403, 'Cross-site request refused'],
    ['our origin but a form body', (url) => ({ Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' }), 415, 'Content-Type must be application/json'],
    ['our origin but a text body', (url) => ({ Origin: url, 'Content-Type': 'text/plain' }), 415, 'Content-Type must be application/json'],
  ];

  it.each(cases)('refuses every write route from %s, and nothing changes', async (_what, headers, status, error) => {
    const before = await auditRows();
    const refusedEverywhere: string[] = [];
    for (const route of writeRoutes()) {
      const answer = await send(route.method, route.url, headers(portal.url));
      if (answer.status !== status || JSON.parse(answer.body).error !== error) refusedEverywhere.push(`${route.method} ${route.path} → ${answer.status} ${answer.body}`);
    }
    expect(refusedEverywhere).toEqual([]);
    // Refused before any handler ran: no audit row, the session still works.
    expect(await auditRows()).toBe(before);
    const session = await fetch(`${portal.url}/api/auth/session`, { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({ isAuthenticated: true });
  });

  it('lets the same calls through from our own page (Origin, or same-origin fetch metadata), with JSON', async () => {
    const fromOurPage: Array<Record<string, string>> = [{ Origin: portal.url }, { 'Sec-Fetch-Site': 'same-origin' }];
    for (const headers of fromOurPage) {
      const answer = await send('POST', '/api/auth/session/extend', { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
      expect(answer.status).toBe(200);
    }
    // A write with no body needs no Content-Type.
    expect((await send('POST', '/api/auth/session/extend', { Origin: portal.url }, null)).status).toBe(200);
  });

  it("still takes Stripe's signed webhook, which comes from no browser (and refuses it unsigned)", async () => {
    const answer = await send('POST', '/api/stripe/webhook', { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(400);
  });

  it('lets a foreign page log nobody out: the session survives a cross-site logout', async () => {
    await send('POST', '/api/auth/logout', { Origin: 'https://evil.example', 'Content-Type': 'application/json' });
    await send('POST', '/api/auth/logout', { Origin: sibling(portal.url), 'Content-Type': 'application/json' });
    const session = await fetch(`${portal.url}/api/auth/session`, { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({ isAuthenticated: true, patientName: 'Margaret Sullivan' });
  });
});
