/**
 * Prometheus metrics the API and the worker share (docs/decisions/0038): one registry per
 * process part (so two APIs in one test process never collide), Node's default process metrics,
 * provider call latency and failures (fed by the adapters' observers), and the queue, webhook and
 * filing gauges read from the database on each scrape. They are served by `startMetricsServer` on
 * their own port, bound to loopback by default: never on the public port.
 * Labels carry provider names, call templates, task names and status classes only: no personal data.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import type { ProviderObserver } from '@portal/http-support';
import type { JobQueueState, OperationsState } from '@portal/persistence';
import type { Logger } from './logger.ts';

export type MetricsRegistry = client.Registry;

/** A fresh registry with Node's default process metrics (CPU, memory, event loop lag, GC, handles). */
export const createMetricsRegistry = (): MetricsRegistry => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return registry;
};

/** Seconds; provider calls range from a cached token (ms) to a slow upload (the timeouts are 8–30 s). */
const PROVIDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** Why a provider call counts as failed: no answer, or an answer saying the provider could not serve it. */
const failureReason = (status: number | null, failure: string | null): string | null => {
  if (failure !== null) return failure;
  if (status === null) return 'error';
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  return null;
};

/**
 * `portal_provider_call_duration_seconds{provider, outcome}` (outcome ok | refused (4xx) | failed)
 * and `portal_provider_call_failures_total{provider, reason}` (timeout | network | error | 5xx | 429).
 */
export const providerCallMetrics = (registry: MetricsRegistry): ProviderObserver => {
  const duration = new client.Histogram({
    name: 'portal_provider_call_duration_seconds',
    help: 'Duration of calls to providers (athena, signwell, stripe, turnstile, mail, firebase), per attempt',
    labelNames: ['provider', 'outcome'],
    buckets: PROVIDER_BUCKETS,
    registers: [registry],
  });
  const failures = new client.Counter({
    name: 'portal_provider_call_failures_total',
    help: 'Provider calls that got no answer, a 5xx or a 429',
    labelNames: ['provider', 'reason'],
    registers: [registry],
  });
  return (call) => {
    const reason = failureReason(call.status, call.failure);
    const outcome = reason !== null ? 'failed' : call.status !== null && call.status >= 400 ? 'refused' : 'ok';
    duration.observe({ provider: call.provider, outcome }, call.durationMs / 1000);
    if (reason !== null) failures.inc({ provider: call.provider, reason });
  };
};

/** What the operations gauges read; the persistence adapter's PostgresOperationsProbe. */
export interface OperationsSource {
  jobQueue(timeoutMs: number): Promise<JobQueueState>;
  operations(timeoutMs: number): Promise<OperationsState>;
}

/** How long one database reading stands for every gauge of a scrape (and concurrent scrapes). */
const SNAPSHOT_MAX_AGE_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Gauges read on scrape: job queue depth per task, the oldest due job's age, exhausted jobs, the
 * last Stripe event's age (webhook lag), documents to file by hand, submissions stuck processing,
 * the database's size, and whether the database and the queue answered (`portal_database_up`,
 * `portal_job_queue_up`). A reading that fails leaves the value gauges empty (no stale numbers)
 * and the `_up` gauge at 0.
 */
