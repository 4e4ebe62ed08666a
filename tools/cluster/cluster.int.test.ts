/**
 * The local cluster (issue 16) as a user and an operator meet it: the portal over https through
 * nginx, two API instances sharing sessions and limits through PgBouncer, two workers sharing the
 * jobs, and an API instance stopped and started, or killed, under load.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import autocannon from 'autocannon';
import createKnex, { type Knex } from 'knex';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../src/testing/sign-in.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { recordClusterLogs, spoofingBrowser } from './testing.ts';

let cluster: Cluster;
let starting: Promise<Cluster> | undefined;
let owner: Knex;

beforeAll(async () => {
  // Kept, so that a start that outlives this hook's timeout is still closed in afterAll.
  starting = startCluster({ workerLogLevel: 'debug' });
  cluster = await starting;
  owner = createKnex({ client: 'pg', connection: cluster.postgres.ownerUrl, pool: { min: 0, max: 2 } });
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
  const started = await starting?.catch(() => undefined);
  if (started) await recordClusterLogs(started);
  await started?.close();
}, 90_000);

const SPOOFED = '203.0.113.77';

/** The API writes its request line after answering, and it reaches us through a pipe: wait (at most 5 s) until `ready` holds. */
const logsCaughtUp = async (ready: () => boolean): Promise<void> => {
  for (let tries = 0; tries < 100 && !ready(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
};

/** Signs Margaret in through nginx, from a client that lies about its address. */
const signedIn = async () => {
  const browser = spoofingBrowser(SPOOFED);
  const result = await signIn({ apiUrl: cluster.url, personId: PATIENT_IDS.margaret }, browser);
  expect(result.status).toBe(302);
  return browser;
};

describe('the portal through nginx', () => {
  it('serves the portal page over https with HSTS', async () => {
    const page = await fetch(`${cluster.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const health = await fetch(`${cluster.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=/);
    // nginx does not name itself or its version.
    expect(health.headers.get('server')).toBe('nginx');
  });

  it('signs in with a __Host- Secure cookie, and the session is known to both instances', async () => {
    const browser = await signedIn();
    const session = browser.setCookies.find((cookie) => cookie.startsWith('__Host-portal_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*secure/i);
    expect(session).toMatch(/;\s*httponly/i);
    expect(session).toMatch(/;\s*path=\//i);
    expect(session).not.toMatch(/;\s*domain=/i);
    const value = browser.jar.get('__Host-portal_session')!;
    // Straight to each instance, wherever the sign-in landed.
    for (const api of cluster.apis) {
      const answer = await fetch(`${api.directUrl}/api/auth/session`, { headers: { Cookie: `__Host-portal_session=${value}`, 'X-Forwarded-Proto': 'https' } });
      expect(await answer.json()).toMatchObject({ isAuthenticated: true, patientName: 'Margaret Sullivan' });
    }
    // The audit log holds the address nginx saw, never the one the client claimed.
    const addresses = (await owner('audit_logs').distinct('ipAddress')).map((row: { ipAddress: string }) => row.ipAddress);
    expect(addresses).toContain('127.0.0.1');
    expect(addresses).not.toContain(SPOOFED);
  });

  it('ends a session everywhere: signed out through one instance, refused by the other once the change notification arrives (LISTEN goes past PgBouncer)', async () => {
    const browser = await signedIn();
    const cookie = `__Host-portal_session=${browser.jar.get('__Host-portal_session')}`;
    const [a, b] = cluster.apis;
    const viaB = async () => {
      const answer = await fetch(`${b.directUrl}/api/auth/session`, { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } });
      return { status: answer.status, ...((await answer.json()) as { isAuthenticated?: boolean; error?: string }) };
    };
    expect(await viaB()).toMatchObject({ status: 200, isAuthenticated: true });
    const out = await fetch(`${a.directUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: cluster.url, 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    // The other instance may answer from its cache until the notification arrives (decision 0033: milliseconds).
    const signedOutAt = Date.now();
    let answer = await viaB();
    while (answer.isAuthenticated && Date.now() - signedOutAt < 5_000) answer = await viaB();
    console.log(`sign-out seen by the other instance after ${Date.now() - signedOutAt} ms`);
    expect(answer).toMatchObject({ status: 401, error: 'Session expired' });
  });

  it('spreads requests over both instances, each request answered by one', async () => {
    const before = cluster.accessLog().length;
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${cluster.url}/api/config`)).status).toBe(200);
    const configLines = () => cluster.accessLog().slice(before).filter((entry) => entry.path === '/api/config');
    await logsCaughtUp(() => configLines().length >= 20);
    const entries = configLines();
    expect(entries).toHaveLength(20);
    expect(new Set(entries.map((entry) => entry.upstream)).size).toBe(2);
    const logged = () => cluster.apis.flatMap((api) => [...api.requestIds()]);
    await logsCaughtUp(() => entries.every((entry) => logged().includes(entry.requestId)));
    const [a, b] = cluster.apis.map((api) => api.requestIds());
    const servedBy = entries.map((entry) => Number(a!.has(entry.requestId)) + Number(b!.has(entry.requestId)));
    expect(servedBy).toEqual(entries.map(() => 1));
    expect(entries.filter((entry) => a!.has(entry.requestId)).length).toBeGreaterThan(0);
    expect(entries.filter((entry) => b!.has(entry.requestId)).length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.client))).toEqual(new Set(['127.0.0.1']));
  });

  it('counts attempt limits by the real client address: a made-up X-Forwarded-For buys no fresh budget', async () => {
    const report = JSON.stringify({ kind: 'contract-mismatch', method: 'GET', path: '/api/config', fields: ['stripe'] });
    const send = (forwardedFor: string) =>
      fetch(`${cluster.url}/api/client-errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: cluster.url, 'X-Forwarded-For': forwardedFor },
        body: report,
      });
    // client_errors_ip: 30 per quarter hour per address; each call claims a different address.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await send(`198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual(statuses.map(() => 202));
    const refused = await send('198.51.100.200, 10.0.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('two workers', () => {
  const HOUR = 3_600_000;
  const booking = (patientId: number, startsInHours: number, slot: string) => ({
    department: '1',
    athenaPatientId: String(patientId),
    athenaAppointmentId: slot,
    appointmentTypeId: '2',
    appointmentType: 'Office Visit',
    appointmentDate: '01/01/2027',
    appointmentTime: '09:00',
    startsAt: new Date(Date.now() + startsInHours * HOUR),
    bookedAt: new Date(Date.now() - 100 * HOUR),
    calendarUid: slot,
    status: 'booked',
  });
  const inbox = async (to: string): Promise<string[]> =>
    ((await (await fetch(`${cluster.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as Array<{ subject: string }>).map((m) => m.subject);
  const completed = (task: string): string[] =>
    cluster.workers.flatMap((worker) =>
      worker.process.lines().flatMap((line) => {
        const match = new RegExp(`Completed task (\\d+) \\(${task}[,)]`).exec(line);
        return match ? [match[1]!] : [];
      }),
    );

  it('run each queued job once, and send each due reminder once, however many runs are queued', async () => {
    await owner('appointments').insert([booking(PATIENT_IDS.margaret, 47, '9100001'), booking(PATIENT_IDS.jordan, 1.5, '9100002')]);
    const jobs = 12;
    const ids = (
      await Promise.all(
        Array.from({ length: jobs }, async () => (await owner.raw('select (graphile_worker.add_job(?)).id::text as id', ['send_appointment_reminders'])).rows[0].id as string),
      )
    ).sort();
    for (let tries = 0; ; tries += 1) {
      const left = Number((await owner.raw("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'send_appointment_reminders'")).rows[0].n);
      if (left === 0 && ids.every((id) => completed('send_appointment_reminders').includes(id))) break;
      if (tries > 300) throw new Error(`reminder jobs did not finish: ${left} left`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const runs = completed('send_appointment_reminders').filter((id) => ids.includes(id));
    expect(runs.sort()).toEqual(ids);
    expect(await inbox('margaret.sullivan@example.com')).toEqual(['Reminder: your appointment at MDRI Primary Care in two days']);
    expect(await inbox('jordan.reyes@example.com')).toEqual(['Reminder: your appointment at MDRI Primary Care today']);
    expect(cluster.workers.every((worker) => worker.process.running)).toBe(true);
  }, 40_000);

  it('reconcile a payment once, however many reconciler runs are queued at once', async () => {
    const sandbox = cluster.sandbox.url;
    const webhooks = (url: string | null) =>
      fetch(`${sandbox}/_sandbox/stripe/webhook-endpoint`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url }) });
    // No webhook: only the reconciler can find that the card was paid.
    await webhooks(null);
    try {
      const carol = await signedInForEnrollment(cluster.url, PATIENT_IDS.carol);
      const id = await signedEnrollment(cluster.url, carol, PATIENT_IDS.carol, '120_annual', 'Carol Bennett');
      const setup = (await jsonCall(carol, cluster.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body as { clientSecret: string };
      const stripe = async (path: string, form: Record<string, string>) =>
        (await (
          await fetch(`${sandbox}${path}`, {
            method: 'POST',
            headers: { Authorization: 'Bearer pk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          })
        ).json()) as { id: string; status?: string };
      const card = await stripe('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' });
      const intent = setup.clientSecret.split('_secret_')[0]!;
      expect((await stripe(`/v1/payment_intents/${intent}/confirm`, { client_secret: setup.clientSecret, payment_method: card.id, return_url: `${cluster.url}/pay/return` })).status).toBe('succeeded');
      // Past the workers' two-minute grace for an unrecorded payment.
      await owner('enrollments').where({ id }).update({ updatedAt: new Date(Date.now() - 10 * 60_000) });
      expect((await owner('enrollments').where({ id }).first()).status).toBe('payment_pending');
      const runs = await Promise.all(
        Array.from({ length: 8 }, async () => (await owner.raw("select (graphile_worker.add_job('reconcile_payments')).id::text as id")).rows[0].id as string),
      );
      for (let tries = 0; tries < 300 && !runs.every((run) => completed('reconcile_payments').includes(run)); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs.filter((run) => !completed('reconcile_payments').includes(run))).toEqual([]);
      expect((await owner('enrollments').where({ id }).first()).status).toBe('active');
      // Each worker logs what its run changed: one change in all, across both workers.
      const changes = cluster.workers.flatMap((worker) =>
        worker.process.lines().flatMap((line) => (line.includes('"msg":"payments reconciled"') ? [(JSON.parse(line) as { reconcile: { changed: number } }).reconcile.changed] : [])),
      );
      expect(changes.reduce((sum, changed) => sum + changed, 0)).toBe(1);
    } finally {
      await webhooks(`${cluster.url}/api/stripe/webhook`);
    }
  }, 40_000);

  it('keep running the queue with one killed, and share it again once it is back', async () => {
    const [first, second] = cluster.workers;
    await first.kill();
    const queue = async (count: number) =>
      Promise.all(Array.from({ length: count }, async () => (await owner.raw("select (graphile_worker.add_job('send_appointment_reminders')).id::text as id")).rows[0].id as string));
    const done = async (ids: string[]) => {
      for (let tries = 0; tries < 300 && !ids.every((id) => completed('send_appointment_reminders').includes(id)); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      return ids.filter((id) => completed('send_appointment_reminders').includes(id));
    };
    const whileDown = await queue(6);
    expect(await done(whileDown)).toEqual(whileDown);
    const ranBy = (worker: typeof first, ids: string[]) => ids.filter((id) => worker.process.lines().some((line) => line.includes(`Completed task ${id} (`)));
    expect(ranBy(second, whileDown)).toEqual(whileDown);
    await first.start();
    const afterwards = await queue(6);
    expect(await done(afterwards)).toEqual(afterwards);
    // Each ran once in all: by one worker or the other, never both.
    expect(afterwards.filter((id) => ranBy(first, [id]).length + ranBy(second, [id]).length !== 1)).toEqual([]);
  }, 40_000);
});

describe('an API instance restarted under load', () => {
  /** autocannon's result, with the fields tools/bench's declaration leaves out. */
  type LoadResult = Awaited<ReturnType<typeof autocannon>> & { mismatches: number; statusCodeStats: Record<string, { count: number }> };
  const load = async (browser: { jar: { get(name: string): string | undefined } }, during: () => Promise<void>) => {
    const cookie = `__Host-portal_session=${browser.jar.get('__Host-portal_session')}`;
    const expected = await (await fetch(`${cluster.url}/api/auth/session`, { headers: { Cookie: cookie } })).text();
    expect(JSON.parse(expected)).toMatchObject({ isAuthenticated: true });
    // Every answer must be the signed-in session, byte for byte (verifyBody counts the others as mismatches).
    const getOptions = { url: `${cluster.url}/api/auth/session`, connections: 8, duration: 6, headers: { Cookie: cookie }, verifyBody: (body: string) => body === expected };
    const run = autocannon(getOptions);
    // POSTs at the same time: nginx never resends one that reached an instance.
    const posts = autocannon({
      url: `${cluster.url}/api/auth/session/extend`,
      connections: 2,
      duration: 6,
      method: 'POST',
      headers: { Cookie: cookie, Origin: cluster.url, 'Content-Type': 'application/json' },
      body: '{}',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await during();
    return { gets: (await run) as LoadResult, posts: (await posts) as LoadResult };
  };

  /** Back in rotation: of ten more requests through nginx, the restarted instance answers some, all signed in. */
  const servesAgain = async (index: 0 | 1, cookie: string) => {
    const before = cluster.apis[index].requestIds().size;
    for (let i = 0; i < 10; i += 1) {
      const answer = await fetch(`${cluster.url}/api/auth/session`, { headers: { Cookie: cookie } });
      expect(await answer.json()).toMatchObject({ isAuthenticated: true });
    }
    await logsCaughtUp(() => cluster.apis[index].requestIds().size > before);
    expect(cluster.apis[index].requestIds().size).toBeGreaterThan(before);
  };

  it('stopped (drained first) and started: no request lost, no session lost', async () => {
    const browser = await signedIn();
    const { gets, posts } = await load(browser, async () => {
      await cluster.apis[1].stop();
      await cluster.apis[1].start();
    });
    console.log(`drained restart: ${gets.requests.total} GETs (non-2xx ${gets.non2xx}, errors ${gets.errors}, timeouts ${gets.timeouts}, wrong body ${gets.mismatches}); ` +
      `${posts.requests.total} POSTs ${JSON.stringify(posts.statusCodeStats)} errors ${posts.errors}`);
    expect(gets.requests.total).toBeGreaterThan(100);
    expect({ non2xx: gets.non2xx, errors: gets.errors, timeouts: gets.timeouts, mismatches: gets.mismatches }).toEqual({ non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 });
    expect({ non2xx: posts.non2xx, errors: posts.errors, timeouts: posts.timeouts }).toEqual({ non2xx: 0, errors: 0, timeouts: 0 });
    await servesAgain(1, `__Host-portal_session=${browser.jar.get('__Host-portal_session')}`);
  }, 40_000);

  it('killed (SIGKILL) and started: GETs in flight are retried on the other instance; a POST in flight may answer 502, nothing else', async () => {
    const browser = await signedIn();
    const { gets, posts } = await load(browser, async () => {
      await cluster.apis[0].kill();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await cluster.apis[0].start();
    });
    console.log(`killed instance: ${gets.requests.total} GETs (non-2xx ${gets.non2xx}, errors ${gets.errors}, timeouts ${gets.timeouts}, wrong body ${gets.mismatches}); ` +
      `${posts.requests.total} POSTs ${JSON.stringify(posts.statusCodeStats)} errors ${posts.errors}`);
    expect(gets.requests.total).toBeGreaterThan(100);
    expect({ non2xx: gets.non2xx, errors: gets.errors, timeouts: gets.timeouts, mismatches: gets.mismatches }).toEqual({ non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 });
    expect(Object.keys(posts.statusCodeStats).filter((status) => status !== '200' && status !== '502')).toEqual([]);
    expect(posts.errors + posts.timeouts).toBe(0);
    // The restarted instance serves again, and the session still works through it.
    const cookie = `__Host-portal_session=${browser.jar.get('__Host-portal_session')}`;
    await servesAgain(0, cookie);
    const direct = await fetch(`${cluster.apis[0].directUrl}/api/auth/session`, { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } });
    expect(await direct.json()).toMatchObject({ isAuthenticated: true });
    expect(cluster.crashes()).toEqual([]);
  }, 40_000);
});
