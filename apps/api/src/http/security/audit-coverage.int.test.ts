/**
 * AUDIT COVERAGE: every route that reads or changes health data writes an `audit_logs` row
 * (hipaaRelevant true), checked by listing the routes.
 *
 * The routes are read from the routers of an app built as the running one is (actors.ts
 * registeredRoutes); ROUTES below classifies each (a registered route missing from it fails the
 * first test). Then one owner goes through every health-data route for real — Margaret with her
 * provider login; a guest who enrolls as a new patient, signs both documents in the sandbox's
 * SignWell page, pays with a test card, opens the billing portal, turns auto-renewal back on;
 * Stripe's signed webhook; staff listing the failed filings — and after each call the test looks
 * for the audit row of that method and endpoint. Last, no audit row holds PHI: no name, birth
 * date, SSN, email or phone of anyone the run touched, in any column.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { seedPatients } from '../../../../provider-sandbox/src/seed/patients.ts';
import { stripeCall, submitSigningPage } from '../../../../provider-sandbox/src/testing.ts';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { verifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { signIn } from '../../../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../../../tools/src/testing/booking-api.ts';
import { activeMembership } from '../../../../../tools/src/testing/members.ts';
import { offerLinkFor } from '../../../../../tools/src/testing/waitlist.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../../../tools/src/testing/enrollment-flow.ts';
import { NEW_PATIENT, SESSION_COOKIE, newPatientForm, registeredRoutes, routeKey, send, staffSignIn, type Actor, type Answer, type Call } from './actors.ts';

/**
 * Every registered route: does it read or change health data (then it must write an audit row
 * with hipaaRelevant true), is it a sign-in event the README promises to audit, or neither.
 */
