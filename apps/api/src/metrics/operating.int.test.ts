/**
 * What an operator sees (decision 0038), on a real PostgreSQL: readiness with the job queue's
 * depth and age, the metrics port scraped after real requests, and PostgreSQL refusing the API's
 * connections for a moment — every answer 503 with Retry-After, then the same API serving again
 * without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capturingLogger } from '@portal/composition/testing.ts';
import { startApi, type RunningApi } from '../server.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { appRoleUrl } from '../../../../tools/src/testing/test-database.ts';

let portal: TestPortal;
let api: RunningApi;
let databaseName: string;
const apiLogs = capturingLogger();

beforeAll(async () => {
  // No worker: the job queued below stays in the queue for the gauges to see.
  portal = await startTestPortal({ appRole: true, worker: false });
  // A second API as the application role (the one PostgreSQL's connection limit applies to), with a metrics port.
  api = await startApi({ databaseUrl: await appRoleUrl(portal.db), port: 0, env: portal.env, logger: apiLogs.logger, metricsPort: 0 });
  databaseName = new URL(portal.db.url).pathname.slice(1);
  // A job due 90 seconds ago that nobody runs: depth 1, oldest age ≥ 90 s.
  await portal.db.knex.raw(`select graphile_worker.add_job('operating_probe', '{}'::json, run_at := now() - interval '90 seconds')`);
}, 60_000);

afterAll(async () => {
  await portal?.db.knex.raw(`ALTER DATABASE "${databaseName}" CONNECTION LIMIT -1`).catch(() => {});
  await api?.close();
  await portal?.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${api.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : null };
};

const reportClientError = async () => {
  const response = await fetch(`${api.url}/api/client-errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: api.url },
    body: JSON.stringify({ kind: 'contract-mismatch', method: 'GET', path: '/api/config', fields: ['stripe'] }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
};

const scrape = async (): Promise<string> => {
  if (api.metricsUrl === null) throw new Error('metrics are off');
  const response = await fetch(api.metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

/** The value of one sample line (`name{labels} value`), or null when absent. */
const sample = (text: string, series: string): number | null => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

/** Readiness and liveness keep one answer for a second: ask until it changes (bounded by the test's timeout). */
const until = async <A>(read: () => Promise<A>, done: (value: A) => boolean): Promise<A> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('readiness', () => {
  it('is 200 with the job queue depth and the oldest job age while the database and the queue answer', async () => {
    const ready = await get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: 'ok', jobQueue: 'ok', queue: { depth: 1 } });
    expect((ready.body?.['queue'] as { oldestJobAgeSeconds: number }).oldestJobAgeSeconds).toBeGreaterThanOrEqual(90);
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('the metrics port', () => {
  it('listens on loopback, apart from the public port, which does not serve metrics', async () => {
    expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(api.metricsUrl!).port).not.toBe(new URL(api.url).port);
    const publicMetrics = await get('/metrics');
    expect(publicMetrics.text).not.toContain('portal_http_requests_total');
    const other = await fetch(api.metricsUrl!.replace('/metrics', '/anything'));
    expect(other.status).toBe(404);
  });

  it('counts requests by route pattern and status class, times them, and reads the queue on scrape', async () => {
    const id = '7d0f3c52-5a1b-4c8e-9f3a-2b6d8e1c4a90';
    for (let i = 0; i < 3; i += 1) expect((await get('/api/config')).status).toBe(200);
    expect((await get(`/api/enrollments/${id}`)).status).toBeGreaterThanOrEqual(400);
    expect((await get('/api/no-such-route/12345')).status).toBe(404);
    expect((await get('/api/providers')).status).toBe(200);
    const text = await scrape();

    expect(sample(text, 'portal_http_requests_total{method="GET",route="/api/config",status_class="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/enrollments\/:id",status_class="4xx"\} [1-9]/);
    expect(sample(text, 'portal_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('12345');
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/config",status_class="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/config",status_class="2xx"}')).toBeGreaterThanOrEqual(3);

    // The provider call behind /api/providers (athenahealth on the sandbox), observed at the adapter.
    expect(text).toMatch(/portal_provider_call_duration_seconds_count\{provider="athena",outcome="ok"\} [1-9]/);

    expect(sample(text, 'portal_job_queue_depth{task="operating_probe"}')).toBe(1);
    expect(sample(text, 'portal_job_queue_oldest_job_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'portal_job_queue_up')).toBe(1);
    expect(sample(text, 'portal_database_up')).toBe(1);
    expect(sample(text, 'portal_documents_to_file_by_hand')).toBe(0);
    expect(sample(text, 'portal_database_size_bytes')).toBeGreaterThan(0);
    // Node's default process metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('PostgreSQL refusing the API for a moment', () => {
  it('answers 503 with Retry-After while it lasts, then serves again without a restart', async () => {
    expect((await reportClientError()).status).toBe(202);

    // The application role may open no connection to this database, and loses those it has.
    await portal.db.knex.raw(`ALTER DATABASE "${databaseName}" CONNECTION LIMIT 0`);
    await portal.db.knex.raw(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and usename = 'portal_app'`);

    const refused = await reportClientError();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('5');
    expect(refused.body).toEqual({ error: 'Service Unavailable', message: 'The portal cannot reach its database right now. Please try again in a moment.', requestId: expect.any(String) });
    const staff = await get('/api/staff/document-submissions?status=failed', { Authorization: 'Bearer Zm9yZ2VkLXRva2VuLWZvci1zdGFmZi1wb3J0YWw' });
    expect(staff.status).toBe(503);
    expect(staff.headers.get('retry-after')).toBe('5');
    const providers = await get('/api/providers');
    expect(providers.status).toBe(503);

    const notReady = await until(() => get('/api/ready'), (answer) => answer.status === 503);
    expect(notReady.body).toMatchObject({ status: 'not_ready', database: 'down', jobQueue: 'down', down: ['database', 'jobQueue'] });
    expect((await until(() => get('/api/health'), (answer) => answer.status === 503)).body).toMatchObject({ database: 'down' });

    const during = await until(scrape, (text) => sample(text, 'portal_database_up') === 0);
    expect(sample(during, 'portal_job_queue_up')).toBe(0);
    // Each of the three 503s is counted. A request on a pooled connection that PostgreSQL ended
    // hears 57P01 (reason 'shutdown'); one that asks for a new connection is refused ('connection').
    const counted = (reason: string) => sample(during, `portal_database_unavailable_total{reason="${reason}"}`) ?? 0;
    expect(counted('connection')).toBeGreaterThanOrEqual(1);
    expect(counted('connection') + counted('shutdown')).toBeGreaterThanOrEqual(3);
    expect(sample(during, 'portal_http_requests_total{method="POST",route="/api/client-errors",status_class="5xx"}')).toBeGreaterThanOrEqual(1);

    // PostgreSQL takes connections again: the same API process answers as before.
    await portal.db.knex.raw(`ALTER DATABASE "${databaseName}" CONNECTION LIMIT -1`);
    expect((await reportClientError()).status).toBe(202);
    expect((await get('/api/staff/document-submissions?status=failed', { Authorization: 'Bearer Zm9yZ2VkLXRva2VuLWZvci1zdGFmZi1wb3J0YWw' })).status).toBe(401);
    expect((await until(() => get('/api/ready'), (answer) => answer.status === 200)).body).toMatchObject({ status: 'ready', queue: { depth: 1 } });
    expect((await until(scrape, (text) => sample(text, 'portal_database_up') === 1)).length).toBeGreaterThan(0);
  }, 30_000);
});
