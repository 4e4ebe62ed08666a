/**
 * The cutoff override and the staff patient view over HTTP (issue 14 'Beyond the spec'; decision
 * 0029): a member books through the patient API, the appointment is moved inside 24 hours, the
 * patient API still refuses (409) and staff cancel it with a reason; without a reason 400. Each
 * leaves an audit row in staff_audit_trail and in audit_logs. The patient view lists the patient's
 * enrollments, documents with their filing status (failed ones to file by hand), subscription and
 * upcoming appointments.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots, type SignedInBrowser } from '../../../../tools/src/testing/booking-api.ts';
import { moveBookedAppointment } from '../../../../tools/src/testing/booking-setup.ts';
import { activeMembership } from '../../../../tools/src/testing/members.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { send, staffSignIn, type Answer } from './security/actors.ts';

let portal: TestPortal;
let token: string;
const STAFF = 'override.staff@mdri-primarycare.example';
const HOUR = 3600 * 1000;

beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
  token = await staffSignIn(portal, STAFF, 'Override Staff');
  for (const patient of [PATIENT_IDS.margaret, PATIENT_IDS.jordan]) await activeMembership(portal.db.knex, patient);
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

const staffPost = (path: string, body: unknown, bearer: string | null = token): Promise<Answer> =>
  send(portal, null, { method: 'POST', path, body, ...(bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } }) });
const lastId = async (table: string): Promise<number> => Number((await portal.db.knex(table).max('id as id').first())?.id ?? 0);
const since = (table: string, id: number) => portal.db.knex(table).where('id', '>', id).orderBy('id');

/** Books the first open office visit for the patient and moves it to start in `hours`. */
const bookedSoon = async (patientId: number, hours: number): Promise<{ member: SignedInBrowser; appointmentId: string; typeId: string }> => {
  const member = (await signIn({ apiUrl: portal.url, personId: patientId })).portal;
  const { typeId, slots } = await openOfficeVisitSlots(portal.url, member, 1, 30);
  const slot = slots[0]!;
  const booked = await apiCall(portal.url, member, 'POST', `/api/appointments/${patientId}/book`, bookBody(slot, typeId));
  expect(booked.status).toBe(200);
  await moveBookedAppointment(portal, slot.appointmentId, new Date(Date.now() + hours * HOUR));
  return { member, appointmentId: slot.appointmentId, typeId };
};

