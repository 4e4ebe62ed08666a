/**
 * The composition root: the only place that knows which adapter serves which port.
 * One container module per area; later areas (booking, payments, staff) add theirs.
 */
import { Container, type ContainerModule } from 'inversify';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { authModule } from './auth.container-module.ts';
import { documentsModule } from './documents.container-module.ts';
import { enrollmentModule } from './enrollment.container-module.ts';
import { infrastructureModule } from './infrastructure.container-module.ts';
import { paymentsModule } from './payments.container-module.ts';

export const buildContainer = (config: AppConfig, logger: Logger, env: NodeJS.ProcessEnv, extra: readonly ContainerModule[] = []): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(config, logger), authModule(config, env), enrollmentModule(env), documentsModule(), paymentsModule(env), ...extra);
  return container;
};
