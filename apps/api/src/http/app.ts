/** The Koa application: middleware in order, then one router per area (each router's deps from the container, apps/api/src/di). */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Container } from 'inversify';
import { staffRouter } from './staff.router.ts';
import { staffPortalRouter } from './staff-portal.router.ts';
import { documentSubmissionsRouter } from './document-submissions.router.ts';
import { staffAppointmentsRouter } from './staff-appointments.router.ts';
import { staffRecordsRouter } from './staff-records.router.ts';
import { verificationRouter } from './verification.router.ts';
import { sessionMiddleware } from '../auth/session.middleware.ts';
import { authRouter } from './auth.router.ts';
import { STRIPE_WEBHOOK_PATH, paymentsRouter } from './payments.router.ts';
import { dashboardRouter } from './dashboard.router.ts';
import { nurseLineRouter } from './nurse-line.router.ts';
import { languageRouter } from './language.router.ts';
import { enrollmentsRouter } from './enrollments.router.ts';
import { pathIdShapes } from './path-ids.ts';
import { sha256 } from '../auth/tokens.ts';
import { providersRouter } from './providers.router.ts';
import { appointmentsRouter } from './appointments.router.ts';
import { sameOriginWrites } from './same-origin.ts';
import { callerGate } from './route-access.ts';
import { guestOf } from './guest.ts';
import { TOKENS, resolve } from '../di/tokens.ts';
import { configRouter } from './config.router.ts';
import { clientErrorsRouter } from './client-errors.router.ts';
import { HttpError, errorMiddleware } from './errors.ts';
import { frontends } from './frontends.ts';
import { healthRouter } from './health.router.ts';
import type { ApiMetrics } from '../metrics/api-metrics.ts';
import { requestContext } from './request-context.ts';
import { requestLocaleMiddleware } from './request-locale.ts';
import { securityHeaders } from './security-headers.ts';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** One route of the API: its method and path pattern as registered ('/api/enrollments/:id'). */
export interface ApiRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * Every route the app's routers register (HEAD left out: the router answers it for each GET).
 * The fuzz suite compares its own list with this one, so a new route cannot go unfuzzed.
 */
export const registeredRoutes = (app: Koa): ApiRoute[] =>
  app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: unknown }).router;
    if (!(router instanceof Router)) return [];
    return router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
    );
  });

export interface CreateAppOptions {
  /** Request, latency and database-unavailable metrics (served on the metrics port, never here). */
  readonly metrics?: ApiMetrics;
}

export const createApp = (container: Container, options: CreateAppOptions = {}): Koa => {
  const config = resolve(container, TOKENS.Config);
  const logger = resolve(container, TOKENS.Logger);
  const app = new Koa({ proxy: config.trustProxy });
  app.silent = true; // errors are logged by the error middleware, redacted

  const trustedOrigins = [
    ...config.remoteOverrides.map(({ url }) => url),
    ...Object.values(config.scripts),
    config.signwellAppUrl,
    config.stripeApiBase,
    ...(config.stripeApiBase.includes('stripe.com') ? ['https://hooks.stripe.com', 'https://m.stripe.network'] : []),
    // Phone auth: the emulator (the sandbox), or Google's endpoints and reCAPTCHA in production.
    ...(config.firebase.emulatorHost
      ? [`http://${config.firebase.emulatorHost}`]
      : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.google.com', 'https://www.gstatic.com']),
  ]
    .map(originOf)
    .filter((origin): origin is string => origin !== null);

  if (options.metrics) app.use(options.metrics.http.middleware);
  app.use(requestContext(logger));
  // The request's language (cookie, then Accept-Language): the page, the emails and what a booking remembers.
  app.use(requestLocaleMiddleware);
  const https = resolve(container, TOKENS.Https);
  app.use(securityHeaders({ trustedOrigins, https }));
  app.use(errorMiddleware(logger, options.metrics ? { onDatabaseUnavailable: options.metrics.databaseUnavailable } : {}));
  // Cross-site writes are refused before their bodies are read.
  app.use(sameOriginWrites(config.publicOrigin, { trustedOrigins: config.trustedOrigins, exempt: [STRIPE_WEBHOOK_PATH] }));
  const cookies = resolve(container, TOKENS.CookieNames);
  const audit = resolve(container, TOKENS.RequestAudit);
  // Who is calling: a session, a verified guest, a staff member; and the one clock (core's Clock port).
  const callers = resolve(container, TOKENS.CallerGateDeps);
  app.use(sessionMiddleware(callers.service, cookies, https));
  // Ids in paths are checked for shape before any query with them or any provider call (finding 5).
  app.use(
    pathIdShapes({
      onRefused: async (ctx, { action, requestedId }) => {
        // Audited like the routes' own refusals, for a caller we know (session or verified guest);
        // the junk itself is not stored (it may hold anything), only its length and a hash prefix.
        if (!ctx.state.session && !(await guestOf(ctx, callers.guests, callers.now()))) return;
        const metadata = { reason: 'malformed_id', requestedIdLength: requestedId.length, requestedIdSha256: sha256(requestedId).slice(0, 16) };
        await audit(ctx, { eventType: 'phi_read', action, statusCode: 404, severity: 'warning', metadata });
      },
    }),
  );
  // Who may call a route is checked before its body is read or validated (route-access.ts).
  const routers: Router[] = [];
  app.use(callerGate(routers, callers));
  const jsonBody = bodyParser({
    enableTypes: ['json'],
    jsonLimit: '256kb',
    encoding: 'utf-8',
    onError: (error) => {
      const tooLarge = (error as { status?: number }).status === 413;
      throw new HttpError(tooLarge ? 413 : 400, { error: tooLarge ? 'Request body too large' : 'Invalid JSON body' });
    },
  });
  // The Stripe webhook reads its raw body itself: the signature covers the exact bytes.
  app.use((ctx, next) => (ctx.path === STRIPE_WEBHOOK_PATH ? next() : jsonBody(ctx, next)));

  // One deps object per router, built by its area's container module (apps/api/src/di).
  routers.push(
    healthRouter(...resolve(container, TOKENS.HealthRouterArgs)),
    configRouter(config),
    clientErrorsRouter(resolve(container, TOKENS.ClientErrorsRouterDeps)),
    authRouter(resolve(container, TOKENS.AuthRouterDeps)),
    paymentsRouter(resolve(container, TOKENS.PaymentsRouterDeps)),
    staffPortalRouter(resolve(container, TOKENS.StaffPortalRouterDeps)),
    staffRecordsRouter(resolve(container, TOKENS.StaffRecordsRouterDeps)),
    staffAppointmentsRouter(resolve(container, TOKENS.StaffAppointmentsRouterDeps)),
    verificationRouter(resolve(container, TOKENS.VerificationRouterDeps)),
    staffRouter(resolve(container, TOKENS.StaffRouterDeps)),
    documentSubmissionsRouter(resolve(container, TOKENS.DocumentSubmissionsRouterDeps)),
    enrollmentsRouter(resolve(container, TOKENS.EnrollmentsRouterDeps)),
    dashboardRouter(resolve(container, TOKENS.DashboardRouterDeps)),
    nurseLineRouter(resolve(container, TOKENS.NurseLineRouterDeps)),
    languageRouter(resolve(container, TOKENS.LanguageRouterDeps)),
    appointmentsRouter(resolve(container, TOKENS.AppointmentsRouterDeps)),
    providersRouter(resolve(container, TOKENS.ProvidersRouterDeps)),
  );
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  app.use(frontends(config.frontendsDir, config.remoteOverrides, cookies.session));
  return app;
};