describe('cutoff override: staff cancel inside 24 hours with a reason', () => {
  it('the patient API still refuses (409); staff without a reason get 400; with one the appointment is cancelled; an audit row each', async () => {
    const { member, appointmentId } = await bookedSoon(PATIENT_IDS.margaret, 5);

    const patientTry = await apiCall(portal.url, member, 'PUT', `/api/appointments/${appointmentId}/cancel`);
    expect(patientTry.status).toBe(409);
    expect(patientTry.body).toMatchObject({ error: 'Cannot Cancel Appointment' });

    // The patient view shows it as upcoming, inside the cutoff.
    const view = await staffPost('/api/staff/patient-record', { patientId: String(PATIENT_IDS.margaret) });
    expect(view.status).toBe(200);
    expect((view.body as any).appointments).toEqual([expect.objectContaining({ appointmentId, insideCutoff: true })]);

    const trailBefore = await lastId('staff_audit_trail');
    const auditBefore = await lastId('audit_logs');
    for (const body of [{ appointmentId }, { appointmentId, reason: '' }, { appointmentId, reason: '   ' }]) {
      expect((await staffPost('/api/staff/appointments/cancel', body)).status).toBe(400);
    }
    expect(await since('staff_audit_trail', trailBefore)).toEqual([
      expect.objectContaining({ staffEmail: STAFF, action: 'appointment_override_refused', metadata: expect.objectContaining({ kind: 'cancel', reasonGiven: false }) }),
      expect.objectContaining({ action: 'appointment_override_refused' }),
      expect.objectContaining({ action: 'appointment_override_refused' }),
    ]);
    expect((await since('audit_logs', auditBefore)).filter((row) => row.eventType === 'staff_appointment').map((row) => [row.action, row.statusCode])).toEqual([
      ['staff_cancel_appointment_refused', 400],
      ['staff_cancel_appointment_refused', 400],
      ['staff_cancel_appointment_refused', 400],
    ]);
    // Still booked.
    expect(await portal.db.knex('appointments').where({ athenaAppointmentId: appointmentId, status: 'booked' })).toHaveLength(1);

    const trailMid = await lastId('staff_audit_trail');
    const auditMid = await lastId('audit_logs');
    const reason = 'Patient phoned: fever, cannot come in';
    const cancelled = await staffPost('/api/staff/appointments/cancel', { appointmentId, reason });
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, message: 'Appointment cancelled', appointmentId } });
    expect(await portal.db.knex('appointments').where({ athenaAppointmentId: appointmentId, status: 'booked' })).toHaveLength(0);
    const sandboxRow = await portal.db.knex.withSchema('provider_sandbox').table('appointments').where({ appointmentid: appointmentId }).first();
    expect(sandboxRow.status).toBe('x');
    expect(await since('staff_audit_trail', trailMid)).toEqual([
      expect.objectContaining({
        staffEmail: STAFF,
        action: 'cancel_appointment_override',
        athenaPatientId: String(PATIENT_IDS.margaret),
        metadata: { appointmentId, insideCutoff: true, reason },
      }),
    ]);
    const audited = (await since('audit_logs', auditMid)).filter((row) => row.eventType === 'staff_appointment');
    expect(audited).toEqual([
      expect.objectContaining({ action: 'staff_cancel_appointment', userId: STAFF, appointmentId, statusCode: 200, metadata: expect.objectContaining({ insideCutoff: true, reasonLength: reason.length }) }),
    ]);
    // The reason stays in the staff trail; the general audit log has only its length.
    expect(JSON.stringify(audited)).not.toContain('fever');

    // Gone from the patient's upcoming list.
    expect(((await staffPost('/api/staff/patient-record', { patientId: String(PATIENT_IDS.margaret) })).body as any).appointments).toEqual([]);
  });

  it('staff reschedule inside 24 hours with a reason; the patient API refuses it (409)', async () => {
    const { member, appointmentId, typeId } = await bookedSoon(PATIENT_IDS.jordan, 3);
    const { slots } = await openOfficeVisitSlots(portal.url, member, 2, 30);
    const target = slots[0]!;
    const patientTry = await apiCall(portal.url, member, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/reschedule`, {
      ...bookBody(target, typeId),
      existingAppointmentId: appointmentId,
      providerName: '',
    });
    expect(patientTry.status).toBe(409);
    const trailBefore = await lastId('staff_audit_trail');
    const moved = await staffPost('/api/staff/appointments/reschedule', { existingAppointmentId: appointmentId, appointmentId: target.appointmentId, appointmentTypeId: typeId, reason: 'Patient phoned: car broke down' });
    expect(moved).toMatchObject({ status: 200, body: { success: true, message: 'Appointment rescheduled', appointmentId: target.appointmentId } });
    expect(await since('staff_audit_trail', trailBefore)).toEqual([
      expect.objectContaining({ action: 'reschedule_appointment_override', athenaPatientId: String(PATIENT_IDS.jordan), metadata: expect.objectContaining({ appointmentId, newAppointmentId: target.appointmentId, insideCutoff: true }) }),
    ]);
    const live = await portal.db.knex('appointments').where({ athenaPatientId: String(PATIENT_IDS.jordan) }).whereIn('status', ['pending', 'booked']);
    expect(live.map((row) => row.athenaAppointmentId)).toEqual([target.appointmentId]);
  });

  it('an unknown appointment is 404 (audited); a missing, expired or forged bearer 401 with nothing audited', async () => {
    const trailBefore = await lastId('staff_audit_trail');
    expect((await staffPost('/api/staff/appointments/cancel', { appointmentId: '999999', reason: 'Patient phoned' })).status).toBe(404);
    expect(await since('staff_audit_trail', trailBefore)).toEqual([expect.objectContaining({ action: 'appointment_override_refused', metadata: expect.objectContaining({ reason: 'APPOINTMENT.NOT_FOUND' }) })]);

    const expired = await staffSignIn(portal, 'expired.override@mdri-primarycare.example', 'Expired');
    await portal.db.knex('staff_sessions').where({ email: 'expired.override@mdri-primarycare.example' }).update({ expiresAt: new Date(Date.now() - 1000) });
    const after = await lastId('staff_audit_trail');
    for (const [path, body] of [
      ['/api/staff/appointments/cancel', { appointmentId: '999999', reason: 'x' }],
      ['/api/staff/appointments/reschedule', { existingAppointmentId: '1', appointmentId: '2', appointmentTypeId: '2', reason: 'x' }],
      ['/api/staff/patient-record', { patientId: String(PATIENT_IDS.margaret) }],
    ] as const) {
      for (const bearer of [null, expired, 'Zm9yZ2VkLXRva2VuLWZvci1zdGFmZi1wb3J0YWw']) {
        expect({ path, status: (await staffPost(path, body, bearer)).status }).toEqual({ path, status: 401 });
      }
    }
    expect(await since('staff_audit_trail', after)).toEqual([]);
  });
});

describe('patient view', () => {
  it("lists the patient's enrollments, documents with their filing status, the failed one to file by hand, and an audit row", async () => {
    const patientId = String(PATIENT_IDS.margaret);
    const enrollment = await portal.db.knex('enrollments').where({ athenaPatientId: patientId }).first();
    await portal.db.knex('document_submissions').insert([
      { enrollmentId: enrollment.id, patientId, documentType: 'membership_agreement', contentHash: 'a'.repeat(64), status: 'uploaded', uploadAttempts: 1 },
      { enrollmentId: enrollment.id, patientId, documentType: 'privacy_practices', contentHash: 'b'.repeat(64), status: 'failed', uploadAttempts: 5, lastAttemptError: 'HealthRecordUnavailable 503' },
    ]);
    const trailBefore = await lastId('staff_audit_trail');
    const view = await staffPost('/api/staff/patient-record', { patientId });
    expect(view.status).toBe(200);
    const body = view.body as any;
    expect(body.enrollments).toEqual([expect.objectContaining({ id: enrollment.id, status: 'active', membershipTier: '120_annual', department: '1' })]);
    expect(body.documents).toEqual([
      expect.objectContaining({ enrollmentId: enrollment.id, documentType: 'membership_agreement', signed: true, filing: 'uploaded' }),
      expect.objectContaining({ enrollmentId: enrollment.id, documentType: 'privacy_practices', signed: true, filing: 'failed', uploadAttempts: 5 }),
    ]);
    expect(body.documentsToFile).toEqual([expect.objectContaining({ documentType: 'privacy_practices', filing: 'failed' })]);
    expect(body).toMatchObject({ subscriptions: [], subscriptionsUnavailable: false, appointmentsUnavailable: false });
    expect(await since('staff_audit_trail', trailBefore)).toEqual([
      expect.objectContaining({ staffEmail: STAFF, action: 'patient_record', athenaPatientId: patientId, metadata: expect.objectContaining({ enrollments: 1, toFile: 1 }) }),
    ]);
  });

  it('refuses a malformed patient id with 400', async () => {
    expect((await staffPost('/api/staff/patient-record', { patientId: 'abc' })).status).toBe(400);
    expect((await staffPost('/api/staff/patient-record', {})).status).toBe(400);
  });
});
