/**
 * Booking end to end over HTTP: our API, the provider sandbox as athenahealth (which refuses a
 * taken slot as athena does), a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { PostgresAppointments } from '@portal/persistence';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots, type SignedInBrowser } from '../../../../tools/src/testing/booking-api.ts';
import { activeMembership } from '../../../../tools/src/testing/members.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({ env: { ATHENA_TIMEOUT_MS: '1500' } });
  for (const patient of [PATIENT_IDS.margaret, PATIENT_IDS.jordan, PATIENT_IDS.nora, PATIENT_IDS.harold, PATIENT_IDS.emma, PATIENT_IDS.olivia]) {
    await activeMembership(portal.db.knex, patient);
  }
}, 90_000);
afterAll(async () => {
  await portal.close();
});

type Browser = SignedInBrowser;
const call = (browser: Browser, method: string, path: string, body?: unknown) => apiCall(portal.url, browser, method, path, body);
const faults = async (route: string, fault: Record<string, unknown>) =>
  fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route, ...fault }) });
const clearFaults = async () => fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });

/** A provider-login session; a caregiver (Carol) acting for one of her patients with `actFor`. */
const member = async (personId: number, actFor?: number) => (await signIn({ apiUrl: portal.url, personId, ...(actFor === undefined ? {} : { actFor }) })).portal;
const liveRows = async (filter: Record<string, string> = {}) => portal.db.knex('appointments').whereIn('status', ['pending', 'booked']).where(filter);

const openSlots = (browser: Browser, week = 1, minHoursAway = 30) => openOfficeVisitSlots(portal.url, browser, week, minHoursAway);

