/**
 * The worker's metrics (decision 0038), on its own METRICS_PORT (default 9465, loopback): Node's
 * process metrics, provider calls (the chart filing's athenahealth and SignWell calls, mail),
 * jobs run per task and outcome with their duration, and the queue, webhook and filing gauges read
 * on scrape. Labels: task identifiers and outcomes only, never a payload.
 */
import { ContainerModule } from 'inversify';
import client from 'prom-client';
import type { WorkerEvents } from 'graphile-worker';
import {
  SHARED_TOKENS,
  createMetricsRegistry,
  operationsMetrics,
  providerCallMetrics,
  type Logger,
  type MetricsRegistry,
  type OperationsSource,
} from '@portal/composition';

/** The worker's metrics port unless METRICS_PORT says otherwise (the API's is 9464). */
export const WORKER_METRICS_PORT = 9465;

const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export interface WorkerMetrics {
  readonly registry: MetricsRegistry;
  readonly containerModule: ContainerModule;
  observeOperations(source: OperationsSource, logger: Logger): void;
  /** Counts and times the jobs graphile-worker runs (its runner's events). */
  observeJobs(events: WorkerEvents): void;
}

export const createWorkerMetrics = (): WorkerMetrics => {
  const registry = createMetricsRegistry();
  const providerCalls = providerCallMetrics(registry);
  const jobs = new client.Counter({
    name: 'portal_worker_jobs_total',
    help: 'Jobs run by this worker, by task and outcome (success | error: will be retried | failed: no attempts left)',
    labelNames: ['task', 'outcome'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'portal_worker_job_duration_seconds',
    help: 'Time jobs took to run, by task',
    labelNames: ['task'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    containerModule: new ContainerModule(({ bind }) => {
      bind(SHARED_TOKENS.ProviderObserver).toConstantValue(providerCalls);
    }),
    observeOperations: (source, logger) => operationsMetrics(registry, source, logger),
    observeJobs: (events) => {
      const started = new Map<string, () => number>();
      events.on('job:start', ({ job }) => started.set(job.id, duration.startTimer({ task: job.task_identifier })));
      events.on('job:success', ({ job }) => jobs.inc({ task: job.task_identifier, outcome: 'success' }));
      events.on('job:error', ({ job }) => {
        // job:failed follows for the last attempt; count that one as failed only.
        if (job.attempts < job.max_attempts) jobs.inc({ task: job.task_identifier, outcome: 'error' });
      });
      events.on('job:failed', ({ job }) => jobs.inc({ task: job.task_identifier, outcome: 'failed' }));
      events.on('job:complete', ({ job }) => {
        started.get(job.id)?.();
        started.delete(job.id);
      });
    },
  };
};