const ROUTES: Readonly<Record<string, { readonly audit: 'health' | 'auth' | 'none'; readonly why: string }>> = {
  'GET /api/health': { audit: 'none', why: 'database status' },
  'GET /api/ready': { audit: 'none', why: 'database and job queue status (counts and ages, no health data)' },
  'GET /api/config': { audit: 'none', why: 'public provider settings' },
  'GET /api/config/practice': { audit: 'none', why: "the practice's public details (addresses, links); no patient" },
  'GET /api/nurse-line': { audit: 'health', why: 'reads whether the patient is a member (payment for care is PHI) and gives the members-only number' },
  'PUT /api/me/language': { audit: 'health', why: "keeps the patient's chosen language with the patient (issue 26)" },
  'POST /api/client-errors': { audit: 'none', why: 'a frontend reports field names of an answer it could not decode; no health data' },
  'GET /api/providers': { audit: 'none', why: "the practice's provider directory, no patient" },
  'GET /api/auth/config': { audit: 'none', why: 'public login settings' },
  'GET /api/auth/athena': { audit: 'none', why: 'starts a login; nothing is read yet' },
  'GET /api/auth/callback': { audit: 'health', why: "signs in: reads the patient's record and keeps it in the session" },
  'GET /api/auth/session': { audit: 'health', why: "the acting patient's name, birth date, email, phone" },
  'GET /api/auth/status': { audit: 'health', why: "the acting patient's name, birth date, sex, email, phone" },
  'POST /api/auth/session/extend': { audit: 'none', why: 'answers only the expiry' },
  'POST /api/auth/update-session': { audit: 'health', why: 'stores the Medicare/Medicaid answer, location and whom the enrollment is for' },
  'POST /api/auth/logout': { audit: 'auth', why: 'a sign-out (README: every sign-in and sign-out is audited)' },
  'GET /api/oauth/patient-contacts': { audit: 'health', why: 'names and emails of the person and the patients linked to them' },
  'POST /api/enrollments': { audit: 'health', why: "a guest's enrollment: registers or matches the patient in the health record" },
  'POST /api/enrollments/oauth': { audit: 'health', why: 'creates an enrollment (or records an opt-out in the health record)' },
  'GET /api/enrollments/:id': { audit: 'health', why: 'reads an enrollment' },
  'POST /api/enrollments/:id/create-document': { audit: 'health', why: 'makes the agreement naming the patient and plan' },
  'POST /api/enrollments/:id/create-privacy-document': { audit: 'health', why: 'makes the privacy notice acknowledgment naming the patient' },
  'POST /api/enrollments/:id/signature': { audit: 'health', why: 'records the signature, files the PDF into the chart' },
  'POST /api/enrollments/:id/privacy-signature': { audit: 'health', why: 'records the signature, files the PDF into the chart' },
  'GET /api/signwell/verify-completion/:documentId': { audit: 'health', why: "reads the signing state of a patient's consent document" },
  'POST /api/enrollments/:id/create-subscription': { audit: 'health', why: "creates the patient's membership subscription" },
  'POST /api/stripe/pay-invoice': { audit: 'health', why: 'pays for the membership' },
  'POST /api/enrollments/:id/payment': { audit: 'health', why: "records the payment, sets 'Paid Up' in the health record" },
  'POST /api/enrollments/:id/reactivate-subscription': { audit: 'health', why: 'changes the membership' },
  'GET /api/enrollments/:id/complete': { audit: 'health', why: 'reads the enrollment and receipt' },
  'GET /api/stripe/customer-check': { audit: 'health', why: "reads whether the patient has a membership billing account (payment for care is PHI)" },
  'POST /api/stripe/portal-session': { audit: 'health', why: "opens the patient's billing account" },
  'POST /api/stripe/webhook': { audit: 'health', why: "moves enrollments with Stripe's events, sets 'Paid Up' in the health record" },
  'GET /api/dashboard/subscription-status': { audit: 'health', why: 'membership status and subscriptions of the patient and dependents' },
  'POST /api/dashboard/subscription-status/refresh': { audit: 'health', why: 'the same, read again' },
  'POST /api/verify-email/send-otp': { audit: 'none', why: 'sends a code; no health data' },
  'POST /api/verify-email/verify-otp': { audit: 'none', why: 'checks a code' },
  'POST /api/verify-email/check-session': { audit: 'none', why: 'checks an email session' },
  'POST /api/verify-phone': { audit: 'none', why: "issues the guest token for the guest's own contact" },
  'GET /api/guest/session': { audit: 'none', why: "the guest's own verified email and phone, no health data" },
  'POST /api/staff/send-otp': { audit: 'none', why: 'staff sign-in code' },
  'POST /api/staff/verify-otp': { audit: 'none', why: 'staff sign-in (audited as staff_auth, not health data)' },
  'POST /api/staff/verify-session': { audit: 'none', why: 'staff session check' },
  'POST /api/staff/logout': { audit: 'none', why: 'ends a staff session' },
  'GET /api/staff/document-submissions': { audit: 'health', why: 'lists failed chart filings naming patients and enrollments' },
  'POST /api/staff/patient-search': { audit: 'health', why: 'staff search the health record by name and birth date' },
  'POST /api/staff/patient-details': { audit: 'health', why: "staff read a patient's record and custom fields" },
  'POST /api/staff/create-subscription': { audit: 'health', why: "staff create a patient's membership subscription" },
  'GET /api/staff/report': { audit: 'health', why: 'staff read the practice report (membership and payment figures, counts only)' },
  'POST /api/staff/patient-record': { audit: 'health', why: "staff read a patient's enrollments, documents, subscription and appointments" },
  'POST /api/staff/appointments/cancel': { audit: 'health', why: "staff cancel a patient's appointment (the cutoff override)" },
  'POST /api/staff/appointments/reschedule': { audit: 'health', why: "staff move a patient's appointment (the cutoff override)" },
  'GET /api/staff/appointments/availability': { audit: 'none', why: "the practice's open slots for the staff reschedule screen, no patient" },
  'GET /api/appointment-types': { audit: 'none', why: "the practice's appointment types, no patient" },
  'GET /api/appointments/availability': { audit: 'none', why: "the practice's open slots, no patient" },
  'POST /api/appointments/patient-info': { audit: 'health', why: "matches the guest's form to a member's chart" },
  'POST /api/appointments/:id/book': { audit: 'health', why: "books in the patient's health record" },
  'POST /api/appointments/:id/reschedule': { audit: 'health', why: "moves the patient's appointment" },
  'PUT /api/appointments/:id/cancel': { audit: 'health', why: "cancels the patient's appointment" },
  'GET /api/dashboard/upcoming-appointments': { audit: 'health', why: "the patient's appointments from the health record" },
  'GET /api/appointments/:id/calendar.ics': { audit: 'health', why: "the patient's appointment as a calendar file" },
  'PUT /api/appointments/:id/waitlist': { audit: 'health', why: "puts the patient's appointment on the earlier-slot waitlist" },
  'POST /api/waitlist-offers/view': { audit: 'health', why: "the patient's appointment beside the slot offered" },
  'POST /api/waitlist-offers/take': { audit: 'health', why: "moves the patient's appointment to the offered slot" },
};

