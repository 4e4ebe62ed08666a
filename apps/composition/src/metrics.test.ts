import { describe, expect, it } from '@jest/globals';
import { readConfig } from './config.ts';
import { capturingLogger } from './testing.ts';
import { createMetricsRegistry, metricsPortFor, operationsMetrics, providerCallMetrics, startMetricsServer, type OperationsSource } from './metrics.ts';
import { observedCalls } from './provider-observer.ts';

type Sample = { readonly labels: Record<string, string | number>; readonly value: number; readonly metricName?: string };
type Flat = Record<string, string | number | undefined> & { readonly value: number };
const valuesOf = async (registry: ReturnType<typeof createMetricsRegistry>, name: string): Promise<Flat[]> =>
  ((await registry.getSingleMetric(name)!.get()).values as Sample[]).map(({ labels, value, metricName }) => ({ ...labels, value, ...(metricName && metricName !== name ? { metricName } : {}) }));

describe('provider call metrics', () => {
  it('time every call and count failures by provider and reason; a 4xx is a refusal, not a failure', async () => {
    const registry = createMetricsRegistry();
    const observe = providerCallMetrics(registry);
    observe({ provider: 'athena', operation: 'GET /v1/{practiceid}/patients/{patientid}', status: 200, failure: null, durationMs: 120 });
    observe({ provider: 'athena', operation: 'GET /v1/{practiceid}/patients/{patientid}', status: 503, failure: null, durationMs: 40 });
    observe({ provider: 'athena', operation: 'GET /v1/{practiceid}/patients/{patientid}', status: null, failure: 'timeout', durationMs: 8000 });
    observe({ provider: 'stripe', operation: 'POST /v1/invoices/{id}/pay', status: 402, failure: null, durationMs: 300 });
    observe({ provider: 'stripe', operation: 'GET /v1/customers', status: 429, failure: null, durationMs: 10 });
    expect(await valuesOf(registry, 'portal_provider_call_failures_total')).toEqual(
      expect.arrayContaining([
        { provider: 'athena', reason: '5xx', value: 1 },
        { provider: 'athena', reason: 'timeout', value: 1 },
        { provider: 'stripe', reason: '429', value: 1 },
      ]),
    );
    expect(await valuesOf(registry, 'portal_provider_call_failures_total')).toHaveLength(3);
    const counts = (await valuesOf(registry, 'portal_provider_call_duration_seconds')).filter((entry) => entry.metricName === 'portal_provider_call_duration_seconds_count');
    expect(counts.map(({ provider, outcome, value }) => ({ provider, outcome, value }))).toEqual(
      expect.arrayContaining([
        { provider: 'athena', outcome: 'ok', value: 1 },
        { provider: 'athena', outcome: 'failed', value: 2 },
        { provider: 'stripe', outcome: 'refused', value: 1 },
        { provider: 'stripe', outcome: 'failed', value: 1 },
      ]),
    );
    const sum = (await valuesOf(registry, 'portal_provider_call_duration_seconds')).find((entry) => entry.metricName === 'portal_provider_call_duration_seconds_sum' && entry.provider === 'athena' && entry.outcome === 'failed');
    expect(sum?.value).toBeCloseTo(8.04);
  });

  it('time the calls of ports that report nothing themselves (mail), and a refusal as a 4xx', async () => {
    const heard: unknown[] = [];
    const mailer = observedCalls('mail', { send: async (to: string) => (to === 'down' ? Promise.reject(new Error('ECONNECTION')) : undefined) }, ['send'], (call) => heard.push(call));
    await mailer.send('ok');
    await expect(mailer.send('down')).rejects.toThrow('ECONNECTION');
    const phone = observedCalls('firebase', { verifyIdToken: async () => Promise.reject(Object.assign(new Error('bad token'), { name: 'PhoneAuthError' })) }, ['verifyIdToken'], (call) => heard.push(call));
    await expect(phone.verifyIdToken()).rejects.toThrow('bad token');
    expect(heard).toEqual([
      { provider: 'mail', operation: 'send', status: 200, failure: null, durationMs: expect.any(Number) },
      { provider: 'mail', operation: 'send', status: null, failure: 'error', durationMs: expect.any(Number) },
      { provider: 'firebase', operation: 'verifyIdToken', status: 400, failure: null, durationMs: expect.any(Number) },
    ]);
    const plain = { send: async () => undefined };
    expect(observedCalls('mail', plain, ['send'], undefined)).toBe(plain);
  });
});

