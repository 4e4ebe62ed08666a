/**
 * Enrollments (spec enrollment-and-payment §4 'Guest enrollment path', 'Provider-login enrollment
 * path', 'Declining', 'Signing failure'; §7): POST /api/enrollments (guest),
 * POST /api/enrollments/oauth, GET /api/enrollments/{id}, and the signing steps:
 * create-document, create-privacy-document, signature, privacy-signature and
 * GET /api/signwell/verify-completion/{documentId}.
 *
 * An enrollment is served only to its owner: the provider-login session whose person may act for
 * the enrollment's patient, or the verified guest whose guest hash it carries. Anyone else gets
 * 404, so ids of other people's enrollments cannot be probed.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import {
  CRITICAL_DOCUMENT_ERROR_MESSAGE,
  CRITICAL_DOCUMENT_ERROR_TITLE,
  CRITICAL_PRIVACY_DOCUMENT_ERROR_MESSAGE,
  PATIENT_NOT_MATCHED_MESSAGE,
  PATIENT_NOT_MATCHED_TITLE,
  PRACTICE_LOCATION_REQUIRED_MESSAGE,
  PRACTICE_LOCATION_REQUIRED_TITLE,
  createOAuthEnrollment,
  displayName,
  enrollGuest,
  prepareSigningDocument,
  recordSignedDocument,
  type ChartDocumentType,
  type Clock,
  type DocumentFiling,
  type EnrollGuestDeps,
  type Enrollment,
  type EnrollmentRepository,
  type AttemptLimiter,
  type GuestVerification,
  type HealthRecordPatient,
  type SigningDeps,
  type SigningParties,
  type Signing,
} from '@portal/core';
import { CreateEnrollmentRequest, CreateOAuthEnrollmentRequest, SignatureRequest, type EnrollmentRecord } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import { GUEST_ENROLLMENT_UNVERIFIED, guestOf } from './guest.ts';
import type { RequestAudit } from './audit.ts';
import { ENROLLMENT_NOT_FOUND, identify, ownedEnrollment as ownedEnrollmentOf, owns, type Requester } from './enrollment-access.ts';
import { HEALTH_RECORD_UNAVAILABLE_MESSAGE, HttpError, ValidationError, decodeOrThrow } from './errors.ts';
import { statusOf, type RefusalCode } from './error-status.ts';

export interface EnrollmentsRouterDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly enrollments: EnrollmentRepository;
  readonly healthRecord: EnrollGuestDeps['healthRecord'];
  readonly signing: Signing;
  readonly filing: DocumentFiling;
  readonly renderPdf: SigningDeps['renderPdf'];
  readonly clock: Clock;
  readonly audit: RequestAudit;
  /** Counts patient-match attempts (shared by every instance). */
  readonly limiter: AttemptLimiter;
  /** How long a signature call waits for the chart filing before answering 'processing' (ms). */
  readonly uploadWaitMs?: number;
}

const DEFAULT_TITLE: Readonly<Record<number, string>> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' };

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The fields of spec §3 'Enrollment record as read' that the enrollment itself holds. */
export const enrollmentRecord = (enrollment: Enrollment): EnrollmentRecord => ({
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
  privacyPracticesDocumentId: enrollment.privacyPracticesDocumentId,
  isGuardianSigning: enrollment.isGuardianSigning,
});

/**
 * GET /api/enrollments/{id}: the record with the person fields of spec §3 'Enrollment record as
 * read' — the patient's first and last name and the email on their chart (originalPatientEmail),
 * the billing email a provider-login user chose (hasBillingEmail, billingEmail), and `email`: the
 * address Stripe writes to (the billing email when there is one, else the chart's). Names and
 * emails are null when the health record cannot be read just now.
 */
export const enrollmentRecordAsRead = (
  enrollment: Enrollment,
  patient: Pick<HealthRecordPatient, 'firstName' | 'lastName' | 'email'> | null,
): EnrollmentRecord => {
  const chartEmail = patient?.email?.trim() || null;
  return {
    ...enrollmentRecord(enrollment),
    firstName: patient?.firstName ?? null,
    lastName: patient?.lastName ?? null,
    email: enrollment.billingEmail ?? chartEmail,
    hasBillingEmail: enrollment.billingEmail !== null,
    billingEmail: enrollment.billingEmail,
    originalPatientEmail: chartEmail,
  };
};

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