const WEBHOOK_SECRET = 'whsec_portal_sandbox';

let portal: TestPortal;
let registered: Array<{ method: string; path: string }> = [];
/** Route key → the audit rows its call wrote. */
const audited = new Map<string, Array<Record<string, any>>>();

beforeAll(async () => {
  portal = await startTestPortal();
  registered = await registeredRoutes(portal);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const lastAuditId = async (): Promise<number> => Number((await portal.db.knex('audit_logs').max('id as id').first())?.id ?? 0);

const patternOf = (path: string): RegExp => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/** Makes the call and checks that it wrote an audit row for its method and endpoint. */
const audit = async <T,>(key: string, action: () => Promise<T>): Promise<T> => {
  const [method, path] = key.split(' ') as [string, string];
  if (!(key in ROUTES)) throw new Error(`${key} is not in ROUTES`);
  const since = await lastAuditId();
  const result = await action();
  const rows = (await portal.db.knex('audit_logs').where('id', '>', since).where({ method }).orderBy('id')).filter((row: { endpoint: string | null }) =>
    patternOf(path).test(row.endpoint ?? ''),
  );
  audited.set(key, [...(audited.get(key) ?? []), ...rows]);
  expect({ route: key, audited: rows.length > 0 }).toEqual({ route: key, audited: true });
  expect({ route: key, hipaaRelevant: rows.every((row) => row.hipaaRelevant === true) }).toEqual({ route: key, hipaaRelevant: true });
  const succeeded = rows.filter((row) => typeof row.statusCode === 'number' && row.statusCode < 400 && !/_(refused|failed)$/.test(row.action));
  expect({ route: key, success: succeeded.length > 0, rows: rows.map((row) => `${row.action} ${row.statusCode}`) }).toEqual({
    route: key,
    success: true,
    rows: expect.anything(),
  });
  return result;
};

const ok = (answer: Answer, what: string, status = 200): Answer => {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 400)}`);
  return answer;
};

describe('the route table', () => {
  it('classifies every registered route (a new one must be added to ROUTES)', () => {
    expect(registered.map(routeKey).filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !registered.some((route) => routeKey(route) === key))).toEqual([]);
  });
});

describe('every route that reads or changes health data writes an audit row', () => {
  let margaret: Actor;
  let guest: Actor;
  let staff: Actor;
  let enrollmentId = '';
  let guestEnrollment = '';
  let subscriptionId = '';
  let customerId = '';

  const asSession = (token: string, name: Actor['name']): Actor => ({
    name,
    kind: 'session',
    headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    acting: null,
    patients: new Set(),
    guest: null,
    staffEmail: null,
  });
  const call = (actor: Actor | null, request: Call) => send(portal, actor, request);

  it('Margaret signs in with her provider login', async () => {
    const signedIn = await audit('GET /api/auth/callback', () => signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret }));
    margaret = asSession(signedIn.portal.jar.get(SESSION_COOKIE)!, 'margaret');
  });

  it('reads her session, status and contacts', async () => {
    await audit('GET /api/auth/session', async () => ok(await call(margaret, { method: 'GET', path: '/api/auth/session' }), 'session'));
    await audit('GET /api/auth/status', async () => ok(await call(margaret, { method: 'GET', path: '/api/auth/status' }), 'status'));
    await audit('GET /api/oauth/patient-contacts', async () => ok(await call(margaret, { method: 'GET', path: '/api/oauth/patient-contacts' }), 'contacts'));
  });

  it('chooses Spanish', async () => {
    await audit('PUT /api/me/language', async () => ok(await call(margaret, { method: 'PUT', path: '/api/me/language', body: { locale: 'es-US' } }), 'language', 204));
  });

  it('answers the location step and enrolls', async () => {
    await audit('POST /api/auth/update-session', async () =>
      ok(await call(margaret, { method: 'POST', path: '/api/auth/update-session', body: { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'no' } }), 'update-session'),
    );
    const created = await audit('POST /api/enrollments/oauth', async () =>
      ok(await call(margaret, { method: 'POST', path: '/api/enrollments/oauth', body: { patientId: String(PATIENT_IDS.margaret), practiceLocation: '1', membershipTier: '120_annual' } }), 'enroll', 201),
    );
    enrollmentId = created.body.id;
    await audit('GET /api/enrollments/:id', async () => ok(await call(margaret, { method: 'GET', path: `/api/enrollments/${enrollmentId}` }), 'read'));
  });

  it('reads her membership status', async () => {
    await audit('GET /api/dashboard/subscription-status', async () => ok(await call(margaret, { method: 'GET', path: '/api/dashboard/subscription-status' }), 'status'));
    await audit('POST /api/dashboard/subscription-status/refresh', async () =>
      ok(await call(margaret, { method: 'POST', path: '/api/dashboard/subscription-status/refresh' }), 'refresh'),
    );
  });

  it('signs out', async () => {
    await audit('POST /api/auth/logout', async () => ok(await call(margaret, { method: 'POST', path: '/api/auth/logout' }), 'logout'));
  });

  it('a guest enrolls as a new patient and signs the agreement', async () => {
    const verified = await verifiedGuest(portal, 'sec.audit.guest@example.com', '4015550194');
    guest = { name: 'guestA', kind: 'guest', headers: { 'X-Verification-Token': verified.verificationToken }, acting: null, patients: new Set(), guest: verified, staffEmail: null };
    const created = await audit('POST /api/enrollments', async () => ok(await call(guest, { method: 'POST', path: '/api/enrollments', body: newPatientForm(verified) }), 'guest enrollment', 201));
    guestEnrollment = created.body.id;
    const document = await audit('POST /api/enrollments/:id/create-document', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/create-document` }), 'create-document'),
    );
    await submitSigningPage(document.body.embeddedUrl, { fullName: `${NEW_PATIENT.firstName} ${NEW_PATIENT.lastName}` });
    await audit('GET /api/signwell/verify-completion/:documentId', async () =>
      ok(await call(guest, { method: 'GET', path: `/api/signwell/verify-completion/${document.body.documentId}` }), 'verify-completion'),
    );
    await audit('POST /api/enrollments/:id/signature', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/signature`, body: { documentId: document.body.documentId } }), 'signature'),
    );
  }, 60_000);

  it('signs the privacy notice', async () => {
    const document = await audit('POST /api/enrollments/:id/create-privacy-document', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/create-privacy-document` }), 'create-privacy-document'),
    );
    await submitSigningPage(document.body.embeddedUrl, { fullName: `${NEW_PATIENT.firstName} ${NEW_PATIENT.lastName}` });
    await audit('POST /api/enrollments/:id/privacy-signature', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/privacy-signature`, body: { documentId: document.body.documentId } }), 'privacy-signature'),
    );
  }, 60_000);

  it('pays with a test card and reads the confirmation', async () => {
    const setup = await audit('POST /api/enrollments/:id/create-subscription', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/create-subscription` }), 'create-subscription'),
    );
    subscriptionId = setup.body.subscriptionId;
    const card = await stripeCall(
      portal.sandbox.url,
      'POST',
      '/v1/payment_methods',
      { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2031', 'card[cvc]': '123' },
      { key: 'pk_test_portal_sandbox' },
    );
    await audit('POST /api/stripe/pay-invoice', async () =>
      ok(
        await call(guest, { method: 'POST', path: '/api/stripe/pay-invoice', body: { invoiceId: setup.body.invoiceId, subscriptionId, paymentMethodId: (card.body as { id: string }).id } }),
        'pay-invoice',
      ),
    );
    const paid = await audit('POST /api/enrollments/:id/payment', async () => ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/payment`, body: {} }), 'payment'));
    expect(paid.body.status).toBe('active');
    await audit('GET /api/enrollments/:id/complete', async () => ok(await call(guest, { method: 'GET', path: `/api/enrollments/${guestEnrollment}/complete` }), 'complete'));
    customerId = (await portal.db.knex('enrollments').where({ id: guestEnrollment }).first()).stripeCustomerId;
  }, 60_000);

  it('opens the billing portal and turns auto-renewal back on', async () => {
    await audit('GET /api/stripe/customer-check', async () => ok(await call(guest, { method: 'GET', path: '/api/stripe/customer-check' }), 'customer-check'));
    await audit('POST /api/stripe/portal-session', async () => ok(await call(guest, { method: 'POST', path: '/api/stripe/portal-session' }), 'portal-session'));
    const cancelling = await stripeCall(portal.sandbox.url, 'POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    expect(cancelling.status).toBe(200);
    await audit('POST /api/enrollments/:id/reactivate-subscription', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/enrollments/${guestEnrollment}/reactivate-subscription`, body: { confirmed: true } }), 'reactivate'),
    );
    expect(customerId).toMatch(/^cus_/);
  }, 30_000);

  it('the guest, now a member, books, reschedules and cancels; a member reads their upcoming appointments', async () => {
    const verified = guest.guest!;
    const patient = await audit('POST /api/appointments/patient-info', async () =>
      ok(
        await call(guest, {
          method: 'POST',
          path: '/api/appointments/patient-info',
          body: { isGuardianSigning: false, firstName: NEW_PATIENT.firstName, lastName: NEW_PATIENT.lastName, dateOfBirth: NEW_PATIENT.usDate, email: verified.email, phone: verified.phone.slice(2), zipCode: '02886', lastFourSSN: NEW_PATIENT.ssn.slice(-4), patientStatus: 'existing', department: '1' },
        }),
        'patient-info',
      ),
    );
    const patientId = patient.body.patientId as string;
    const types = ok(await call(guest, { method: 'GET', path: '/api/appointment-types?providerId=any' }), 'types');
    const typeId = (types.body.appointmentTypes as Array<{ id: string; name: string }>).find((type) => type.name === 'Office Visit')!.id;
    const slots = ok(await call(guest, { method: 'GET', path: `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=2` }), 'availability').body
      .slots as Array<{ appointmentId: string; date: string; time: string; providerId: string }>;
    const body = (slot: (typeof slots)[number]) => ({ providerId: slot.providerId, appointmentId: slot.appointmentId, appointmentDate: slot.date, appointmentTime: slot.time, appointmentTypeId: typeId });
    await audit('POST /api/appointments/:id/book', async () => ok(await call(guest, { method: 'POST', path: `/api/appointments/${patientId}/book`, body: body(slots[0]!) }), 'book'));
    await audit('GET /api/appointments/:id/calendar.ics', async () => {
      const answer = await fetch(`${portal.url}/api/appointments/${slots[0]!.appointmentId}/calendar.ics`, { headers: guest.headers });
      expect(answer.status).toBe(200);
    });
    await audit('POST /api/appointments/:id/reschedule', async () =>
      ok(await call(guest, { method: 'POST', path: `/api/appointments/${patientId}/reschedule`, body: { ...body(slots[1]!), existingAppointmentId: slots[0]!.appointmentId, providerName: '' } }), 'reschedule'),
    );
    await audit('PUT /api/appointments/:id/cancel', async () => ok(await call(guest, { method: 'PUT', path: `/api/appointments/${slots[1]!.appointmentId}/cancel` }), 'cancel'));
    const jordan = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.jordan });
    const asJordan = asSession(jordan.portal.jar.get(SESSION_COOKIE)!, 'margaret');
    await audit('GET /api/dashboard/upcoming-appointments', async () => ok(await call(asJordan, { method: 'GET', path: '/api/dashboard/upcoming-appointments' }), 'upcoming'));
  }, 60_000);

  it('a waitlisted member hears of a freed slot and takes it from the emailed link', async () => {
    // Concierge: the offer is emailed at once (Enhanced members wait 15 minutes).
    await activeMembership(portal.db.knex, PATIENT_IDS.jordan, { tier: '500_concierge_annual' });
    await activeMembership(portal.db.knex, PATIENT_IDS.olivia);
    const jordan = (await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.jordan })).portal;
    const olivia = (await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.olivia })).portal;
    const { typeId, slots } = await openOfficeVisitSlots(portal.url, olivia, 3, 30);
    const early = slots[0]!;
    // A later day: the waitlist offers only an earlier time.
    const later = slots.find((slot) => slot.date !== early.date);
    expect((await apiCall(portal.url, olivia, 'POST', `/api/appointments/${PATIENT_IDS.olivia}/book`, bookBody(early!, typeId))).status).toBe(200);
    expect((await apiCall(portal.url, jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(later!, typeId))).status).toBe(200);
    const jordanSession = asSession(jordan.jar.get(SESSION_COOKIE)!, 'margaret');
    await audit('PUT /api/appointments/:id/waitlist', async () => ok(await call(jordanSession, { method: 'PUT', path: `/api/appointments/${later!.appointmentId}/waitlist`, body: { scope: 'any-provider' } }), 'waitlist'));
    expect((await apiCall(portal.url, olivia, 'PUT', `/api/appointments/${early!.appointmentId}/cancel`)).status).toBe(200);
    const { token } = await offerLinkFor(portal, 'jordan.reyes@example.com');
    await audit('POST /api/waitlist-offers/view', async () => ok(await call(null, { method: 'POST', path: '/api/waitlist-offers/view', body: { token } }), 'view offer'));
    await audit('POST /api/waitlist-offers/take', async () => ok(await call(null, { method: 'POST', path: '/api/waitlist-offers/take', body: { token } }), 'take offer'));
  }, 60_000);

  it("takes Stripe's signed event for the subscription", async () => {
    const body = JSON.stringify({
      id: `evt_sec_audit_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
    const at = Math.floor(Date.now() / 1000);
    const signature = `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}`;
    await audit('POST /api/stripe/webhook', async () => {
      const response = await fetch(`${portal.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body });
      expect(response.status).toBe(200);
    });
  });

  it('a member signed in with athenahealth reveals the nurse line', async () => {
    // Carol, for herself: no enrollment elsewhere in this walk. Paid by card through the API, so Stripe knows her as a member.
    const browser = await signedInForEnrollment(portal.url, PATIENT_IDS.carol);
    await paidEnrollment(portal.url, portal.sandbox.url, browser, await signedEnrollment(portal.url, browser, PATIENT_IDS.carol, '120_annual', 'Carol Bennett'));
    const carol = asSession(browser.jar.get(SESSION_COOKIE)!, 'margaret');
    await audit('GET /api/nurse-line', async () => ok(await call(carol, { method: 'GET', path: '/api/nurse-line' }), 'nurse-line'));
  }, 60_000);

  it('staff list the failed chart filings', async () => {
    const token = await staffSignIn(portal, 'sec.audit.clerk@mdri-primarycare.example', 'Audit Clerk');
    staff = { name: 'staff', kind: 'staff', headers: { Authorization: `Bearer ${token}` }, acting: null, patients: new Set(), guest: null, staffEmail: 'sec.audit.clerk@mdri-primarycare.example' };
    await audit('GET /api/staff/document-submissions', async () => ok(await call(staff, { method: 'GET', path: '/api/staff/document-submissions?status=failed' }), 'document-submissions'));
  });

  it('staff search, view a patient, create a subscription and pay it (the bearer version of pay-invoice)', async () => {
    await audit('POST /api/staff/patient-search', async () =>
      ok(await call(staff, { method: 'POST', path: '/api/staff/patient-search', body: { firstName: 'Olivia', lastName: 'Hart', dateOfBirth: seedPatients(new Date()).find((p) => p.patientid === PATIENT_IDS.olivia)!.dob } }), 'staff patient-search'),
    );
    await audit('POST /api/staff/patient-details', async () => ok(await call(staff, { method: 'POST', path: '/api/staff/patient-details', body: { patientId: String(PATIENT_IDS.olivia) } }), 'staff patient-details'));
    const created = await audit('POST /api/staff/create-subscription', async () =>
      ok(
        await call(staff, {
          method: 'POST',
          path: '/api/staff/create-subscription',
          body: {
            patientId: String(PATIENT_IDS.olivia),
            membershipTier: '70_biannual',
            email: 'sec.audit.billing@example.com',
            address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
            paymentMethod: 'card',
            patientName: 'Olivia Hart',
            department: '1',
          },
        }),
        'staff create-subscription',
      ),
    );
    const method = await stripeCall(portal.sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' } }, { key: 'pk_test_portal_sandbox' });
    await audit('POST /api/stripe/pay-invoice', async () =>
      ok(
        await call(staff, {
          method: 'POST',
          path: '/api/stripe/pay-invoice',
          body: { invoiceId: created.body.invoiceId, subscriptionId: created.body.subscriptionId, paymentMethodId: (method.body as { id: string }).id },
        }),
        'staff pay-invoice',
      ),
    );
  });

  it('staff read the practice report and a patient record, and reschedule and cancel an appointment with a reason (the cutoff override)', async () => {
    await audit('GET /api/staff/report', async () => ok(await call(staff, { method: 'GET', path: '/api/staff/report?from=2026-01-01&to=2026-12-31' }), 'staff report'));
    const jordan = (await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.jordan })).portal;
    const { typeId, slots } = await openOfficeVisitSlots(portal.url, jordan, 4, 30);
    const upcoming = async () => (await apiCall(portal.url, jordan, 'GET', '/api/dashboard/upcoming-appointments')).body.appointments as Array<{ appointmentId: string }>;
    if ((await upcoming()).length === 0) expect((await apiCall(portal.url, jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(slots[0]!, typeId))).status).toBe(200);
    const record = await audit('POST /api/staff/patient-record', async () => ok(await call(staff, { method: 'POST', path: '/api/staff/patient-record', body: { patientId: String(PATIENT_IDS.jordan) } }), 'staff patient-record'));
    const existing = (record.body.appointments as Array<{ appointmentId: string }>)[0]!.appointmentId;
    const target = slots.find((slot) => slot.appointmentId !== existing)!;
    await audit('POST /api/staff/appointments/reschedule', async () =>
      ok(
        await call(staff, { method: 'POST', path: '/api/staff/appointments/reschedule', body: { existingAppointmentId: existing, appointmentId: target.appointmentId, appointmentTypeId: typeId, reason: 'Patient phoned to move it' } }),
        'staff reschedule',
      ),
    );
    await audit('POST /api/staff/appointments/cancel', async () =>
      ok(await call(staff, { method: 'POST', path: '/api/staff/appointments/cancel', body: { appointmentId: target.appointmentId, reason: 'Patient phoned to cancel' } }), 'staff cancel'),
    );
  }, 60_000);

  it('went through every route the table says must be audited', () => {
    const required = Object.entries(ROUTES)
      .filter(([, route]) => route.audit !== 'none')
      .map(([key]) => key);
    expect(required.filter((key) => !audited.has(key))).toEqual([]);
    console.log(
      `AUDIT COVERAGE: ${registered.length} routes registered, ${required.length} audited (${required.filter((key) => ROUTES[key]!.audit === 'health').length} health data, ` +
        `${required.filter((key) => ROUTES[key]!.audit === 'auth').length} sign-in events), ${registered.length - required.length} without health data\n` +
        required.map((key) => `  ${key.padEnd(52)} ${audited.get(key)!.map((row) => `${row.eventType}/${row.action} ${row.statusCode}`).join(', ')}`).join('\n'),
    );
  });
});

