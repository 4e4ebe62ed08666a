/**
 * Enrollments, provider-login path (spec enrollment-and-payment §4 'Provider-login enrollment
 * path', 'Declining'; §7): POST /api/enrollments/oauth and GET /api/enrollments/{id}.
 *
 * An enrollment is served only to its owner: the provider-login session whose person may act for
 * the enrollment's patient, or the verified guest whose guest hash it carries. Anyone else gets
 * 404, so ids of other people's enrollments cannot be probed.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import {
  PRACTICE_LOCATION_REQUIRED_MESSAGE,
  PRACTICE_LOCATION_REQUIRED_TITLE,
  createOAuthEnrollment,
  mayActFor,
  type Clock,
  type CreateOAuthEnrollmentDeps,
  type CreateOAuthEnrollmentError,
  type Enrollment,
  type EnrollmentRepository,
  type PatientSession,
} from '@portal/core';
import { CreateOAuthEnrollmentRequest, type EnrollmentRecord } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import type { GuestVerification } from '../verification/guest-verification.ts';
import type { RequestAudit } from './audit.ts';
import { HEALTH_RECORD_UNAVAILABLE_MESSAGE, HttpError, ValidationError, decodeOrThrow } from './errors.ts';

export interface EnrollmentsRouterDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly enrollments: EnrollmentRepository;
  readonly healthRecord: CreateOAuthEnrollmentDeps['healthRecord'];
  readonly clock: Clock;
  readonly audit: RequestAudit;
}

const STATUS_OF: Readonly<Record<CreateOAuthEnrollmentError['code'], number>> = {
  'ENROLLMENT.NOT_LINKED': 403,
  'ENROLLMENT.PATIENT_NOT_FOUND': 404,
  'ENROLLMENT.PRACTICE_LOCATION_REQUIRED': 400,
  'ENROLLMENT.MEDICARE_ANSWER_REQUIRED': 400,
  'ENROLLMENT.DATE_OF_BIRTH_REQUIRED': 400,
  'ENROLLMENT.INVALID_DATE_OF_BIRTH': 400,
  'ENROLLMENT.AGE_REQUIREMENT_NOT_MET': 403,
  'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED': 403,
  'ENROLLMENT.ALREADY_ENROLLED': 409,
};

const DEFAULT_TITLE: Readonly<Record<number, string>> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' };

const NOT_FOUND = (): HttpError => new HttpError(404, { error: 'Not Found', message: 'Enrollment not found.' });

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The fields of spec §3 'Enrollment record as read' that the enrollment itself holds. */
const enrollmentRecord = (enrollment: Enrollment): EnrollmentRecord => ({
  id: enrollment.id,
  status: enrollment.status,
  membershipTier: enrollment.membershipTier,
  patientStatus: enrollment.patientStatus === 'existing' || enrollment.patientStatus === 'new' ? enrollment.patientStatus : null,
  createdAt: enrollment.createdAt.toISOString(),
  updatedAt: iso(enrollment.updatedAt),
  membershipStartDate: iso(enrollment.membershipStartDate),
  membershipEndDate: iso(enrollment.membershipEndDate),
  stripeSubscriptionId: enrollment.stripeSubscriptionId,
  signwellDocumentId: enrollment.signwellDocumentId,
});

/** The spec's 'Practice location required' heading when the location is what is missing. */
const decodeRequest = (body: unknown): CreateOAuthEnrollmentRequest => {
  try {
    return decodeOrThrow(CreateOAuthEnrollmentRequest, body);
  } catch (error) {
    const errors = error instanceof ValidationError ? (error.body.errors as ReadonlyArray<{ field: string }> | undefined) : undefined;
    if (errors?.[0]?.field === 'practiceLocation') {
      throw new HttpError(400, { error: PRACTICE_LOCATION_REQUIRED_TITLE, message: PRACTICE_LOCATION_REQUIRED_MESSAGE, errors });
    }
    throw error;
  }
};

export const enrollmentsRouter = (deps: EnrollmentsRouterDeps): Router => {
  const { service, guests, enrollments, healthRecord, clock, audit } = deps;
  const router = new Router();

  router.post('/api/enrollments/oauth', async (ctx) => {
    const session = await requireSession(ctx, service);
    const request = decodeRequest(ctx.request.body);
    let result: Awaited<ReturnType<typeof createOAuthEnrollment>>;
    try {
      result = await createOAuthEnrollment(
        { enrollments, healthRecord, clock },
        { session, patientId: request.patientId, practiceLocation: request.practiceLocation, membershipTier: request.membershipTier },
      );
    } catch (error) {
      // The health record refused the opt-out write: nothing was stored, the user may retry.
      if ((error as Error | undefined)?.name === 'AthenaRejectedError') {
        await audit(ctx, { eventType: 'phi_write', action: 'create_enrollment_failed', statusCode: 503, severity: 'error' });
        throw new HttpError(503, { error: 'Health record unavailable', message: HEALTH_RECORD_UNAVAILABLE_MESSAGE });
      }
      throw error;
    }
    if (E.isLeft(result)) {
      const status = STATUS_OF[result.left.code];
      await audit(ctx, {
        eventType: 'phi_write',
        action: 'create_enrollment_refused',
        statusCode: status,
        severity: status === 403 ? 'warning' : 'info',
        metadata: { reason: result.left.code, patientId: request.patientId },
      });
      throw new HttpError(status, { error: result.left.title ?? DEFAULT_TITLE[status] ?? 'Error', message: result.left.message });
    }
    const enrollment = result.right;
    ctx.status = 201;
    ctx.body = { id: enrollment.id, status: enrollment.status };
    await audit(ctx, {
      eventType: 'phi_write',
      action: enrollment.status === 'declined' ? 'decline_membership' : 'create_enrollment',
      enrollmentId: enrollment.id,
      metadata: { patientId: request.patientId, membershipTier: enrollment.membershipTier },
    });
  });

  router.get('/api/enrollments/:id', async (ctx) => {
    const owns = await ownerCheck(ctx, service, guests, clock);
    const enrollment = await enrollments.findById(ctx.params.id ?? '').catch(() => null);
    if (!enrollment || !owns(enrollment)) {
      await audit(ctx, { eventType: 'phi_read', action: 'read_enrollment_refused', statusCode: 404, severity: 'warning', metadata: { requestedId: (ctx.params.id ?? '').slice(0, 64) } });
      throw NOT_FOUND();
    }
    ctx.body = enrollmentRecord(enrollment);
    await audit(ctx, { eventType: 'phi_read', action: 'read_enrollment', enrollmentId: enrollment.id });
  });

  return router;
};

/**
 * Who is asking, as a test on an enrollment: the provider-login session (its person may act for
 * the patient) or else the verified guest (the guest hash matches). Neither: 401.
 */
const ownerCheck = async (
  ctx: Context,
  service: PatientAuthService,
  guests: GuestVerification,
  clock: Clock,
): Promise<(enrollment: Enrollment) => boolean> => {
  const auth = ctx.state.auth as { kind: string } | undefined;
  if (auth && auth.kind !== 'none') {
    const session: PatientSession = await requireSession(ctx, service);
    return (enrollment) =>
      enrollment.athenaPatientId !== null &&
      (enrollment.athenaPatientId === session.actingPatientId || mayActFor(session, enrollment.athenaPatientId));
  }
  const guest = guests.fromRequest(ctx, clock.now());
  if (!guest) throw new HttpError(401, { error: 'Authentication required', redirect: '/login' });
  const hash = guests.guestHash(guest.email);
  return (enrollment) => enrollment.guestHash !== null && enrollment.guestHash === hash;
};