export const operationsMetrics = (registry: MetricsRegistry, source: OperationsSource, logger: Logger, now: () => number = Date.now): void => {
  type Reading = { readonly queue: JobQueueState | null; readonly operations: OperationsState | null };
  let last: { readonly at: number; readonly reading: Reading } | null = null;
  let inFlight: Promise<Reading> | null = null;
  const read = (): Promise<Reading> => {
    if (last !== null && now() - last.at < SNAPSHOT_MAX_AGE_MS) return Promise.resolve(last.reading);
    inFlight ??= Promise.allSettled([source.jobQueue(PROBE_TIMEOUT_MS), source.operations(PROBE_TIMEOUT_MS)]).then(([queue, operations]) => {
      if (queue.status === 'rejected' || operations.status === 'rejected') {
        logger.warn({ jobQueue: queue.status, operations: operations.status }, 'metrics: a database reading failed');
      }
      const reading = { queue: queue.status === 'fulfilled' ? queue.value : null, operations: operations.status === 'fulfilled' ? operations.value : null };
      last = { at: now(), reading };
      inFlight = null;
      return reading;
    });
    return inFlight;
  };

  // An unlabelled prom-client Gauge always shows a value (0 after a reset), which would read as
  // "no backlog" while the database is down: these report no sample at all when they have none.
  const gauge = (name: string, help: string, value: (reading: Reading) => number | null | undefined): void => {
    const metric = {
      name,
      help,
      type: 'gauge',
      aggregator: 'sum',
      reset: () => {},
      get: async () => {
        const current = value(await read());
        return { name, help, type: 'gauge', aggregator: 'sum', values: current === null || current === undefined ? [] : [{ value: current, labels: {} }] };
      },
    };
    registry.registerMetric(metric as unknown as client.Metric);
  };

  new client.Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs waiting or running in graphile-worker with attempts left, per task',
    labelNames: ['task'],
    registers: [registry],
    async collect() {
      this.reset();
      const { queue } = await read();
      for (const { task, depth } of queue?.depthByTask ?? []) this.set({ task }, depth);
    },
  });
  gauge('portal_job_queue_up', '1 when graphile-worker\'s jobs answered on this scrape, else 0', (r) => (r.queue === null ? 0 : 1));
  gauge('portal_database_up', '1 when the portal\'s tables answered on this scrape, else 0', (r) => (r.operations === null ? 0 : 1));
  gauge('portal_job_queue_oldest_job_age_seconds', 'How long the oldest due, unlocked job has waited past its run time (0 when none waits)', (r) =>
    r.queue === null ? null : (r.queue.oldestDueAgeSeconds ?? 0),
  );
  gauge('portal_job_queue_exhausted_jobs', 'Jobs that used up their attempts and will not run again', (r) => r.queue?.exhausted);
  gauge('portal_stripe_webhook_last_event_age_seconds', 'Seconds since the last Stripe event was applied (card_events.receivedAt)', (r) =>
    r.operations?.lastStripeEventAgeSeconds,
  );
  gauge('portal_documents_to_file_by_hand', "Signed documents whose chart filing failed after the last retry (document_submissions.status = 'failed')", (r) =>
    r.operations?.documentsToFileByHand,
  );
  gauge('portal_documents_to_file_by_hand_oldest_age_seconds', 'Age of the oldest document waiting to be filed by hand (0 when none)', (r) =>
    r.operations === null ? null : (r.operations.oldestDocumentToFileAgeSeconds ?? 0),
  );
  gauge('portal_documents_stuck_processing', "Submissions still 'processing' after an hour (no filing job running for them)", (r) => r.operations?.documentsStuckProcessing);
  gauge('portal_database_size_bytes', "pg_database_size of the portal's database", (r) => r.operations?.databaseSizeBytes);
};

/** `portal_database_unavailable_total{reason}`: requests or jobs that failed because PostgreSQL could not serve them. */
export const databaseUnavailableMetrics = (registry: MetricsRegistry): ((reason: string) => void) => {
  const counter = new client.Counter({
    name: 'portal_database_unavailable_total',
    help: 'Failures because PostgreSQL could not serve (reason: connection | timeout (pool or query) | shutdown | disk_full | read_only)',
    labelNames: ['reason'],
    registers: [registry],
  });
  return (reason) => counter.inc({ reason });
};

export interface MetricsServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (Prometheus text format) on its own port; anything else is a 404. */
export const startMetricsServer = async (registry: MetricsRegistry, options: { readonly host: string; readonly port: number; readonly logger: Logger }): Promise<MetricsServer> => {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => {
        options.logger.warn({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Metrics port ${options.port} is already in use: set METRICS_PORT to another port (0: any free one) or to off`) : error),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/**
 * The metrics port to listen on: the METRICS_PORT setting (`off` → none, `0` → any free port),
 * else the app's default (API 9464, worker 9465), except under NODE_ENV=test, where unset means off.
 */
export const metricsPortFor = (setting: number | 'off' | null, defaultPort: number, env: NodeJS.ProcessEnv): number | null => {
  if (setting === 'off') return null;
  if (setting !== null) return setting;
  // Tests start many APIs and workers at once: none takes a fixed port unless asked to.
  return (env.NODE_ENV ?? process.env.NODE_ENV) === 'test' ? null : defaultPort;
};
