/**
 * The API's metrics (decision 0038), one registry per running API: Node's process metrics, HTTP
 * requests per route, provider calls (through the composition root's ProviderObserver binding),
 * responses refused because PostgreSQL could not serve, and the queue, webhook and filing gauges
 * read on scrape. Served on METRICS_PORT (default 9464, loopback), never on the public port.
 */
import { ContainerModule } from 'inversify';
import {
  SHARED_TOKENS,
  createMetricsRegistry,
  databaseUnavailableMetrics,
  operationsMetrics,
  providerCallMetrics,
  type Logger,
  type MetricsRegistry,
  type OperationsSource,
} from '@portal/composition';
import type { ProviderObserver } from '@portal/http-support';
import { httpMetrics, type HttpMetrics } from './http-metrics.ts';

/** The API's metrics port unless METRICS_PORT says otherwise (the worker's is 9465). */
export const API_METRICS_PORT = 9464;

export interface ApiMetrics {
  readonly registry: MetricsRegistry;
  readonly http: HttpMetrics;
  readonly providerCalls: ProviderObserver;
  readonly databaseUnavailable: (reason: string) => void;
  /** Binds the provider observer for the adapters the container builds. */
  readonly containerModule: ContainerModule;
  /** Adds the gauges read from the database on each scrape. */
  observeOperations(source: OperationsSource, logger: Logger): void;
}

export const createApiMetrics = (): ApiMetrics => {
  const registry = createMetricsRegistry();
  const providerCalls = providerCallMetrics(registry);
  return {
    registry,
    http: httpMetrics(registry),
    providerCalls,
    databaseUnavailable: databaseUnavailableMetrics(registry),
    containerModule: new ContainerModule(({ bind }) => {
      bind(SHARED_TOKENS.ProviderObserver).toConstantValue(providerCalls);
    }),
    observeOperations: (source, logger) => operationsMetrics(registry, source, logger),
  };
};