describe('operations gauges', () => {
  const healthy: OperationsSource = {
    jobQueue: async () => ({ depthByTask: [{ task: 'file_signed_document', depth: 2 }, { task: 'offer_freed_slot', depth: 1 }], depth: 3, oldestDueAgeSeconds: 42, exhausted: 1 }),
    operations: async () => ({ lastStripeEventAgeSeconds: 600, documentsToFileByHand: 2, oldestDocumentToFileAgeSeconds: 3600, documentsStuckProcessing: 0, databaseSizeBytes: 1234 }),
  };

  it('read the queue, webhook and filing state on scrape, once for all gauges', async () => {
    const registry = createMetricsRegistry();
    let reads = 0;
    operationsMetrics(registry, { jobQueue: (t) => (reads++, healthy.jobQueue(t)), operations: healthy.operations }, capturingLogger().logger);
    const text = await registry.metrics();
    expect(reads).toBe(1);
    for (const line of [
      'portal_job_queue_depth{task="file_signed_document"} 2',
      'portal_job_queue_depth{task="offer_freed_slot"} 1',
      'portal_job_queue_oldest_job_age_seconds 42',
      'portal_job_queue_exhausted_jobs 1',
      'portal_job_queue_up 1',
      'portal_database_up 1',
      'portal_stripe_webhook_last_event_age_seconds 600',
      'portal_documents_to_file_by_hand 2',
      'portal_documents_to_file_by_hand_oldest_age_seconds 3600',
      'portal_documents_stuck_processing 0',
      'portal_database_size_bytes 1234',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
  });

  it('show the database and the queue down, with no stale values, when the reading fails', async () => {
    const registry = createMetricsRegistry();
    const logs = capturingLogger();
    let clock = 0;
    let down = false;
    const source: OperationsSource = {
      jobQueue: (t) => (down ? Promise.reject(new Error('Connection terminated unexpectedly')) : healthy.jobQueue(t)),
      operations: (t) => (down ? Promise.reject(new Error('Connection terminated unexpectedly')) : healthy.operations(t)),
    };
    operationsMetrics(registry, source, logs.logger, () => clock);
    expect(await registry.metrics()).toContain('portal_job_queue_depth{task="file_signed_document"} 2');
    down = true;
    clock = 1_000;
    const text = await registry.metrics();
    expect(text.split('\n')).toEqual(expect.arrayContaining(['portal_job_queue_up 0', 'portal_database_up 0']));
    expect(text).not.toMatch(/^portal_job_queue_depth\{/m);
    expect(text).not.toMatch(/^portal_documents_to_file_by_hand /m);
    expect(logs.lines().join('\n')).toContain('metrics: a database reading failed');
  });
});

describe('the metrics port', () => {
  it('is off under NODE_ENV=test unless asked for, the default otherwise, and never the public port', () => {
    expect(metricsPortFor(null, 9464, { NODE_ENV: 'production' })).toBe(9464);
    expect(metricsPortFor(null, 9465, { NODE_ENV: 'test' })).toBeNull();
    expect(metricsPortFor('off', 9464, { NODE_ENV: 'production' })).toBeNull();
    expect(metricsPortFor(0, 9464, { NODE_ENV: 'test' })).toBe(0);
    expect(readConfig({ METRICS_PORT: '9999' }, 'postgres://x/y').metricsPort).toBe(9999);
    expect(readConfig({ METRICS_PORT: 'off' }, 'postgres://x/y').metricsPort).toBe('off');
    expect(readConfig({}, 'postgres://x/y')).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(readConfig({ METRICS_HOST: '0.0.0.0' }, 'postgres://x/y').metricsHost).toBe('0.0.0.0');
    expect(() => readConfig({ PORT: '3000', METRICS_PORT: '3000' }, 'postgres://x/y')).toThrow('METRICS_PORT must differ from PORT');
    expect(() => readConfig({ METRICS_PORT: 'nine' }, 'postgres://x/y')).toThrow("METRICS_PORT must be a port number or 'off'");
  });

  it('serves GET /metrics in the Prometheus format and nothing else', async () => {
    const registry = createMetricsRegistry();
    const server = await startMetricsServer(registry, { host: '127.0.0.1', port: 0, logger: capturingLogger().logger });
    try {
      const metrics = await fetch(server.url);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(await metrics.text()).toContain('process_resident_memory_bytes');
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
