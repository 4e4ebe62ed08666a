/**
 * After a staff cutoff override (issue 14; decision 0029), what the patient routes do follows too:
 * the patient is emailed (address from the health record) the cancellation or the moved
 * appointment with its calendar file, and the freed slot is offered to the earlier-slot waitlist.
 * Our API and worker, the provider sandbox as athenahealth and its mail catcher, a real PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../../tools/src/testing/booking-api.ts';
import { activeMembership } from '../../../../tools/src/testing/members.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { offerLinkFor } from '../../../../tools/src/testing/waitlist.ts';
import { send, staffSignIn } from './security/actors.ts';

let portal: TestPortal;
let token: string;
const OLIVIA = 'olivia.hart@example.com';
const MARGARET = 'margaret.sullivan@example.com'; // Concierge: offered at once

beforeAll(async () => {
  portal = await startTestPortal({ worker: { pollIntervalMs: 100 } });
  token = await staffSignIn(portal, 'aftermath.staff@mdri-primarycare.example', 'Aftermath Staff');
  await activeMembership(portal.db.knex, PATIENT_IDS.margaret, { tier: '500_concierge_annual' });
  await activeMembership(portal.db.knex, PATIENT_IDS.olivia);
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

const member = async (personId: number) => (await signIn({ apiUrl: portal.url, personId })).portal;
const staffPost = (path: string, body: unknown) => send(portal, null, { method: 'POST', path, body, headers: { Authorization: `Bearer ${token}` } });

interface InboxMessage {
  readonly subject: string;
  readonly text: string;
}
/** The messages to `to` with `subject`, waiting up to 15 s for at least `count`. */
const inbox = async (to: string, subject: string, count = 1): Promise<readonly InboxMessage[]> => {
  for (let attempt = 0; attempt < 75; attempt += 1) {
    const messages = ((await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as InboxMessage[]).filter((message) => message.subject === subject);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no '${subject}' email arrived for ${to}`);
};

it('a staff cancel emails the patient the cancellation and offers the freed slot to a waitlisted member; a staff reschedule emails the moved appointment', async () => {
  const [margaret, olivia] = await Promise.all([member(PATIENT_IDS.margaret), member(PATIENT_IDS.olivia)]);
  const { typeId, slots } = await openOfficeVisitSlots(portal.url, olivia, 1, 30);
  const early = slots[0]!;
  const later = slots.find((slot) => slot.date !== early.date)!;
  // Olivia holds the early slot; Margaret a later one and asks to hear of earlier times.
  expect((await apiCall(portal.url, olivia, 'POST', `/api/appointments/${PATIENT_IDS.olivia}/book`, bookBody(early, typeId))).status).toBe(200);
  expect((await apiCall(portal.url, margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(later, typeId))).status).toBe(200);
  expect((await apiCall(portal.url, margaret, 'PUT', `/api/appointments/${later.appointmentId}/waitlist`, { scope: 'any-provider' })).status).toBe(200);

  // Staff cancel Olivia's (she phoned): she gets the cancellation, Margaret the offer of the slot.
  const cancelled = await staffPost('/api/staff/appointments/cancel', { appointmentId: early.appointmentId, reason: 'Patient phoned: travelling' });
  expect(cancelled.status).toBe(200);
  const [cancellation] = await inbox(OLIVIA, 'Your appointment has been cancelled');
  expect(cancellation!.text).toContain('has been cancelled');
  const offer = await offerLinkFor(portal, MARGARET);
  expect(offer.url.startsWith(`${portal.url}/appointments/earlier-slot#token=`)).toBe(true);
  const view = await send(portal, null, { method: 'POST', path: '/api/waitlist-offers/view', body: { token: offer.token } });
  expect(view).toMatchObject({ status: 200, body: { state: 'open', offered: { date: early.date, time: early.time }, current: { date: later.date, time: later.time } } });

  // Staff move Margaret's appointment to another open slot: she gets the moved appointment, and her old slot leaves the waitlist.
  const { slots: open } = await openOfficeVisitSlots(portal.url, margaret, 2, 30);
  const target = open.find((slot) => slot.appointmentId !== later.appointmentId)!;
  const moved = await staffPost('/api/staff/appointments/reschedule', { existingAppointmentId: later.appointmentId, appointmentId: target.appointmentId, appointmentTypeId: typeId, reason: 'Patient phoned: needs a later day' });
  expect(moved).toMatchObject({ status: 200, body: { appointmentId: target.appointmentId } });
  const [movedEmail] = await inbox(MARGARET, 'Your appointment has been moved');
  expect(movedEmail!.text).toContain('Please arrive');
  expect(await portal.db.knex('appointment_waitlist').where({ athenaAppointmentId: later.appointmentId })).toEqual([]);
}, 90_000);

it('staff availability: open slots for the reschedule screen with the staff bearer; 401 without; 400 for a bad week', async () => {
  const olivia = await member(PATIENT_IDS.olivia);
  const { typeId } = await openOfficeVisitSlots(portal.url, olivia, 1, 30);
  const get = (query: string, bearer: string | null = token) =>
    send(portal, null, { method: 'GET', path: `/api/staff/appointments/availability?${query}`, ...(bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } }) });
  const patientView = await apiCall(portal.url, olivia, 'GET', `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=2`);
  const staffView = await get(`departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=2`);
  expect(staffView.status).toBe(200);
  expect((staffView.body as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
  expect(staffView.body).toEqual(patientView.body);
  expect((await get(`departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=2`, null)).status).toBe(401);
  expect((await get(`departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=9`)).status).toBe(400);
  expect((await get(`departmentId=1&appointmentTypeId=${typeId}&week=1`)).status).toBe(400);
});
