/**
 * @portal/composition: the composition root shared by the API and the worker (settings, the
 * PHI-redacting logger, the container modules wiring adapters to core's ports, the payment
 * services both use, the Prometheus metrics both export). No HTTP API here: Koa, routers and
 * HTTP errors stay in apps/api; the only server is the metrics port's (metrics.ts, decision 0038).
 */
export { practiceConfigPath, readConfig, readPracticeConfig, type AppConfig, type RemoteOverride } from './config.ts';
export { ProviderConfigError, resolveProviderMode, type ProviderMode } from './provider-mode.ts';
export { SAFE_FIELDS, createLogger, redactPhi, scrubText, type Logger } from './logger.ts';
export { SHARED_TOKENS, token } from './di/tokens.ts';
export { buildContainer } from './di/container.ts';
export { infrastructureModule } from './di/infrastructure.container-module.ts';
export { providersModule } from './di/providers.container-module.ts';
export { enrollmentModule } from './di/enrollment.container-module.ts';
export { documentsModule } from './di/documents.container-module.ts';
export { paymentsModule } from './di/payments.container-module.ts';
export { paymentServices, reconcilePayments, type PaymentServices } from './payments/payment-deps.ts';
export {
  createMetricsRegistry,
  databaseUnavailableMetrics,
  metricsPortFor,
  operationsMetrics,
  providerCallMetrics,
  startMetricsServer,
  type MetricsRegistry,
  type MetricsServer,
  type OperationsSource,
} from './metrics.ts';
export { observedCalls } from './provider-observer.ts';
