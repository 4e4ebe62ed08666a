/**
 * The API's container: the shared composition root (@portal/composition, also the worker's) plus
 * the API's own areas (patient sessions here; verification is added by the server).
 */
import type { Container, ContainerModule } from 'inversify';
import { buildContainer as buildSharedContainer, type AppConfig, type Logger } from '@portal/composition';
import { authModule } from './auth.container-module.ts';

export const buildContainer = (config: AppConfig, logger: Logger, env: NodeJS.ProcessEnv, extra: readonly ContainerModule[] = []): Container =>
  buildSharedContainer(config, logger, env, [authModule(config), ...extra]);
