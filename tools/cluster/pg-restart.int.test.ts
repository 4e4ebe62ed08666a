/**
 * Fault: PostgreSQL restarted in the middle of requests (issue 16). Through nginx, PgBouncer and
 * two API instances, with reads and writes in flight: while it is down every answer is a 503 with
 * Retry-After (never a 500, a 502 or a hang); each acknowledged write is kept; every process stays
 * up and serves again without a restart, the workers included.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import createKnex, { type Knex } from 'knex';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../src/testing/sign-in.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { recordClusterLogs, spoofingBrowser } from './testing.ts';

let cluster: Cluster;
let starting: Promise<Cluster> | undefined;
let owner: Knex;

beforeAll(async () => {
  // Kept, so that a start that outlives this hook's timeout is still closed in afterAll.
  starting = startCluster({ workerLogLevel: 'debug' });
  cluster = await starting;
  owner = createKnex({ client: 'pg', connection: cluster.postgres.ownerUrl, pool: { min: 0, max: 1 } });
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
  const started = await starting?.catch(() => undefined);
  if (started) await recordClusterLogs(started);
  await started?.close();
}, 90_000);

interface Answer {
  readonly at: number;
  readonly kind: 'read' | 'write';
  readonly status: number;
  readonly retryAfter: string | null;
  /** The practice location a write asked for. */
  readonly location?: string;
  readonly tookMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers 503 with Retry-After while PostgreSQL is down, keeps every acknowledged write, and recovers without restarting anything', async () => {
  const browser = spoofingBrowser('127.0.0.1');
  expect((await signIn({ apiUrl: cluster.url, personId: PATIENT_IDS.margaret }, browser)).status).toBe(302);
  const cookie = `__Host-portal_session=${browser.jar.get('__Host-portal_session')}`;
  const pids = [...cluster.apis.map((api) => api.process.pid), ...cluster.workers.map((worker) => worker.process.pid), cluster.pgbouncer.pid, cluster.nginx.pid];

  const answers: Answer[] = [];
  let running = true;
  const timed = async (kind: Answer['kind'], call: () => Promise<Response>, location?: string) => {
    const started = Date.now();
    try {
      const response = await call();
      await response.arrayBuffer();
      answers.push({ at: started, kind, status: response.status, retryAfter: response.headers.get('retry-after'), tookMs: Date.now() - started, ...(location ? { location } : {}) });
    } catch {
      answers.push({ at: started, kind, status: 0, retryAfter: null, tookMs: Date.now() - started, ...(location ? { location } : {}) });
    }
  };
  const read = () => timed('read', () => fetch(`${cluster.url}/api/auth/session`, { headers: { Cookie: cookie } }));
  const reader = async () => {
    while (running) await read();
  };
  // One writer, one write at a time: each answer says whether that write is known to be kept.
  const locations = ['1', '2', '8'];
  const writer = async () => {
    for (let i = 0; running; i += 1) {
      const location = locations[i % locations.length]!;
      await timed(
        'write',
        () =>
          fetch(`${cluster.url}/api/auth/update-session`, {
            method: 'POST',
            headers: { Cookie: cookie, Origin: cluster.url, 'Content-Type': 'application/json' },
            body: JSON.stringify({ practiceLocation: location, workflowType: 'appointments' }),
          }),
        location,
      );
    }
  };
  // Reads asked on a clock, each on its own: the loops above can each sit in PgBouncer's queue
  // (query_wait_timeout, 3 s) for most of the time PostgreSQL is down, and ask nothing new.
  const probes: Promise<void>[] = [];
  const prober = async () => {
    while (running) {
      probes.push(read());
      await sleep(250);
    }
  };
  const loops = [reader(), reader(), reader(), writer(), prober()];

  await sleep(1_000);
  const stoppingAt = Date.now();
  await cluster.postgres.stop();
  const stoppedAt = Date.now();
  // Down for twice PgBouncer's queue wait, so some requests are asked and answered while it is down.
  await sleep(6_000);
  const startingAt = Date.now();
  await cluster.postgres.start();
  const startedAt = Date.now();
  // Until every instance serves reads again (or 30 s).
  let recoveredAt: number | null = null;
  for (let tries = 0; tries < 300 && recoveredAt === null; tries += 1) {
    await sleep(100);
    const lastReads = answers.filter((answer) => answer.kind === 'read' && answer.at > startedAt);
    if (lastReads.slice(-10).length === 10 && lastReads.slice(-10).every((answer) => answer.status === 200)) recoveredAt = lastReads.at(-10)!.at;
  }
  await sleep(1_000);
  running = false;
  await Promise.all(loops);
  await Promise.all(probes);

  // Asked while PostgreSQL was down (after its shutdown finished), and in flight while it shut down.
  const during = answers.filter((answer) => answer.at >= stoppedAt && answer.at < startingAt);
  const atShutdown = answers.filter((answer) => answer.at < stoppedAt && answer.at + answer.tookMs >= stoppingAt);
  const statuses = (list: Answer[]) => list.reduce<Record<string, number>>((count, answer) => ({ ...count, [answer.status]: (count[answer.status] ?? 0) + 1 }), {});
  console.log(
    `PostgreSQL restart: ${answers.length} answers; in flight at the shutdown ${JSON.stringify(statuses(atShutdown))} (${stoppedAt - stoppingAt} ms); while down ${JSON.stringify(statuses(during))} (slowest ${Math.max(0, ...during.map((a) => a.tookMs))} ms); ` +
      `overall ${JSON.stringify(statuses(answers))}; reads back ${recoveredAt === null ? 'never' : `${recoveredAt - startedAt} ms`} after PostgreSQL was up ` +
      `(${startedAt - startingAt} ms to start it)`,
  );

  // Nothing the instances could not map: no 500 (each one named here if there were).
  const unhandled = cluster.apis.flatMap((api) =>
    api.process.lines().flatMap((line) => (line.includes('"msg":"unhandled error"') ? [String((JSON.parse(line) as { err?: { message?: string } }).err?.message)] : [])),
  );
  expect([...new Set(unhandled)]).toEqual([]);

  // While it was down: every request answered, a 503 with Retry-After. (One still waiting in
  // PgBouncer's queue when PostgreSQL came back may be served: a 200 that ended after the start.)
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((answer) => answer.status !== 503 && !(answer.status === 200 && answer.at + answer.tookMs >= startingAt))).toEqual([]);
  expect(during.filter((answer) => answer.status === 503).every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
  // Across the whole run nothing but 200 and 503: no 500, no 502 (a process gone), no dropped connection.
  expect(Object.keys(statuses(answers)).filter((status) => status !== '200' && status !== '503')).toEqual([]);
  expect(answers.filter((answer) => answer.status === 503).every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
  expect(recoveredAt).not.toBeNull();

  // No write lost or half there: the session holds the last acknowledged location, or one asked for later (answered 503 after it committed).
  const writes = answers.filter((answer) => answer.kind === 'write');
  const lastAcknowledged = writes.map((answer) => answer.status).lastIndexOf(200);
  const allowed = new Set(writes.slice(lastAcknowledged).filter((answer, index) => index === 0 || answer.status !== 200).map((answer) => answer.location));
  const session = (await owner('auth_sessions').select('data')).map((row: { data: unknown }) => row.data);
  const stored = session.map((data) => (typeof data === 'string' ? JSON.parse(data) : data) as { practiceLocation?: string }).find((data) => data?.practiceLocation);
  expect(allowed.has(stored?.practiceLocation)).toBe(true);

  // Same processes, no restart: each one's pid is the one it had before, none exited.
  expect([...cluster.apis.map((api) => api.process.pid), ...cluster.workers.map((worker) => worker.process.pid), cluster.pgbouncer.pid, cluster.nginx.pid]).toEqual(pids);
  expect(cluster.crashes()).toEqual([]);
  // The session still works through both instances, and the workers run jobs again.
  for (const api of cluster.apis) {
    const answer = await fetch(`${api.directUrl}/api/auth/session`, { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } });
    expect(await answer.json()).toMatchObject({ isAuthenticated: true });
  }
  const job = (await owner.raw("select (graphile_worker.add_job('send_appointment_reminders')).id::text as id")).rows[0].id as string;
  const ran = () => cluster.workers.some((worker) => worker.process.lines().some((line) => line.includes(`Completed task ${job} (`)));
  for (let tries = 0; tries < 200 && !ran(); tries += 1) await sleep(100);
  expect(ran()).toBe(true);
}, 60_000);
