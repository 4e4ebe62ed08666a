/**
 * The earlier-slot waitlist over HTTP with the worker running: our API and worker, the provider
 * sandbox as athenahealth (which reopens a cancelled slot under a new id), its mail catcher, and
 * a real PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { SEND_WAITLIST_OFFERS } from '@portal/worker';
import { apiCall, bookBody, openOfficeVisitSlots, type SignedInBrowser } from '../../../../tools/src/testing/booking-api.ts';
import { activeMembership } from '../../../../tools/src/testing/members.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { offerEmails, offerLinkFor } from '../../../../tools/src/testing/waitlist.ts';

let portal: TestPortal;
const MARGARET = 'margaret.sullivan@example.com'; // Concierge
const JORDAN = 'jordan.reyes@example.com'; // Enhanced

beforeAll(async () => {
  portal = await startTestPortal({ worker: { pollIntervalMs: 100 } });
  await activeMembership(portal.db.knex, PATIENT_IDS.margaret, { tier: '500_concierge_annual' });
  await activeMembership(portal.db.knex, PATIENT_IDS.jordan, { tier: '120_annual' });
  await activeMembership(portal.db.knex, PATIENT_IDS.olivia);
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

const member = async (personId: number) => (await signIn({ apiUrl: portal.url, personId })).portal;
const call = (browser: SignedInBrowser | null, method: string, path: string, body?: unknown) =>
  browser
    ? apiCall(portal.url, browser, method, path, body)
    : fetch(`${portal.url}${path}`, { method, headers: { 'Content-Type': 'application/json', Origin: portal.url }, body: JSON.stringify(body) }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, any>,
      }));

it('offers a freed slot to Concierge first, Enhanced later; the first to confirm moves, the others see it is gone, each link works once', async () => {
  const [margaret, jordan, olivia] = await Promise.all([member(PATIENT_IDS.margaret), member(PATIENT_IDS.jordan), member(PATIENT_IDS.olivia)]);
  const { typeId, slots } = await openOfficeVisitSlots(portal.url, olivia, 1, 30);
  // Three different days, so each is strictly later than the one before.
  const early = slots[0]!;
  const later = slots.find((slot) => slot.date !== early.date);
  const latest = slots.find((slot) => slot.date !== early.date && slot.date !== later!.date);
  // Olivia holds the early slot; Margaret and Jordan hold later ones and ask to hear of earlier times.
  expect((await call(olivia, 'POST', `/api/appointments/${PATIENT_IDS.olivia}/book`, bookBody(early, typeId))).status).toBe(200);
  expect((await call(margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(later!, typeId))).status).toBe(200);
  expect((await call(jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(latest!, typeId))).status).toBe(200);
  expect(await call(margaret, 'PUT', `/api/appointments/${later!.appointmentId}/waitlist`, { scope: 'any-provider' })).toEqual({
    status: 200,
    body: { appointmentId: later!.appointmentId, waitlist: 'any-provider' },
  });
  expect((await call(jordan, 'PUT', `/api/appointments/${latest!.appointmentId}/waitlist`, { scope: 'any-provider' })).status).toBe(200);
  // Someone else's appointment, or a choice that is not one: refused.
  expect((await call(jordan, 'PUT', `/api/appointments/${later!.appointmentId}/waitlist`, { scope: 'off' })).status).toBe(404);
  expect((await call(jordan, 'PUT', `/api/appointments/${latest!.appointmentId}/waitlist`, { scope: 'sooner' })).status).toBe(400);
  const upcoming = await call(margaret, 'GET', '/api/dashboard/upcoming-appointments');
  expect(upcoming.body.appointments).toEqual([expect.objectContaining({ appointmentId: later!.appointmentId, waitlist: 'any-provider' })]);

  // Olivia cancels: the worker finds the reopened slot and emails the Concierge member at once.
  expect((await call(olivia, 'PUT', `/api/appointments/${early.appointmentId}/cancel`)).status).toBe(200);
  const margaretsLink = await offerLinkFor(portal, MARGARET);
  expect(margaretsLink.url.startsWith(`${portal.url}/appointments/earlier-slot#token=`)).toBe(true);
  expect(margaretsLink.text).toContain('Your appointment now:');
  expect(await offerEmails(portal, JORDAN)).toEqual([]);
  // The Enhanced member's link waits 15 minutes; here the wait is cut short in the table, then the every-minute job sends it.
  const [waiting] = await portal.db.knex('waitlist_offer_links').whereNull('sentAt');
  expect(new Date(waiting.sendAfter).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  await portal.db.knex('waitlist_offer_links').whereNull('sentAt').update({ sendAfter: new Date() });
  await portal.db.knex.raw('select graphile_worker.add_job(?)', [SEND_WAITLIST_OFFERS]);
  const jordansLink = await offerLinkFor(portal, JORDAN);

  // What the offer page shows, without signing in.
  const view = await call(null, 'POST', '/api/waitlist-offers/view', { token: jordansLink.token });
  expect(view.status).toBe(200);
  expect(view.body).toMatchObject({ state: 'open', offered: { date: early.date, time: early.time, locationName: expect.any(String) }, current: { date: latest!.date, time: latest!.time } });

  // Both confirm at once: exactly one moves.
  const [first, second] = await Promise.all([
    call(null, 'POST', '/api/waitlist-offers/take', { token: jordansLink.token }),
    call(null, 'POST', '/api/waitlist-offers/take', { token: margaretsLink.token }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const [winner, loser] = first.status === 200 ? [jordan, margaret] : [margaret, jordan];
  const loserLink = first.status === 200 ? margaretsLink : jordansLink;
  expect((first.status === 200 ? second : first).body).toEqual({ error: 'Time No Longer Available', message: 'Another member has already taken this time. Your appointment has not changed.' });
  const moved = await call(winner, 'GET', '/api/dashboard/upcoming-appointments');
  expect(moved.body.appointments).toEqual([expect.objectContaining({ date: early.date, startTime: early.time, waitlist: 'off' })]);
  const kept = await call(loser, 'GET', '/api/dashboard/upcoming-appointments');
  expect(kept.body.appointments).toHaveLength(1);
  expect(kept.body.appointments[0].appointmentId).not.toBe(moved.body.appointments[0].appointmentId);
  expect((await call(null, 'POST', '/api/waitlist-offers/view', { token: loserLink.token })).body.state).toBe('taken');

  // One booking of the slot in our rows; the link works once.
  const live = await portal.db.knex('appointments').whereIn('status', ['pending', 'booked']).where({ athenaAppointmentId: moved.body.appointments[0].appointmentId });
  expect(live).toHaveLength(1);
  const again = await call(null, 'POST', '/api/waitlist-offers/take', { token: first.status === 200 ? jordansLink.token : margaretsLink.token });
  expect(again).toEqual({ status: 409, body: { error: 'Link Already Used', message: 'This link has already been used.' } });
  const audits = await portal.db.knex('audit_logs').where({ action: 'take_waitlist_offer' });
  expect(audits).toHaveLength(1);
}, 120_000);

it('refuses a forged, altered or oversized link', async () => {
  const forged = await call(null, 'POST', '/api/waitlist-offers/take', { token: 'eyJhbGciOiJub25lIn0.eyJvZmZlciI6IjEiLCJlbnRyeSI6IjEifQ.' });
  expect(forged).toEqual({ status: 404, body: { error: 'Offer Not Found', message: 'This link is not valid or has expired.' } });
  const { token } = await offerLinkFor(portal, MARGARET);
  const [header, payload, signature] = token.split('.');
  const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), entry: '999' })).toString('base64url');
  expect((await call(null, 'POST', '/api/waitlist-offers/view', { token: `${header}.${altered}.${signature}` })).status).toBe(404);
  expect((await call(null, 'POST', '/api/waitlist-offers/view', { token: 'x'.repeat(5000) })).status).toBe(400);
});
