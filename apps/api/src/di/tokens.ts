/**
 * Service identifiers of the API's container: the shared ones (@portal/composition), the API's
 * own services (patient sessions, verification), and one deps object per router, built by the
 * areas' container modules (auth, verification, booking, staff, payments, dashboard, enrollment,
 * http). Core classes and the routers stay free of Inversify.
 */
import type { Bind, ResolutionContext } from 'inversify';
import { SHARED_TOKENS, token, type PaymentServices } from '@portal/composition';
import type { AttemptLimiter, BookingDeps, EmailCodes, GuestVerification, HumanCheck, PhoneAuth, Secrets, SignedTokens, StaffSignIn } from '@portal/core';
import type { SessionChangeFeed } from '@portal/persistence';
import type { CookieNames } from '../auth/cookies.ts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import type { AppointmentsRouterDeps } from '../http/appointments.router.ts';
import type { RequestAudit } from '../http/audit.ts';
import type { authRouter } from '../http/auth.router.ts';
import type { clientErrorsRouter } from '../http/client-errors.router.ts';
import type { DashboardRouterDeps } from '../http/dashboard.router.ts';
import type { documentSubmissionsRouter } from '../http/document-submissions.router.ts';
import type { EnrollmentsRouterDeps } from '../http/enrollments.router.ts';
import type { healthRouter } from '../http/health.router.ts';
import type { LanguageRouterDeps } from '../http/language.router.ts';
import type { NurseLineRouterDeps } from '../http/nurse-line.router.ts';
import type { PaymentsRouterDeps } from '../http/payments.router.ts';
import type { providersRouter } from '../http/providers.router.ts';
import type { CallerGateDeps } from '../http/route-access.ts';
import type { StaffAppointmentsRouterDeps } from '../http/staff-appointments.router.ts';
import type { StaffPortalRouterDeps } from '../http/staff-portal.router.ts';
import type { StaffRecordsRouterDeps } from '../http/staff-records.router.ts';
import type { StaffRouterDeps } from '../http/staff.router.ts';
import type { verificationRouter } from '../http/verification.router.ts';

/** A token carries the type of what it names (phantom): `resolve` reads it back. */
export type Token<T> = symbol & { readonly __type?: T };

/** `container.get` typed by the token: `resolve(container, TOKENS.AuthRouterDeps)`. */
export const resolve = <T>(from: { get<U>(serviceIdentifier: symbol): U }, id: Token<T>): T => from.get<T>(id);

/**
 * Binds a token to a value built once, on first use, from the container: the builder must return
 * what the token names (the type is read from the token, never from the builder).
 */
export const bindBuilt = <T>(bind: Bind, id: Token<T>, build: (context: ResolutionContext) => NoInfer<T>): void => {
  bind<T>(id).toDynamicValue(build).inSingletonScope();
};

/** The deps object of a router whose deps are declared inline, not as an exported interface. */
type DepsOf<Router extends (deps: never) => unknown> = Parameters<Router>[0];

export const TOKENS = {
  ...SHARED_TOKENS,
  PatientAuthService: token<PatientAuthService>('PatientAuthService'),
  SessionChanges: token<SessionChangeFeed>('SessionChanges'),
  Secrets: token<Secrets>('Secrets'),
  SignedTokens: token<SignedTokens>('SignedTokens'),
  PhoneAuth: token<PhoneAuth>('PhoneAuth'),
  HumanCheck: token<HumanCheck>('HumanCheck'),
  AttemptLimiter: token<AttemptLimiter>('AttemptLimiter'),
  EmailCodes: token<EmailCodes>('EmailCodes'),
  GuestVerification: token<GuestVerification>('GuestVerification'),
  StaffSignIn: token<StaffSignIn>('StaffSignIn'),

  // The HTTP pieces every area shares (http.container-module.ts).
  /** The public origin is https: secure, __Host- cookies and HSTS. */
  Https: token<boolean>('Https'),
  CookieNames: token<CookieNames>('CookieNames'),
  /** Audits a request's outcome with its caller (session, IP) read from the request. */
  RequestAudit: token<RequestAudit>('RequestAudit'),
  CallerGateDeps: token<CallerGateDeps>('CallerGateDeps'),
  /** healthRouter's arguments (database, version, job queue): it takes them one by one. */
  HealthRouterArgs: token<Parameters<typeof healthRouter>>('HealthRouterArgs'),
  ClientErrorsRouterDeps: token<DepsOf<typeof clientErrorsRouter>>('ClientErrorsRouterDeps'),
  // Auth and verification (auth.container-module.ts, verification.container-module.ts).
  AuthRouterDeps: token<DepsOf<typeof authRouter>>('AuthRouterDeps'),
  VerificationRouterDeps: token<DepsOf<typeof verificationRouter>>('VerificationRouterDeps'),
  // Booking (booking.container-module.ts).
  BookingDeps: token<BookingDeps>('BookingDeps'),
  AppointmentsRouterDeps: token<AppointmentsRouterDeps>('AppointmentsRouterDeps'),
  ProvidersRouterDeps: token<DepsOf<typeof providersRouter>>('ProvidersRouterDeps'),
  // Staff (staff.container-module.ts).
  StaffRouterDeps: token<StaffRouterDeps>('StaffRouterDeps'),
  StaffPortalRouterDeps: token<StaffPortalRouterDeps>('StaffPortalRouterDeps'),
  StaffRecordsRouterDeps: token<StaffRecordsRouterDeps>('StaffRecordsRouterDeps'),
  StaffAppointmentsRouterDeps: token<StaffAppointmentsRouterDeps>('StaffAppointmentsRouterDeps'),
  DocumentSubmissionsRouterDeps: token<DepsOf<typeof documentSubmissionsRouter>>('DocumentSubmissionsRouterDeps'),
  // Payments (container.ts binds PaymentServices; payments.container-module.ts the router's deps).
  PaymentServices: token<PaymentServices>('PaymentServices'),
  PaymentsRouterDeps: token<PaymentsRouterDeps>('PaymentsRouterDeps'),
  // Dashboard (dashboard.container-module.ts).
  DashboardRouterDeps: token<DashboardRouterDeps>('DashboardRouterDeps'),
  NurseLineRouterDeps: token<NurseLineRouterDeps>('NurseLineRouterDeps'),
  /** PUT /api/me/language (issue 26): the patient's language kept with the patient. */
  LanguageRouterDeps: token<LanguageRouterDeps>('LanguageRouterDeps'),
  // Enrollment (enrollment.container-module.ts).
  EnrollmentsRouterDeps: token<EnrollmentsRouterDeps>('EnrollmentsRouterDeps'),
} as const;