describe('audit rows hold no PHI', () => {
  it('no name, birth date, SSN, email or phone of anyone in any column of any row', async () => {
    const rows = (await portal.db.knex('audit_logs').select()) as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(20);
    const people = [
      ...seedPatients(new Date()).map((p) => ({ first: p.firstname, last: p.lastname, dob: p.dob, ssn: p.ssn, email: p.email, phones: [p.mobilephone, p.homephone] })),
      { first: NEW_PATIENT.firstName, last: NEW_PATIENT.lastName, dob: NEW_PATIENT.usDate, ssn: NEW_PATIENT.ssn.replace(/-/g, ''), email: 'sec.audit.guest@example.com', phones: ['4015550194'] },
    ];
    const markers: Array<{ what: string; test: (text: string) => boolean }> = [];
    for (const person of people) {
      const [month, day, year] = person.dob.split('/');
      markers.push({ what: `name of ${person.first} ${person.last}`, test: (text) => new RegExp(`\\b(${person.first}|${person.last})\\b`, 'i').test(text) });
      markers.push({ what: `birth date of ${person.first}`, test: (text) => text.includes(person.dob) || text.includes(`${year}-${month}-${day}`) });
      markers.push({ what: `SSN of ${person.first}`, test: (text) => text.includes(person.ssn) || text.includes(`${person.ssn.slice(0, 3)}-${person.ssn.slice(3, 5)}-${person.ssn.slice(5)}`) });
      for (const phone of person.phones.filter((value): value is string => value !== null)) {
        markers.push({ what: `phone of ${person.first}`, test: (text) => text.replace(/[^\d]/g, ' ').split(/\s+/).some((digits) => digits.endsWith(phone)) || text.includes(`${phone.slice(3, 6)}-${phone.slice(6)}`) });
      }
    }
    const staffEmails = new Set((await portal.db.knex('staff_emails').select('email')).map((row: { email: string }) => row.email));
    const phiIn = (row: Record<string, unknown>): string[] => {
      const found: string[] = [];
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined || value instanceof Date || typeof value === 'boolean' || typeof value === 'number') continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        for (const marker of markers) if (marker.test(text)) found.push(`row ${row.id} ${row.action} ${column}: ${marker.what}`);
        // Emails: none, except the staff member's own address as the actor of a staff event (a workforce identity, not a patient's).
        const emails = text.match(/[^\s"'@<>(),;:]+@[^\s"'@<>(),;:]+\.[a-z]{2,}/gi) ?? [];
        for (const email of emails) {
          if (column === 'userId' && staffEmails.has(email.toLowerCase()) && String(row.eventType).startsWith('staff_')) continue;
          found.push(`row ${row.id} ${row.action} ${column}: email ${email}`);
        }
      }
      return found;
    };
    // The scan itself finds what it looks for (rows as they must never be).
    const planted = [
      { id: 'x', action: 'x', metadata: { patient: 'Margaret Sullivan' } },
      { id: 'x', action: 'x', userAgent: 'born 04/12/1979' },
      { id: 'x', action: 'x', metadata: { ssn: '900-99-4412' } },
      { id: 'x', action: 'x', endpoint: '/api/x?phone=(401) 555-0111' },
      { id: 'x', action: 'x', userId: 'carol.bennett@example.com', eventType: 'auth' },
    ];
    expect(planted.map((row) => phiIn(row).length > 0)).toEqual(planted.map(() => true));
    expect(rows.flatMap(phiIn)).toEqual([]);
  });
});