const refused = (code: RefusalCode, title: string | undefined, message: string, retryAfterSeconds?: number): HttpError => {
  const status = statusOf(code);
  return new HttpError(status, { error: title ?? DEFAULT_TITLE[status] ?? 'Error', message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const enrollmentsRouter = (deps: EnrollmentsRouterDeps): Router => {
  const { service, guests, enrollments, healthRecord, clock, audit, limiter } = deps;
  const signingDeps: SigningDeps = { enrollments, signing: deps.signing, filing: deps.filing, clock, renderPdf: deps.renderPdf };
  const router = new Router();

  /** A refused creation: its audit row (no PHI beyond ids) and the spec's error body. */
  const refuseCreation = async (
    ctx: Context,
    error: { readonly code: RefusalCode; readonly title?: string | undefined; readonly message: string; readonly retryAfterSeconds?: number },
    metadata: Record<string, string>,
  ): Promise<HttpError> => {
    const status = statusOf(error.code);
    await audit(ctx, {
      eventType: 'phi_write',
      action: 'create_enrollment_refused',
      statusCode: status,
      severity: status === 403 ? 'warning' : 'info',
      metadata: { reason: error.code, ...metadata },
    });
    return refused(error.code, error.title, error.message, error.retryAfterSeconds);
  };

  router.post('/api/enrollments', async (ctx) => {
    const guest = await guestOf(ctx, guests, clock.now());
    if (!guest) throw GUEST_ENROLLMENT_UNVERIFIED();
    const form = decodeOrThrow(CreateEnrollmentRequest, ctx.request.body);
    let result: Awaited<ReturnType<typeof enrollGuest>>;
    try {
      result = await enrollGuest(
        { enrollments, healthRecord, clock, limiter },
        {
          form,
          verified: { email: guest.email, phone: guest.phone, guestHash: guests.guestHash(guest.email) },
          attemptKeys: { guestToken: guests.tokenKey(guest), email: guests.guestHash(guest.email), ip: ctx.ip },
        },
      );
    } catch (error) {
      // The health record refused the registration or the opt-out: nothing was stored here.
      const name = (error as Error | undefined)?.name;
      if (name === 'HealthRecordRejectedError' || name === 'AthenaRejectedError') {
        await audit(ctx, { eventType: 'phi_write', action: 'create_enrollment_failed', statusCode: 422, severity: 'error', metadata: { reason: name } });
        throw new HttpError(422, { error: PATIENT_NOT_MATCHED_TITLE, message: PATIENT_NOT_MATCHED_MESSAGE });
      }
      throw error;
    }
    if (E.isLeft(result)) throw await refuseCreation(ctx, result.left, { patientStatus: form.patientStatus });
    const { enrollment, patientCreated, possibleDuplicate } = result.right;
    ctx.status = 201;
    ctx.body = { id: enrollment.id, status: enrollment.status };
    await audit(ctx, {
      eventType: 'phi_write',
      action: enrollment.status === 'declined' ? 'decline_membership' : 'create_enrollment',
      enrollmentId: enrollment.id,
      metadata: { patientId: enrollment.athenaPatientId, patientCreated, possibleDuplicate, membershipTier: enrollment.membershipTier, guardian: enrollment.isGuardianSigning },
    });
  });

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
    if (E.isLeft(result)) throw await refuseCreation(ctx, result.left, { patientId: request.patientId });
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

  const ownedEnrollment = ownedEnrollmentOf({ service, guests, enrollments, clock, audit });

  router.get('/api/enrollments/:id', async (ctx) => {
    const { enrollment } = await ownedEnrollment(ctx, String(ctx.params.id ?? ''), 'read_enrollment_refused');
    // Only the owner gets here: the patient's names and email come from the health record.
    const patient = enrollment.athenaPatientId ? await healthRecord.getPatient(enrollment.athenaPatientId).catch(() => null) : null;
    ctx.body = enrollmentRecordAsRead(enrollment, patient);
    await audit(ctx, { eventType: 'phi_read', action: 'read_enrollment', enrollmentId: enrollment.id });
  });


  /** Who signs and whom the document names: the session's person, or the guest (and the record's patient). */
  const partiesFor = async (requester: Requester, enrollment: Enrollment): Promise<SigningParties> => {
    if (requester.kind === 'session') {
      const { session } = requester;
      const person = session.person;
      if (!person.email) {
        throw new HttpError(422, { error: 'Email Required', message: 'An email address on file is required to sign. Please contact the practice to add one.' });
      }
      const patient =
        enrollment.athenaPatientId === person.patientId
          ? person
          : (session.linkedPatients.find((linked) => linked.patientId === enrollment.athenaPatientId)?.profile ?? null);
      const patientName = patient ? displayName(patient) : displayName(session.acting);
      const actingForOther = enrollment.athenaPatientId !== person.patientId;
      return { signer: { name: displayName(person), email: person.email }, patientName, guardianName: actingForOther ? displayName(person) : null };
    }
    const record = enrollment.athenaPatientId ? await healthRecord.getPatient(enrollment.athenaPatientId) : null;
    const patientName = record ? `${record.firstName} ${record.lastName}`.trim() : (enrollment.signerName ?? '');
    const signerName = enrollment.signerName ?? patientName;
    return { signer: { name: signerName, email: requester.email }, patientName, guardianName: enrollment.isGuardianSigning ? signerName : null };
  };

  const createDocumentRoute = (type: ChartDocumentType) => async (ctx: Context) => {
    const { enrollment, requester } = await ownedEnrollment(ctx, String(ctx.params.id ?? ''));
    const result = await prepareSigningDocument(signingDeps, { enrollmentId: enrollment.id, type, parties: await partiesFor(requester, enrollment), locale: ctx.state.locale });
    if (E.isLeft(result)) {
      if (result.left.code === 'ENROLLMENT.NOT_FOUND') throw ENROLLMENT_NOT_FOUND();
      throw refused(result.left.code, result.left.title, result.left.message);
    }
    ctx.body = { embeddedUrl: result.right.embeddedUrl ?? '', documentId: result.right.documentId, isComplete: result.right.completed, bodyLocale: result.right.bodyLocale };
    await audit(ctx, { eventType: 'phi_write', action: type === 'membership_agreement' ? 'create_signing_document' : 'create_privacy_document', enrollmentId: enrollment.id });
  };
  router.post('/api/enrollments/:id/create-document', createDocumentRoute('membership_agreement'));
  router.post('/api/enrollments/:id/create-privacy-document', createDocumentRoute('privacy_practices'));

  const signatureRoute = (type: ChartDocumentType) => async (ctx: Context) => {
    const { enrollment } = await ownedEnrollment(ctx, String(ctx.params.id ?? ''));
    const { documentId } = decodeOrThrow(SignatureRequest, ctx.request.body);
    const result = await recordSignedDocument(signingDeps, { enrollment, type, documentId });
    if (E.isLeft(result)) {
      if (result.left.code === 'ENROLLMENT.NOT_FOUND') throw ENROLLMENT_NOT_FOUND();
      throw refused(result.left.code, result.left.title, result.left.message);
    }
    let upload = result.right.upload;
    // The filing usually takes a moment: wait a little so most answers are final.
    // Elapsed time, not the time of day: a monotonic timer, not the Clock (docs/conventions/clock.md).
    const deadline = performance.now() + (deps.uploadWaitMs ?? 4000);
    while (upload === 'processing' && performance.now() < deadline) {
      await sleep(200);
      upload = (await deps.filing.latest(enrollment.id, type))?.status ?? upload;
    }
    await audit(ctx, {
      eventType: 'phi_write',
      action: type === 'membership_agreement' ? 'record_signature' : 'record_privacy_signature',
      enrollmentId: enrollment.id,
      statusCode: upload === 'failed' ? 502 : 200,
      severity: upload === 'failed' ? 'error' : 'info',
      metadata: { upload: upload ?? 'none', declined: result.right.declined },
    });
    if (upload === 'failed') {
      ctx.status = 502;
      ctx.body = {
        error: CRITICAL_DOCUMENT_ERROR_TITLE,
        message: type === 'membership_agreement' ? CRITICAL_DOCUMENT_ERROR_MESSAGE : CRITICAL_PRIVACY_DOCUMENT_ERROR_MESSAGE,
        critical: true,
      };
      return;
    }
    ctx.body = {
      status: result.right.status,
      requiresPrivacyPractices: result.right.requiresPrivacyPractices,
      declined: result.right.declined,
      ...(upload ? { upload } : {}),
    };
  };
  router.post('/api/enrollments/:id/signature', signatureRoute('membership_agreement'));
  router.post('/api/enrollments/:id/privacy-signature', signatureRoute('privacy_practices'));

  router.get('/api/signwell/verify-completion/:documentId', async (ctx) => {
    const requester = await identify(ctx, service, guests, clock);
    const documentId = String(ctx.params.documentId ?? '');
    const enrollment = await enrollments.findBySigningDocument(documentId).catch(() => null);
    if (!enrollment || !owns(requester, enrollment)) {
      await audit(ctx, { eventType: 'phi_read', action: 'verify_document_refused', statusCode: 404, severity: 'warning' });
      throw new HttpError(404, { error: 'Not Found', message: 'Document not found.' });
    }
    const document = await deps.signing.getDocument(documentId);
    ctx.body = { isComplete: document?.completed ?? false, declined: document?.declined ?? false };
    await audit(ctx, { eventType: 'phi_read', action: 'verify_document', enrollmentId: enrollment.id });
  });

  return router;
};
