/**
 * Who may touch an enrollment (ARCHITECTURE §3: every object served only to its owner): the
 * provider-login session whose person may act for the enrollment's patient, or the verified guest
 * whose guest hash it carries. Anyone else gets 404, so other people's ids cannot be probed.
 */
import type { Context } from 'koa';
import { mayActFor, type BookingCaller, type Clock, type Enrollment, type EnrollmentRepository, type GuestVerification, type PatientSession } from '@portal/core';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import type { RequestAudit } from './audit.ts';
import { HttpError } from './errors.ts';
import { guestOf } from './guest.ts';

export type Requester =
  | { readonly kind: 'session'; readonly session: PatientSession }
  | { readonly kind: 'guest'; readonly email: string; readonly guestHash: string };

/** The caller as core's use cases name it (booking, the language choice). */
export const callerOf = (requester: Requester): BookingCaller =>
  requester.kind === 'session' ? { kind: 'session', session: requester.session } : { kind: 'guest', guestHash: requester.guestHash };

/** Who is asking: the provider-login session, or else the verified guest. Neither: 401. */
export const identify = async (ctx: Context, service: PatientAuthService, guests: GuestVerification, clock: Clock): Promise<Requester> => {
  const auth = ctx.state.auth as { kind: string } | undefined;
  if (auth && auth.kind !== 'none') return { kind: 'session', session: await requireSession(ctx, service) };
  const guest = await guestOf(ctx, guests, clock.now());
  if (!guest) throw new HttpError(401, { error: 'Authentication required', redirect: '/login' });
  return { kind: 'guest', email: guest.email, guestHash: guests.guestHash(guest.email) };
};

/** A session owns the enrollments of patients its person may act for; a guest, those with its hash. */
export const owns = (requester: Requester, enrollment: Enrollment): boolean =>
  requester.kind === 'session'
    ? enrollment.athenaPatientId !== null &&
      (enrollment.athenaPatientId === requester.session.actingPatientId || mayActFor(requester.session, enrollment.athenaPatientId))
    : enrollment.guestHash !== null && enrollment.guestHash === requester.guestHash;

export const ENROLLMENT_NOT_FOUND = (): HttpError => new HttpError(404, { error: 'Not Found', message: 'Enrollment not found.' });

export interface EnrollmentAccessDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly enrollments: EnrollmentRepository;
  readonly clock: Clock;
  readonly audit: RequestAudit;
}

/** The enrollment `id` if the requester owns it; 404 (and an audit row) otherwise. */
export const ownedEnrollment =
  (deps: EnrollmentAccessDeps) =>
  async (ctx: Context, id: string, refusedAction = 'enrollment_access_refused'): Promise<{ enrollment: Enrollment; requester: Requester }> => {
    const requester = await identify(ctx, deps.service, deps.guests, deps.clock);
    const enrollment = await deps.enrollments.findById(id).catch(() => null);
    if (!enrollment || !owns(requester, enrollment)) {
      await deps.audit(ctx, { eventType: 'phi_read', action: refusedAction, statusCode: 404, severity: 'warning', metadata: { requestedId: id.slice(0, 64) } });
      throw ENROLLMENT_NOT_FOUND();
    }
    return { enrollment, requester };
  };