describe('booking as a member', () => {
  it('offers members the four types, books a slot, lists it as upcoming, refuses a second, and cancels', async () => {
    const margaret = await member(PATIENT_IDS.margaret);
    const types = await call(margaret, 'GET', '/api/appointment-types?providerId=any');
    expect(types.body.appointmentTypes.map((type: { name: string }) => type.name)).toEqual(['Office Visit', 'Telehealth', 'Follow-up', 'Consultation']);

    const { typeId, slots } = await openSlots(margaret);
    const [first, second] = slots;
    const booked = await call(margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(first!, typeId));
    expect(booked).toEqual({ status: 200, body: { appointmentId: first!.appointmentId, appointmentTypeName: 'Office Visit', message: 'Appointment booked' } });
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.margaret) })).toEqual([expect.objectContaining({ status: 'booked', athenaAppointmentId: first!.appointmentId })]);

    const upcoming = await call(margaret, 'GET', '/api/dashboard/upcoming-appointments');
    // Over 24 hours away: the server offers cancel and reschedule (core's rule; the dashboard draws it).
    expect(upcoming.body.appointments).toEqual([expect.objectContaining({ appointmentId: first!.appointmentId, date: first!.date, startTime: first!.time, canCancel: true, canReschedule: true })]);

    const again = await call(margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(second!, typeId));
    expect(again.status).toBe(409);
    expect(again.body.existingAppointments).toEqual([expect.objectContaining({ appointmentId: first!.appointmentId, date: first!.date, starttime: first!.time, providername: expect.stringMatching(/\S/) })]);

    const cancelled = await call(margaret, 'PUT', `/api/appointments/${first!.appointmentId}/cancel`);
    expect(cancelled).toEqual({ status: 200, body: { success: true, message: 'Appointment cancelled' } });
    expect((await call(margaret, 'GET', '/api/dashboard/upcoming-appointments')).body.appointments).toEqual([]);
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.margaret) })).toEqual([]);
    const trail = await portal.db.knex('audit_logs').where({ eventType: 'appointment' }).whereIn('action', ['book_appointment', 'cancel_appointment']).select('action', 'appointmentId');
    expect(trail).toEqual(expect.arrayContaining([{ action: 'book_appointment', appointmentId: first!.appointmentId }, { action: 'cancel_appointment', appointmentId: first!.appointmentId }]));
  });

  it('reschedules: the old slot is freed and the new one booked, in the record and in our rows', async () => {
    const jordan = await member(PATIENT_IDS.jordan);
    const { typeId, slots } = await openSlots(jordan, 2);
    const [from, to] = slots;
    expect((await call(jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(from!, typeId))).status).toBe(200);
    const ics = async (id: string) => (await jordan.fetch(`${portal.url}/api/appointments/${id}/calendar.ics`)).text();
    const first = await ics(from!.appointmentId);
    const uid = /UID:(\S+)/.exec(first)?.[1];
    expect(first).toMatch(/METHOD:REQUEST[\s\S]*SEQUENCE:0[\s\S]*Please arrive 15 minutes early/);
    const moved = await call(jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/reschedule`, { ...bookBody(to!, typeId), existingAppointmentId: from!.appointmentId, providerName: '' });
    expect(moved).toEqual({ status: 200, body: { appointmentId: to!.appointmentId, message: 'Appointment rescheduled', appointmentTypeName: 'Office Visit' } });
    expect((await liveRows({ athenaPatientId: String(PATIENT_IDS.jordan) })).map((row) => row.athenaAppointmentId)).toEqual([to!.appointmentId]);
    const upcoming = await call(jordan, 'GET', '/api/dashboard/upcoming-appointments');
    expect(upcoming.body.appointments.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([to!.appointmentId]);
    const after = await ics(to!.appointmentId);
    expect(after).toContain(`UID:${uid}`);
    expect(after).toMatch(/SEQUENCE:1/);
    expect((await call(jordan, 'PUT', `/api/appointments/${to!.appointmentId}/cancel`)).status).toBe(200);
    const cancelled = await ics(to!.appointmentId);
    expect(cancelled).toMatch(/METHOD:CANCEL[\s\S]*SEQUENCE:2[\s\S]*STATUS:CANCELLED/);
    expect(cancelled).toContain(`UID:${uid}`);
    // The emails: booked, moved, cancelled — each with the calendar file.
    const subjects = async () =>
      ((await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=jordan.reyes@example.com`)).json()) as Array<{ subject: string; text: string }>).map((message) => message.subject);
    for (let tries = 0; tries < 50 && (await subjects()).length < 3; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await subjects()).sort()).toEqual(['Your appointment has been cancelled', 'Your appointment has been moved', 'Your appointment is booked']);
  });

  it("refuses a non-member ('Membership Required'), someone else's patient id and someone else's appointment", async () => {
    const paul = await member(PATIENT_IDS.paul);
    const margaret = await member(PATIENT_IDS.margaret);
    const { typeId, slots } = await openSlots(margaret, 3);
    const notMember = await call(paul, 'POST', `/api/appointments/${PATIENT_IDS.paul}/book`, bookBody(slots[0]!, typeId));
    expect(notMember).toEqual({ status: 403, body: { error: 'Membership Required', message: 'You must be an enrolled member to book appointments. Please enroll first to access appointment booking.' } });
    const foreign = await call(paul, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(slots[0]!, typeId));
    expect(foreign.status).toBe(404);
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.margaret) })).toEqual([]);

    expect((await call(margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(slots[1]!, typeId))).status).toBe(200);
    const othersCancel = await call(paul, 'PUT', `/api/appointments/${slots[1]!.appointmentId}/cancel`);
    expect(othersCancel).toEqual({ status: 404, body: { error: 'Not Found', message: 'Appointment not found.' } });
    expect((await liveRows({ athenaAppointmentId: slots[1]!.appointmentId }))[0]?.status).toBe('booked');
    expect((await call(margaret, 'PUT', `/api/appointments/${slots[1]!.appointmentId}/cancel`)).status).toBe(200);
  });

  it('guests cannot read upcoming appointments, and nobody books without signing in', async () => {
    const anonymous = await fetch(`${portal.url}/api/dashboard/upcoming-appointments`);
    expect(anonymous.status).toBe(401);
  });
});

