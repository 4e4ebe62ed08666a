/**
 * The staff portal beyond the spec (issue 14; decision 0029), each route with the staff bearer
 * (401 otherwise) and each action one `staff_audit_trail` row and one `audit_logs` row:
 *
 * - GET /api/staff/report?from=YYYY-MM-DD&to=YYYY-MM-DD: the practice report (counts only);
 * - POST /api/staff/patient-record {patientId}: enrollments, documents and their filing, Stripe
 *   subscriptions and upcoming appointments of one patient;
 * - POST /api/staff/appointments/cancel {appointmentId, reason} and
 *   POST /api/staff/appointments/reschedule {existingAppointmentId, appointmentId,
 *   appointmentTypeId, reason}: the cutoff override, through the booking use case with an
 *   explicit override (the patient routes never pass one, so they still refuse inside 24 hours).
 *   The reason is required (400 without, audited as a refusal); it is kept in staff_audit_trail
 *   (the record of what staff did and why) and only its length in audit_logs.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import {
  cancelAppointment,
  practiceReport,
  rescheduleAppointment,
  staffPatientRecord,
  type BookingDeps,
  type BookingError,
  type Cards,
  type StaffAuditTrail,
  type StaffPatientRecords,
  type StaffReportRecords,
  type StaffSignIn,
} from '@portal/core';
import { StaffCancelAppointmentRequest, StaffPatientRecordRequest, StaffRescheduleAppointmentRequest } from '@portal/contracts';
import type { Context } from 'koa';
import type * as t from 'io-ts';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { requireStaff } from './staff.router.ts';

export interface StaffExtrasRouterDeps {
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

const overrideStatus = (error: BookingError): number =>
  error.code === 'APPOINTMENT.NOT_FOUND' ? 404 : error.code === 'BOOKING.UNAVAILABLE' ? 503 : error.code === 'BOOKING.INVALID_WEEK' ? 400 : 409;

const validation = (field: string, message: string) => new HttpError(400, { error: 'Validation failed', message, errors: [{ field, message }] });

const queryText = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || value === '') throw validation(field, `${field} is required (YYYY-MM-DD)`);
  if (value.length > 10) throw validation(field, `${field} must be a date (YYYY-MM-DD)`);
  return value;
};

export const staffExtrasRouter = (deps: StaffExtrasRouterDeps): Router => {
  const { staff, trail, audit, now } = deps;
  const router = new Router();

  router.get('/api/staff/report', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const from = queryText(ctx.query.from, 'from');
    const to = queryText(ctx.query.to, 'to');
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

  /** Decodes an override request; a refusal (no reason, a bad id) is audited before the 400. */
  const decodeOverride = async <C extends t.Mixed>(ctx: Context, codec: C, email: string, kind: 'cancel' | 'reschedule'): Promise<t.TypeOf<C>> => {
    try {
      return decodeOrThrow(codec, ctx.request.body);
    } catch (error) {
      const body = ctx.request.body as Record<string, unknown> | undefined;
      const reasonGiven = typeof body?.reason === 'string' && body.reason.trim() !== '';
      await trail.record({ staffEmail: email, action: 'appointment_override_refused', athenaPatientId: '', metadata: { kind, reason: 'invalid_request', reasonGiven } });
      await audit(ctx, { eventType: 'staff_appointment', action: `staff_${kind}_appointment_refused`, userId: email, statusCode: 400, severity: 'warning', metadata: { reason: 'invalid_request', reasonGiven } });
      throw error;
    }
  };

  const refuseOverride = async (ctx: Context, email: string, kind: 'cancel' | 'reschedule', appointmentId: string, error: BookingError): Promise<never> => {
    const status = overrideStatus(error);
    await trail.record({ staffEmail: email, action: 'appointment_override_refused', athenaPatientId: '', metadata: { kind, appointmentId, reason: error.code } });
    await audit(ctx, { eventType: 'staff_appointment', action: `staff_${kind}_appointment_refused`, userId: email, appointmentId, statusCode: status, severity: 'warning', metadata: { reason: error.code } });
    throw new HttpError(status, { error: error.title ?? (kind === 'cancel' ? 'Cancellation Failed' : 'Reschedule Failed'), message: error.message });
  };

  router.post('/api/staff/appointments/cancel', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const { appointmentId, reason } = await decodeOverride(ctx, StaffCancelAppointmentRequest, session.email, 'cancel');
    const result = await cancelAppointment(deps.booking, { appointmentId, mayActFor: () => true, override: { reason } });
    if (E.isLeft(result)) return refuseOverride(ctx, session.email, 'cancel', appointmentId, result.left);
    const { appointment, insideCutoff } = result.right;
    await trail.record({
      staffEmail: session.email,
      action: 'cancel_appointment_override',
      athenaPatientId: appointment.patientId ?? '',
      practiceLocation: appointment.departmentId,
      metadata: { appointmentId, insideCutoff, reason },
    });
    await audit(ctx, {
      eventType: 'staff_appointment',
      action: 'staff_cancel_appointment',
      userId: session.email,
      appointmentId,
      statusCode: 200,
      metadata: { patientId: appointment.patientId, insideCutoff, reasonLength: reason.length },
    });
    ctx.body = { success: true, message: 'Appointment cancelled', appointmentId };
  });

  router.post('/api/staff/appointments/reschedule', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const request = await decodeOverride(ctx, StaffRescheduleAppointmentRequest, session.email, 'reschedule');
    const result = await rescheduleAppointment(deps.booking, {
      existingAppointmentId: request.existingAppointmentId,
      choice: { appointmentId: request.appointmentId, appointmentTypeId: request.appointmentTypeId, providerId: null },
      member: true,
      guestHash: null,
      mayActFor: () => true,
      override: { reason: request.reason },
    });
    if (E.isLeft(result)) return refuseOverride(ctx, session.email, 'reschedule', request.existingAppointmentId, result.left);
    const { appointment, insideCutoff } = result.right;
    await trail.record({
      staffEmail: session.email,
      action: 'reschedule_appointment_override',
      athenaPatientId: appointment.athenaPatientId,
      practiceLocation: appointment.departmentId,
      metadata: { appointmentId: request.existingAppointmentId, newAppointmentId: appointment.athenaAppointmentId, insideCutoff, reason: request.reason },
    });
    await audit(ctx, {
      eventType: 'staff_appointment',
      action: 'staff_reschedule_appointment',
      userId: session.email,
      appointmentId: appointment.athenaAppointmentId,
      statusCode: 200,
      metadata: { patientId: appointment.athenaPatientId, previousAppointmentId: request.existingAppointmentId, insideCutoff, reasonLength: request.reason.length },
    });
    ctx.body = { success: true, message: 'Appointment rescheduled', appointmentId: appointment.athenaAppointmentId };
  });

  return router;
};
