/**
 * The API's container: the shared composition root (@portal/composition, also the worker's) plus
 * the API's own areas, one container module each (patient sessions, the HTTP pieces, booking,
 * staff, payments, dashboard, enrollment; verification is added by the server, with its secret).
 * Each module binds its routers' deps objects: createApp gets one per router.
 */
import type { Container, ContainerModule } from 'inversify';
import { buildContainer as buildSharedContainer, paymentServices, type AppConfig, type Logger } from '@portal/composition';
import { authModule } from './auth.container-module.ts';
import { bookingModule } from './booking.container-module.ts';
import { dashboardModule } from './dashboard.container-module.ts';
import { enrollmentModule } from './enrollment.container-module.ts';
import { httpModule } from './http.container-module.ts';
import { paymentsModule } from './payments.container-module.ts';
import { staffModule } from './staff.container-module.ts';
import { TOKENS } from './tokens.ts';

export const buildContainer = (config: AppConfig, logger: Logger, env: NodeJS.ProcessEnv, extra: readonly ContainerModule[] = []): Container => {
  const areas = [authModule(config), httpModule(), bookingModule(), staffModule(), paymentsModule(), dashboardModule(), enrollmentModule()];
  const container = buildSharedContainer(config, logger, env, [...areas, ...extra]);
  // The payment use cases' deps, built from the container exactly as the worker builds them.
  container.bind(TOKENS.PaymentServices).toDynamicValue(() => paymentServices(container)).inSingletonScope();
  return container;
};
