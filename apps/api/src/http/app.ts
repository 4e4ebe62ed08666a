/** The Koa application: middleware in order, then one router per area. */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Container } from 'inversify';
import type {
  AppointmentRepository,
  AttemptLimiter,
  AuditLog,
  BookingDeps,
  Cards,
  Clock,
  DatabaseHealth,
  DocumentFiling,
  EmailCodes,
  EnrollmentRepository,
  GuestVerification,
  HealthRecord,
  HealthRecordCustomFields,
  HumanCheck,
  Mailer,
  PatientRegistration,
  ProviderCache,
  Scheduling,
  SignedTokens,
  Signing,
  StaffAuditTrail,
  StaffPatientHistory,
  StaffPatientRecords,
  StaffReportRecords,
  StaffSignIn,
  SubscriptionCache,
  UpcomingAppointmentsCache,
  Waitlist,
} from '@portal/core';
import { renderConsentPdf } from '@portal/pdf';
import { icalendarFiles } from '@portal/mail';
import { staffRouter } from './staff.router.ts';
import { staffPayInvoice, staffPortalRouter, type StaffPortalRouterDeps } from './staff-portal.router.ts';
import { documentSubmissionsRouter } from './document-submissions.router.ts';
import { staffAppointmentsRouter } from './staff-appointments.router.ts';
import { staffRecordsRouter } from './staff-records.router.ts';
import { verificationRouter } from './verification.router.ts';
import { cookieNames } from '../auth/cookies.ts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { sessionMiddleware } from '../auth/session.middleware.ts';
import { requestAudit } from './audit.ts';
import { authRouter } from './auth.router.ts';
import { STRIPE_WEBHOOK_PATH, paymentsRouter } from './payments.router.ts';
import { dashboardRouter } from './dashboard.router.ts';
import { nurseLineRouter } from './nurse-line.router.ts';
import { paymentServices, type AppConfig, type Logger } from '@portal/composition';
import { enrollmentsRouter } from './enrollments.router.ts';
import { pathIdShapes } from './path-ids.ts';
import { sha256 } from '../auth/tokens.ts';
import { providersRouter } from './providers.router.ts';
import { appointmentsRouter } from './appointments.router.ts';
import { sameOriginWrites } from './same-origin.ts';
import { callerGate } from './route-access.ts';
import { guestOf } from './guest.ts';
import { TOKENS } from '../di/tokens.ts';
import { configRouter } from './config.router.ts';
import { clientErrorsRouter } from './client-errors.router.ts';
import { HttpError, errorMiddleware } from './errors.ts';
import { frontends } from './frontends.ts';
import { healthRouter, type JobQueueProbe } from './health.router.ts';
import type { ApiMetrics } from '../metrics/api-metrics.ts';
import { requestContext } from './request-context.ts';
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
  const config = container.get<AppConfig>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const app = new Koa({ proxy: config.trustProxy });
  // The one clock of the app (core's Clock port): every router reads time through it.
  const clock = container.get<Clock>(TOKENS.Clock);
  const now = (): Date => clock.now();
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
  const https = config.publicOrigin.startsWith('https:');
  app.use(securityHeaders({ trustedOrigins, https }));
  app.use(errorMiddleware(logger, options.metrics ? { onDatabaseUnavailable: options.metrics.databaseUnavailable } : {}));
  // Cross-site writes are refused before their bodies are read.
  app.use(sameOriginWrites(config.publicOrigin, { trustedOrigins: config.trustedOrigins, exempt: [STRIPE_WEBHOOK_PATH] }));
  const cookies = cookieNames(https);
  const authService = container.get<PatientAuthService>(TOKENS.PatientAuthService);
  const audit = requestAudit(container.get<AuditLog>(TOKENS.AuditLog));
  const emailCodes = container.get<EmailCodes>(TOKENS.EmailCodes);
  app.use(sessionMiddleware(authService, cookies, https));
  // Ids in paths are checked for shape before any query with them or any provider call (finding 5).
  const guestsForIds = container.get<GuestVerification>(TOKENS.GuestVerification);
  app.use(
    pathIdShapes({
      onRefused: async (ctx, { action, requestedId }) => {
        // Audited like the routes' own refusals, for a caller we know (session or verified guest);
        // the junk itself is not stored (it may hold anything), only its length and a hash prefix.
        if (!ctx.state.session && !(await guestOf(ctx, guestsForIds, now()))) return;
        const metadata = { reason: 'malformed_id', requestedIdLength: requestedId.length, requestedIdSha256: sha256(requestedId).slice(0, 16) };
        await audit(ctx, { eventType: 'phi_read', action, statusCode: 404, severity: 'warning', metadata });
      },
    }),
  );
  // Who may call a route is checked before its body is read or validated (route-access.ts).
  const routers: Router[] = [];
  app.use(
    callerGate(routers, {
      service: authService,
      guests: guestsForIds,
      staff: container.get<StaffSignIn>(TOKENS.StaffSignIn),
      now,
    }),
  );
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

  // Booking's ports, for the patients' appointment routes and the staff cutoff override alike.
  const booking: BookingDeps = {
    scheduling: container.get<Scheduling>(TOKENS.Scheduling),
    appointments: container.get<AppointmentRepository>(TOKENS.Appointments),
    upcoming: container.get<UpcomingAppointmentsCache>(TOKENS.UpcomingAppointments),
    clock,
  };

  const staffPortal: StaffPortalRouterDeps = {
    staff: container.get<StaffSignIn>(TOKENS.StaffSignIn),
    healthRecord: container.get<HealthRecord>(TOKENS.HealthRecord),
    history: container.get<StaffPatientHistory>(TOKENS.StaffPatientHistory),
    trail: container.get<StaffAuditTrail>(TOKENS.StaffAuditTrail),
    payments: paymentServices(container),
    audit,
    now,
  };

  routers.push(
    healthRouter(container.get<DatabaseHealth>(TOKENS.DatabaseHealth), config.version, container.get<JobQueueProbe>(TOKENS.OperationsProbe)),
    configRouter(config),
    clientErrorsRouter({ logger, limits: container.get<AttemptLimiter>(TOKENS.AttemptLimiter) }),
    authRouter({ service: authService, audit, cookies, https }),
    paymentsRouter({
      service: authService,
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      clock,
      audit,
      payments: paymentServices(container),
      logger,
      publicOrigin: config.publicOrigin,
      staffPayInvoice: staffPayInvoice(staffPortal),
    }),
    staffPortalRouter(staffPortal),
    staffRecordsRouter({
      staff: staffPortal.staff,
      trail: staffPortal.trail,
      audit,
      records: container.get<StaffPatientHistory & StaffReportRecords>(TOKENS.StaffPatientHistory),
      patientRecords: container.get<StaffPatientHistory & StaffPatientRecords>(TOKENS.StaffPatientHistory),
      cards: container.get<Cards>(TOKENS.Cards),
      booking,
      now,
    }),
    staffAppointmentsRouter({
      staff: staffPortal.staff,
      trail: staffPortal.trail,
      audit,
      booking,
      healthRecord: container.get<HealthRecord>(TOKENS.HealthRecord),
      mailer: container.get<Mailer>(TOKENS.Mailer),
      waitlist: container.get<Waitlist>(TOKENS.Waitlist),
      logger,
      now,
    }),
    verificationRouter({
      codes: emailCodes,
      limits: container.get<AttemptLimiter>(TOKENS.AttemptLimiter),
      mailer: container.get<Mailer>(TOKENS.Mailer),
      humanCheck: container.get<HumanCheck>(TOKENS.HumanCheck),
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      audit,
      logger,
      https,
      now,
    }),
    staffRouter({
      staff: container.get<StaffSignIn>(TOKENS.StaffSignIn),
      limits: container.get<AttemptLimiter>(TOKENS.AttemptLimiter),
      logger,
      audit,
      humanCheck: container.get<HumanCheck>(TOKENS.HumanCheck),
      keys: {
        address: (email) => emailCodes.subjectHash('staff_email', email),
        addressOnDevice: (email, device) => emailCodes.deviceSubjectHash('staff_email', email, device),
        device: (device) => emailCodes.deviceKey(device),
      },
      https,
      now,
    }),
    documentSubmissionsRouter({
      staff: container.get<StaffSignIn>(TOKENS.StaffSignIn),
      filing: container.get<DocumentFiling>(TOKENS.DocumentFiling),
      audit,
      now,
    }),
    enrollmentsRouter({
      service: authService,
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      healthRecord: container.get<HealthRecord & HealthRecordCustomFields & PatientRegistration>(TOKENS.EnrollmentHealthRecord),
      signing: container.get<Signing>(TOKENS.Signing),
      filing: container.get<DocumentFiling>(TOKENS.DocumentFiling),
      renderPdf: (document) => renderConsentPdf(document),
      clock,
      audit,
      limiter: container.get<AttemptLimiter>(TOKENS.AttemptLimiter),
    }),
    dashboardRouter({
      service: authService,
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      cards: container.get<Cards>(TOKENS.Cards),
      clock,
      subscriptionCache: container.get<SubscriptionCache>(TOKENS.SubscriptionCache),
      audit,
    }),
    nurseLineRouter({
      service: authService,
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      cards: container.get<Cards>(TOKENS.Cards),
      clock,
      subscriptionCache: container.get<SubscriptionCache>(TOKENS.SubscriptionCache),
      practice: () => config.practice,
      audit,
    }),
    appointmentsRouter({
      service: authService,
      guests: container.get<GuestVerification>(TOKENS.GuestVerification),
      enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
      healthRecord: container.get<HealthRecord>(TOKENS.HealthRecord),
      providerCache: container.get<ProviderCache>(TOKENS.ProviderCache),
      clock,
      audit,
      mailer: container.get<Mailer>(TOKENS.Mailer),
      calendars: icalendarFiles,
      logger,
      booking,
      waitlist: container.get<Waitlist>(TOKENS.Waitlist),
      tokens: container.get<SignedTokens>(TOKENS.SignedTokens),
      publicOrigin: config.publicOrigin,
    }),
    providersRouter({
      healthRecord: container.get<HealthRecord>(TOKENS.HealthRecord),
      cache: container.get<ProviderCache>(TOKENS.ProviderCache),
      now,
    }),
  );
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  app.use(frontends(config.frontendsDir, config.remoteOverrides, cookies.session));
  return app;
};