describe('no double booking', () => {
  it('members racing for one slot: exactly one booking, in the record and in our rows (5 runs)', async () => {
    const racers = [PATIENT_IDS.nora, PATIENT_IDS.harold, PATIENT_IDS.emma, PATIENT_IDS.olivia];
    const browsers = [await member(PATIENT_IDS.nora), await member(PATIENT_IDS.carol, PATIENT_IDS.harold), await member(PATIENT_IDS.carol, PATIENT_IDS.emma), await member(PATIENT_IDS.olivia)];
    const { typeId, slots } = await openSlots(browsers[0]!, 4);
    for (const slot of slots.slice(0, 5)) {
      const answers = await Promise.all(browsers.map((browser, i) => call(browser, 'POST', `/api/appointments/${racers[i]}/book`, bookBody(slot, typeId))));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([409, 409, 409]);
      const rows = await liveRows({ athenaAppointmentId: slot.appointmentId });
      expect(rows).toHaveLength(1);
      const winner = racers[answers.findIndex((answer) => answer.status === 200)]!;
      expect(rows[0]!.athenaPatientId).toBe(String(winner));
      expect((await call(browsers[racers.indexOf(winner as never)]!, 'PUT', `/api/appointments/${slot.appointmentId}/cancel`)).status).toBe(200);
    }
  }, 60_000);

  it('one hundred concurrent claims of one slot by different patients: one wins (the database holds it; 20 runs)', async () => {
    const appointments = new PostgresAppointments(portal.db.knex);
    for (let run = 0; run < 20; run += 1) {
      const slotId = `99${run}000`;
      const claims = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          appointments.claim(
            {
              athenaPatientId: `9${run}${String(i).padStart(3, '0')}`,
              athenaAppointmentId: slotId,
              departmentId: '1',
              providerId: null,
              appointmentTypeId: '2',
              appointmentType: 'Office Visit',
              appointmentDate: '12/01/2026',
              appointmentTime: '09:00',
              startsAt: new Date(Date.now() + 7 * 24 * 3600_000),
              guestHash: null,
              calendarUid: slotId,
              calendarSequence: 0,
            },
            new Date(),
          ),
        ),
      );
      expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((claim) => claim.kind === 'slot_taken')).toHaveLength(99);
    }
  }, 120_000);

  it('one patient asking for two slots at once: one booking (20 runs)', async () => {
    const appointments = new PostgresAppointments(portal.db.knex);
    for (let run = 0; run < 20; run += 1) {
      const base = { athenaPatientId: `77${run}`, departmentId: '1', providerId: null, appointmentTypeId: '2', appointmentType: 'Office Visit', appointmentDate: '12/01/2026', appointmentTime: '09:00', startsAt: new Date(Date.now() + 7 * 24 * 3600_000), guestHash: null, calendarUid: `77${run}`, calendarSequence: 0 };
      const claims = await Promise.all([appointments.claim({ ...base, athenaAppointmentId: `88${run}1` }, new Date()), appointments.claim({ ...base, athenaAppointmentId: `88${run}2` }, new Date())]);
      expect(claims.map((claim) => claim.kind).sort()).toEqual(['claimed', 'patient_has_appointment']);
    }
    const margaret = await member(PATIENT_IDS.margaret);
    const { typeId, slots } = await openSlots(margaret, 5);
    const answers = await Promise.all([0, 1].map((i) => call(margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(slots[i]!, typeId))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.margaret) })).toHaveLength(1);
    const won = answers.find((answer) => answer.status === 200)!.body.appointmentId;
    expect((await call(margaret, 'PUT', `/api/appointments/${won}/cancel`)).status).toBe(200);
  });
});

describe('the health record failing mid-booking', () => {
  it('no answer and no booking: our claim is released and the user is told to try again', async () => {
    const harold = await member(PATIENT_IDS.carol, PATIENT_IDS.harold);
    const { typeId, slots } = await openSlots(harold, 2);
    await faults('PUT /v1/\\d+/appointments/\\d+$', { timeoutRate: 1 });
    try {
      const answer = await call(harold, 'POST', `/api/appointments/${PATIENT_IDS.harold}/book`, bookBody(slots[3]!, typeId));
      expect(answer).toEqual({ status: 503, body: { error: 'Booking Failed', message: 'Unable to book appointment. Please try again or contact our office.' } });
    } finally {
      await clearFaults();
    }
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.harold) })).toEqual([]);
    expect((await call(harold, 'GET', '/api/dashboard/upcoming-appointments')).body.appointments).toEqual([]);
  });

  it('booked but the answer lost: the record is read back and our row says booked', async () => {
    const emma = await member(PATIENT_IDS.carol, PATIENT_IDS.emma);
    const { typeId, slots } = await openSlots(emma, 3);
    await faults('PUT /v1/\\d+/appointments/\\d+$', { timeoutRate: 1, timeoutAfterWrite: true });
    let answer;
    try {
      answer = await call(emma, 'POST', `/api/appointments/${PATIENT_IDS.emma}/book`, bookBody(slots[4]!, typeId));
    } finally {
      await clearFaults();
    }
    expect(answer.status).toBe(200);
    expect(await liveRows({ athenaPatientId: String(PATIENT_IDS.emma) })).toEqual([expect.objectContaining({ status: 'booked', athenaAppointmentId: slots[4]!.appointmentId })]);
    expect((await call(emma, 'GET', '/api/dashboard/upcoming-appointments')).body.appointments.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([slots[4]!.appointmentId]);
    expect((await call(emma, 'PUT', `/api/appointments/${slots[4]!.appointmentId}/cancel`)).status).toBe(200);
  });
});
