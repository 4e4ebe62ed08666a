/**
 * Who may call each API route, in one table (issue 23, finding 4). A route is for a caller — a
 * provider-login session or a verified guest — unless it is listed here as public or guest-only,
 * or lives under /api/staff/ (a staff bearer session). `callerGate` answers 401 to a request without the
 * credential its route needs before the body is read, validated or any provider is called, so an
 * anonymous caller learns nothing of a route's fields. The routes still check who the caller is
 * (`identify`, `requireSession`, `requireStaff`) and what they may touch: the gate only refuses
 * early what they would refuse later.
 *
 * The route table test (security/route-access.int.test.ts) lists the routes from the routers
 * themselves: a new route is protected unless it is added to PUBLIC_ROUTES with its reason.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { GuestVerification, StaffSignIn } from '@portal/core';
import { SESSION_EXPIRED_BODY } from '../auth/session.middleware.ts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { HttpError } from './errors.ts';
import { GUEST_ENROLLMENT_UNVERIFIED, VERIFICATION_EXPIRED, guestOf } from './guest.ts';
import { requireStaff } from './staff.router.ts';

export type RouteAccess = 'public' | 'caller' | 'guest' | 'staff' | 'caller_or_staff';

/** Routes anyone may call, each with why ('METHOD /path' as the router registers it). */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/health': 'liveness, no data',
  'GET /api/ready': 'readiness, counts only',
  'GET /api/config': 'public provider settings the pages start with',
  'GET /api/config/practice': "the practice's public details",
  'POST /api/client-errors': 'a page reports an answer it could not decode, signed in or not (rate-limited)',
  'GET /api/providers': "the practice's provider directory",
  'GET /api/auth/config': 'public login settings',
  'GET /api/auth/athena': 'starts a login',
  'GET /api/auth/callback': 'ends a login (state and PKCE are its proof)',
  'GET /api/auth/session': 'answers whether there is a session at all (isAuthenticated: false)',
  'GET /api/auth/status': 'answers whether there is a session at all',
  'POST /api/auth/logout': 'signing out without a session is harmless',
  'POST /api/verify-email/send-otp': "a guest's first step (human check, rate limits)",
  'POST /api/verify-email/verify-otp': "a guest's code (attempt limits)",
  'POST /api/verify-email/check-session': 'checks an email session the body names',
  'POST /api/verify-phone': 'exchanges a phone sign-in for the guest token',
  'POST /api/staff/send-otp': "staff's first step (human check, rate limits, no answer tells the list)",
  'POST /api/staff/verify-otp': "staff's code (attempt limits)",
  'POST /api/staff/logout': 'signing out without a session is harmless',
  'POST /api/stripe/webhook': "Stripe's signature is the proof",
  'GET /api/appointment-types': "the practice's appointment types",
  'GET /api/appointments/availability': "the practice's open slots",
  'POST /api/waitlist-offers/view': "the emailed offer's signed token is the proof",
  'POST /api/waitlist-offers/take': "the emailed offer's signed token is the proof",
};

/** Routes for a verified guest only, each refused with the words its page understands. */
const GUEST_ROUTES: Readonly<Record<string, () => HttpError>> = {
  'GET /api/guest/session': VERIFICATION_EXPIRED,
  'POST /api/enrollments': GUEST_ENROLLMENT_UNVERIFIED,
};

/** Staff or a patient caller: the staff portal pays an invoice with the same route (a bearer picks staff). */
const CALLER_OR_STAFF = new Set(['POST /api/stripe/pay-invoice']);

export const routeAccess = (key: string): RouteAccess => {
  if (key in PUBLIC_ROUTES) return 'public';
  if (key in GUEST_ROUTES) return 'guest';
  if (CALLER_OR_STAFF.has(key)) return 'caller_or_staff';
  return key.split(' ')[1]?.startsWith('/api/staff/') ? 'staff' : 'caller';
};

/** The route a request will reach: its key ('POST /api/enrollments/:id/payment') and pattern, if any. */
export const matchedRoute = (routers: readonly Router[], ctx: Pick<Context, 'path' | 'method'>): { readonly key: string; readonly pattern: string } | null => {
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  for (const router of routers) {
    const layer = router.match(ctx.path, method).pathAndMethod.find((candidate) => candidate.methods.length > 0);
    if (layer) return { key: `${method} ${String(layer.path)}`, pattern: String(layer.path) };
  }
  return null;
};

export interface CallerGateDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly staff: StaffSignIn;
  readonly now: () => Date;
}

const AUTHENTICATION_REQUIRED = () => new HttpError(401, { error: 'Authentication required', redirect: '/login' });

/** A session (active, or linked elsewhere: the route answers that) or a verified guest; 401 otherwise. */
const requireCaller = async (ctx: Context, deps: CallerGateDeps): Promise<void> => {
  const auth = ctx.state.auth as Awaited<ReturnType<PatientAuthService['load']>> | undefined;
  if (auth?.kind === 'active' || auth?.kind === 'forbidden') return;
  if (auth?.kind === 'expired') throw new HttpError(401, { ...SESSION_EXPIRED_BODY });
  if (!(await guestOf(ctx, deps.guests, deps.now()))) throw AUTHENTICATION_REQUIRED();
};

/** Runs after the session cookie is read and before the body parser (app.ts). */
export const callerGate = (routers: readonly Router[], deps: CallerGateDeps) => async (ctx: Context, next: Next): Promise<void> => {
  if (!ctx.path.startsWith('/api/')) return next();
  const route = matchedRoute(routers, ctx);
  if (route === null) return next();
  // The router names the route for the access log and metrics; a request refused here keeps that name.
  (ctx as Context & { _matchedRoute?: string })._matchedRoute = route.pattern;
  const { key } = route;
  const access = routeAccess(key);
  if (access === 'caller') await requireCaller(ctx, deps);
  else if (access === 'guest' && !(await guestOf(ctx, deps.guests, deps.now()))) throw (GUEST_ROUTES[key] ?? VERIFICATION_EXPIRED)();
  else if (access === 'staff' || (access === 'caller_or_staff' && ctx.get('Authorization') !== '')) await requireStaff(ctx, deps.staff, deps.now());
  else if (access === 'caller_or_staff') await requireCaller(ctx, deps);
  return next();
};
