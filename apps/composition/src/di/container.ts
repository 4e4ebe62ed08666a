/**
 * The shared composition root: the only place that knows which adapter serves which port, for the
 * API and the worker alike. One container module per area; an app adds its own through `extra`
 * (the API: patient sessions and verification).
 */
import { Container, type ContainerModule } from 'inversify';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { documentsModule } from './documents.container-module.ts';
import { enrollmentModule } from './enrollment.container-module.ts';
import { infrastructureModule } from './infrastructure.container-module.ts';
import { paymentsModule } from './payments.container-module.ts';
import { providersModule } from './providers.container-module.ts';

export const buildContainer = (config: AppConfig, logger: Logger, env: NodeJS.ProcessEnv, extra: readonly ContainerModule[] = []): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(config, logger), providersModule(env), enrollmentModule(env), documentsModule(), paymentsModule(env), ...extra);
  return container;
};
