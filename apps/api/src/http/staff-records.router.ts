/**
 * What staff read about the practice and one patient (issue 14; decision 0029), each route with
 * the staff bearer (401 otherwise) and one `staff_audit_trail` row and one `audit_logs` row:
 *
 * - GET /api/staff/report?from=YYYY-MM-DD&to=YYYY-MM-DD: the practice report (counts only);
 * - POST /api/staff/patient-record {patientId}: enrollments, documents and their filing, Stripe
 *   subscriptions and upcoming appointments of one patient.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { practiceReport, staffPatientRecord, type BookingDeps, type Cards, type StaffAuditTrail, type StaffPatientRecords, type StaffReportRecords, type StaffSignIn } from '@portal/core';
import { StaffPatientRecordRequest, StaffReportQuery } from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { requireStaff } from './staff.router.ts';

export interface StaffRecordsRouterDeps {
  readonly staff: StaffSignIn;
  readonly trail: StaffAuditTrail;
  readonly audit: RequestAudit;
  readonly records: StaffReportRecords;
  readonly patientRecords: StaffPatientRecords;
  readonly cards: Pick<Cards, 'getSubscription'>;
  readonly booking: BookingDeps;
  readonly now: () => Date;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const validation = (field: string, message: string) => new HttpError(400, { error: 'Validation failed', message, errors: [{ field, message }] });

export const staffRecordsRouter = (deps: StaffRecordsRouterDeps): Router => {
  const { staff, trail, audit, now } = deps;
  const router = new Router();

  router.get('/api/staff/report', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const { from, to } = decodeOrThrow(StaffReportQuery, ctx.query);
    const report = await practiceReport({ records: deps.records }, { from, to }, now());
    if (E.isLeft(report)) throw validation('from', report.left.message);
    await trail.record({ staffEmail: session.email, action: 'practice_report', athenaPatientId: '', metadata: { from, to } });
    await audit(ctx, { eventType: 'staff_report', action: 'practice_report', userId: session.email, statusCode: 200, metadata: { from, to } });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report.right;
  });

  router.post('/api/staff/patient-record', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const { patientId } = decodeOrThrow(StaffPatientRecordRequest, ctx.request.body);
    const view = await staffPatientRecord({ records: deps.patientRecords, cards: deps.cards, booking: deps.booking }, patientId);
    const counts = { enrollments: view.enrollments.length, documents: view.documents.length, toFile: view.documentsToFile.length, subscriptions: view.subscriptions.length, appointments: view.appointments.length };
    await trail.record({ staffEmail: session.email, action: 'patient_record', athenaPatientId: patientId, metadata: counts });
    await audit(ctx, { eventType: 'staff_patient', action: 'patient_record', userId: session.email, statusCode: 200, metadata: { patientId, ...counts } });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      patientId: view.patientId,
      enrollments: view.enrollments.map((enrollment) => ({
        id: enrollment.id,
        status: enrollment.status,
        membershipTier: enrollment.membershipTier,
        department: enrollment.department,
        createdAt: enrollment.createdAt.toISOString(),
        updatedAt: enrollment.updatedAt.toISOString(),
        membershipStartDate: iso(enrollment.membershipStartDate),
        membershipEndDate: iso(enrollment.membershipEndDate),
        stripeSubscriptionId: enrollment.stripeSubscriptionId,
      })),
      documents: view.documents.map((document) => ({ ...document, updatedAt: iso(document.updatedAt) })),
      documentsToFile: view.documentsToFile.map((document) => ({ ...document, updatedAt: iso(document.updatedAt) })),
      subscriptions: view.subscriptions.map((subscription) => ({ ...subscription, currentPeriodEnd: iso(subscription.currentPeriodEnd) })),
      subscriptionsUnavailable: view.subscriptionsUnavailable,
      appointments: view.appointments,
      appointmentsUnavailable: view.appointmentsUnavailable,
    };
  });

  return router;
};
