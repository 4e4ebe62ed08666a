/**
 * The patient's language on the server (issue 26) over HTTP: our API, the provider sandbox, a real
 * PostgreSQL.
 * - PUT /api/me/language keeps the choice with the patient the session acts for (never an id from
 *   the body), with a verified guest's own members, or nowhere (a guest with none: 204); attackers:
 *   anonymous (401 before the body), a foreign origin (403), an unknown or hostile language (400 with
 *   the usual validation body), a huge body (413).
 * - A booking or reschedule remembers the request's language; the booking email and the calendar
 *   download go in it; the guest's code email goes in the request's language.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { inboxMessages } from '../../../provider-sandbox/src/testing.ts';
import { apiCall, bookBody, openOfficeVisitSlots, type SignedInBrowser } from '../../../../tools/src/testing/booking-api.ts';
import { newPatientForm } from '../../../../tools/src/testing/guest-forms.ts';
import { verifiedGuest } from '../../../../tools/src/testing/guest.ts';
import { activeMembership } from '../../../../tools/src/testing/members.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const languageOf = async (patientId: number | string): Promise<string | null> =>
  ((await portal.db.knex('patient_languages').where({ athenaPatientId: String(patientId) }).first('locale')) as { locale: string } | undefined)?.locale ?? null;
const rowCount = async (): Promise<number> => Number((await portal.db.knex('patient_languages').count<{ count: string }[]>('* as count'))[0]!.count);
const member = async (personId: number, actFor?: number): Promise<SignedInBrowser> => (await signIn({ apiUrl: portal.url, personId, ...(actFor === undefined ? {} : { actFor }) })).portal;

const put = (browser: SignedInBrowser, body: string, headers: Record<string, string> = {}) =>
  browser.fetch(`${portal.url}/api/me/language`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('PUT /api/me/language', () => {
  it('refuses an anonymous caller before reading the body, and writes nothing', async () => {
    const before = await rowCount();
    for (const body of ['{"locale":"es-US"}', '{"locale":"fr-FR"}', '{"locale":', '']) {
      const answer = await fetch(`${portal.url}/api/me/language`, { method: 'PUT', headers: { Origin: portal.url, 'Content-Type': 'application/json' }, body });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: 'Authentication required', redirect: '/login' });
    }
    expect(await rowCount()).toBe(before);
  });

  it("keeps a signed-in patient's choice for the patient the session acts for, never a patient named in the body, with an audit row", async () => {
    const margaret = await member(PATIENT_IDS.margaret);
    const answer = await put(margaret, JSON.stringify({ locale: 'es-US', patientId: String(PATIENT_IDS.paul), athenaPatientId: String(PATIENT_IDS.paul) }));
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect(await languageOf(PATIENT_IDS.margaret)).toBe('es-US');
    expect(await languageOf(PATIENT_IDS.paul)).toBeNull();
    const audit = await portal.db.knex('audit_logs').where({ action: 'set_language', method: 'PUT' }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({ eventType: 'phi_write', endpoint: '/api/me/language', statusCode: 204, hipaaRelevant: true });
    expect(audit.metadata).toMatchObject({ patientIds: [String(PATIENT_IDS.margaret)], locale: 'es-US', caller: 'session' });
    // A later choice replaces it.
    expect((await put(margaret, JSON.stringify({ locale: 'en-US' }))).status).toBe(204);
    expect(await languageOf(PATIENT_IDS.margaret)).toBe('en-US');
  });

  it('keeps a caregiver’s choice for the patient the session acts for (Carol acting for Harold), not for the caregiver', async () => {
    const carol = await member(PATIENT_IDS.carol, PATIENT_IDS.harold);
    expect((await put(carol, JSON.stringify({ locale: 'es-US', patientId: String(PATIENT_IDS.carol) }))).status).toBe(204);
    expect(await languageOf(PATIENT_IDS.harold)).toBe('es-US');
    expect(await languageOf(PATIENT_IDS.carol)).toBeNull();
  });

  it('refuses a write from another origin (the session cookie alone is not enough)', async () => {
    const olivia = await member(PATIENT_IDS.olivia);
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await put(olivia, JSON.stringify({ locale: 'es-US' }), { Origin: origin });
      expect(answer.status).toBe(403);
    }
    expect(await languageOf(PATIENT_IDS.olivia)).toBeNull();
  });

  it('answers 400 with the validation body for an unknown, missing or hostile language, and 413 for a huge body', async () => {
    const olivia = await member(PATIENT_IDS.olivia);
    for (const locale of ['fr-FR', 'es', 'es-US\u0000', '\u202ees-US', 'es-US\u001b[2J', 'x'.repeat(5_000), 7, null, ['es-US'], { locale: 'es-US' }]) {
      const answer = await put(olivia, JSON.stringify({ locale }));
      expect({ locale, status: answer.status }).toEqual({ locale, status: 400 });
      expect(await answer.json()).toMatchObject({ error: 'Validation failed', errors: [expect.objectContaining({ field: 'locale' })] });
    }
    const missing = await put(olivia, '{}');
    expect(missing.status).toBe(400);
    expect((await put(olivia, '{"locale": "es-')).status).toBe(400);
    expect((await put(olivia, '["es-US"]')).status).toBe(400);
    const huge = await put(olivia, JSON.stringify({ locale: 'es-US', padding: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await languageOf(PATIENT_IDS.olivia)).toBeNull();
  });

  it("answers a verified guest with no membership 204 and keeps nothing; a guest's own member gets the choice", async () => {
    const guest = await verifiedGuest(portal, 'language.guest@example.com', '4015550161');
    const before = await rowCount();
    const call = (body: unknown) =>
      fetch(`${portal.url}/api/me/language`, { method: 'PUT', headers: { ...guest.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await call({ locale: 'es-US', patientId: String(PATIENT_IDS.nora) })).status).toBe(204);
    expect(await rowCount()).toBe(before);
    // The guest enrolls (its enrollment carries its guest hash); Emma is made an active member under that hash.
    const created = await fetch(`${portal.url}/api/enrollments`, { method: 'POST', headers: { ...guest.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(newPatientForm(guest)) });
    expect(created.status).toBe(201);
    const { guestHash } = (await portal.db.knex('enrollments').where({ id: ((await created.json()) as { id: string }).id }).first('guestHash')) as { guestHash: string };
    await activeMembership(portal.db.knex, PATIENT_IDS.emma, { guestHash });
    expect((await call({ locale: 'es-US', patientId: String(PATIENT_IDS.nora) })).status).toBe(204);
    expect(await languageOf(PATIENT_IDS.emma)).toBe('es-US');
    expect(await languageOf(PATIENT_IDS.nora)).toBeNull();
  }, 60_000);
});

describe('the request’s language on action', () => {
  it('a booking made in Spanish remembers Spanish for the patient, and its email and calendar file are in Spanish', async () => {
    await activeMembership(portal.db.knex, PATIENT_IDS.jordan);
    const jordan = await member(PATIENT_IDS.jordan);
    const { typeId, slots } = await openOfficeVisitSlots(portal.url, jordan, 2);
    const booked = await jordan.fetch(`${portal.url}/api/appointments/${PATIENT_IDS.jordan}/book`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'es-US,es;q=0.9' },
      body: JSON.stringify(bookBody(slots[0]!, typeId)),
    });
    // The API's own answer stays English (decision 0057: the frontends translate by code).
    expect(await booked.json()).toMatchObject({ message: 'Appointment booked' });
    expect(await languageOf(PATIENT_IDS.jordan)).toBe('es-US');
    let mail: Awaited<ReturnType<typeof inboxMessages>> = [];
    for (let tries = 0; tries < 50 && !mail.some((entry) => entry.subject === 'Su cita está reservada'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await inboxMessages(portal.sandbox.url, 'jordan.reyes@example.com');
    }
    expect(mail.map((entry) => entry.subject)).toContain('Su cita está reservada');
    const spanishIcs = await (await jordan.fetch(`${portal.url}/api/appointments/${slots[0]!.appointmentId}/calendar.ics`, { headers: { Cookie: 'portal_lang=es-US', 'Accept-Language': 'es' } })).text();
    const englishIcs = await (await jordan.fetch(`${portal.url}/api/appointments/${slots[0]!.appointmentId}/calendar.ics`)).text();
    expect(englishIcs).toContain('Please arrive 15 minutes early');
    expect(spanishIcs).not.toContain('Please arrive 15 minutes early');
    // The same event (the calendar replaces it): only its words differ.
    const event = (ics: string) => ['UID', 'SEQUENCE', 'DTSTART', 'DTEND', 'METHOD'].map((name) => new RegExp(`^${name}[:;].*$`, 'm').exec(ics)?.[0]);
    expect(event(spanishIcs)).toEqual(event(englishIcs));
    // Rescheduled in English: the later choice is kept.
    const moved = await apiCall(portal.url, jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/reschedule`, { ...bookBody(slots[1]!, typeId), existingAppointmentId: slots[0]!.appointmentId, providerName: '' });
    expect(moved.status).toBe(200);
    expect(await languageOf(PATIENT_IDS.jordan)).toBe('en-US');
  }, 60_000);

  it("sends the guest's code email in the request's language (English as before otherwise)", async () => {
    const human = async () =>
      ((await (await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) })).json()) as { token: string }).token;
    const send = async (email: string, headers: Record<string, string>) =>
      fetch(`${portal.url}/api/verify-email/send-otp`, {
        method: 'POST',
        headers: { Origin: portal.url, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email, 'cf-turnstile-response': await human() }),
      });
    expect((await send('codigo.es@example.com', { Cookie: 'portal_lang=es-US' })).status).toBe(200);
    expect((await send('code.en@example.com', { 'Accept-Language': 'en-US' })).status).toBe(200);
    const [spanish] = await inboxMessages(portal.sandbox.url, 'codigo.es@example.com');
    const [english] = await inboxMessages(portal.sandbox.url, 'code.en@example.com');
    expect(spanish?.subject).toMatch(/^Su código de verificación del portal para miembros: \d{6}$/);
    expect(english?.subject).toMatch(/^Your Member Portal verification code: \d{6}$/);
    expect(english?.text).toContain('It expires in 15 minutes. If you did not ask for it, you can ignore this email.');
  });
});
