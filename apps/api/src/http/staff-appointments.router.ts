/**
 * Staff and patients' appointments (issue 14; decision 0029), each route with the staff bearer
 * (401 otherwise):
 *
 * - POST /api/staff/appointments/cancel {appointmentId, reason} and
 *   POST /api/staff/appointments/reschedule {existingAppointmentId, appointmentId,
 *   appointmentTypeId, reason}: the cutoff override, through the booking use case with an
 *   explicit override (the patient routes never pass one, so they still refuse inside 24 hours).
 *   The reason is required (400 without, audited as a refusal); it is kept in staff_audit_trail
 *   (the record of what staff did and why) and only its length in audit_logs. Afterwards, as the
 *   patient routes do, the patient is emailed (address from the health record; none, no email) the
 *   cancellation or the updated calendar file, and the freed slot is offered to the waitlist;
 * - GET /api/staff/appointments/availability?departmentId=&providerId=(id|any)&appointmentTypeId=&week=0..5:
 *   open slots for the reschedule screen, core's `availability` (the patient route's rules). It
 *   names no patient, so it writes no staff_audit_trail row (audit-coverage: 'none').
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import {
  AVAILABILITY_FAILED_MESSAGE,
  AVAILABILITY_FAILED_TITLE,
  HealthRecordUnavailableError,
  availability,
  cancelAppointment,
  patientLocale,
  rescheduleAppointment,
  type BookingDeps,
  type BookingError,
  type HealthRecord,
  type Mailer,
  type PatientLanguages,
  type Waitlist,
  type StaffAuditTrail,
  type StaffSignIn,
} from '@portal/core';
import { StaffAvailabilityQuery, StaffCancelAppointmentRequest, StaffRescheduleAppointmentRequest, decodeBody } from '@portal/contracts';
import type { Context } from 'koa';
import type * as t from 'io-ts';
import type { RequestAudit } from './audit.ts';
import { statusOf } from './error-status.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { requireStaff } from './staff.router.ts';
import { notifyAppointment, slotFreed } from './appointment-aftermath.ts';
import type { Logger } from '@portal/composition';

export interface StaffAppointmentsRouterDeps {
  readonly staff: StaffSignIn;
  readonly trail: StaffAuditTrail;
  readonly audit: RequestAudit;
  readonly booking: BookingDeps;
  /** After an override: the patient's email address, the email, and the waitlist offer of the freed slot. */
  readonly healthRecord: Pick<HealthRecord, 'getPatient'>;
  readonly mailer: Mailer;
  readonly waitlist: Waitlist;
  readonly logger: Logger;
  readonly now: () => Date;
  /** The patients' chosen languages (issue 26): the patient hears of a staff change in theirs (English when none is known). */
  readonly languages?: PatientLanguages;
}

export const staffAppointmentsRouter = (deps: StaffAppointmentsRouterDeps): Router => {
  const { staff, trail, audit, now } = deps;
  const router = new Router();

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

  /** The patient's address is the health record's; none (or the record not answering) means no email. */
  const tellPatient = async (patientId: string, calendar: Parameters<typeof notifyAppointment>[2], kind: 'rescheduled' | 'cancelled'): Promise<void> => {
    const patient = await deps.healthRecord.getPatient(patientId).catch(() => null);
    notifyAppointment(deps, patient?.email, calendar, kind, await patientLocale(deps.languages, patientId));
  };

  const refuseOverride = async (ctx: Context, email: string, kind: 'cancel' | 'reschedule', appointmentId: string, error: BookingError): Promise<never> => {
    const status = statusOf(error.code);
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
    if (appointment.patientId) await tellPatient(appointment.patientId, result.right.calendar, 'cancelled');
    await slotFreed(deps, appointment);
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
    await tellPatient(appointment.athenaPatientId, result.right.calendar, 'rescheduled');
    await slotFreed(deps, result.right.freed);
  });

  router.get('/api/staff/appointments/availability', async (ctx) => {
    await requireStaff(ctx, staff, now());
    const query = decodeBody(StaffAvailabilityQuery, ctx.query);
    if (E.isLeft(query)) throw new HttpError(400, { error: 'Validation failed', message: query.left.errors[0]?.message ?? 'Validation failed' });
    const { departmentId, appointmentTypeId, providerId, week } = query.right;
    try {
      const open = await availability(deps.booking, { departmentId, providerId, appointmentTypeId, week });
      if (E.isLeft(open)) throw new HttpError(400, { error: 'Validation failed', message: open.left.message });
      ctx.set('Cache-Control', 'no-store');
      // The patient route's answer: the slots and the six weeks' dates on the server's clock.
      ctx.body = {
        slots: open.right.slots.map((slot) => ({ appointmentId: slot.appointmentId, date: slot.date, time: slot.time, ...(slot.providerId === null ? {} : { providerId: slot.providerId }) })),
        weeks: open.right.weeks.map((dates) => ({ start: dates.start, end: dates.end })),
      };
    } catch (error) {
      if (error instanceof HealthRecordUnavailableError) throw new HttpError(503, { error: AVAILABILITY_FAILED_TITLE, message: AVAILABILITY_FAILED_MESSAGE });
      throw error;
    }
  });

  return router;
};
