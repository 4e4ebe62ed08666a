/**
 * What the staff page needs (booking-dashboard-staff §4 'Staff flow', §7): a listed staff member
 * (a row in staff_emails, as `npm run staff` adds one), the sandbox's human check solved, the
 * emailed code read from the sandbox's inbox, a bearer session signed in through the API, and a
 * chart filing the worker gave up on. Every state takes the staff address as its `email` param.
 */
import { PostgresDocumentFiling, PostgresPatientLanguages } from '@portal/persistence';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { jsonCall, signedInForEnrollment } from '../../../../../tools/src/testing/enrollment-flow.ts';
import { codeFor } from '../../../../../tools/src/testing/guest-browser.ts';
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { signIn } from '../../../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../../../tools/src/testing/booking-api.ts';
import { moveBookedAppointment } from '../../../../../tools/src/testing/booking-setup.ts';
import { activeMembership } from '../../../../../tools/src/testing/members.ts';
import type { ProviderStates } from './types.ts';

/** The sandbox's Turnstile site key (what GET /api/config gives the page in sandbox mode). */
const SANDBOX_TURNSTILE_SITE_KEY = 'sandbox-turnstile-sitekey';

const emailParam = (params: Readonly<Record<string, unknown>>): string => {
  const email = params['email'];
  if (typeof email !== 'string' || email === '') throw new Error("staff states need an 'email' param");
  return email.trim().toLowerCase();
};

/** A JSON call as the staff page makes it: our Origin, a JSON body, the bearer token if any. */
const staffCall = async (portal: TestPortal, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> => {
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: {
      Origin: portal.url,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
};

const expectOk = (answer: { status: number; body: unknown }, what: string): void => {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
};

/** Adds the address to the staff list. */
const listStaff = async (portal: TestPortal, email: string): Promise<void> => {
  await portal.db.knex('staff_emails').insert({ email, name: 'Records Office' }).onConflict('email').ignore();
};

/** A solved human check: the token the sandbox's widget would hand the page (single use). */
const solvedHumanCheck = async (portal: TestPortal): Promise<string> => {
  const issued = await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sitekey: SANDBOX_TURNSTILE_SITE_KEY }),
  });
  if (!issued.ok) throw new Error(`the sandbox's human check answered ${issued.status}`);
  return ((await issued.json()) as { token: string }).token;
};

/** A code sent through the API and read from the sandbox's inbox: the session token and the code. */
const emailedCode = async (portal: TestPortal, email: string): Promise<{ sessionToken: string; code: string }> => {
  await listStaff(portal, email);
  const sent = await staffCall(portal, '/api/staff/send-otp', { email, 'cf-turnstile-response': await solvedHumanCheck(portal) });
  expectOk(sent, 'staff send-otp');
  return { sessionToken: String(sent.body.sessionToken), code: await codeFor(portal, email) };
};

/** A bearer session signed in by the emailed code, as the staff page signs in. */
const signedInStaff = async (portal: TestPortal, email: string): Promise<string> => {
  const { sessionToken, code } = await emailedCode(portal, email);
  expectOk(await staffCall(portal, '/api/staff/verify-otp', { sessionToken, otpCode: code }), 'staff verify-otp');
  return sessionToken;
};

/** A six-digit code that is not `code`. */
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Margaret's membership agreement, signed in SignWell (an enrollment and its document made through
 * the API), whose chart filing failed after the worker's last retry: PostgresDocumentFiling.submit,
 * then markFailed as the worker does (the object-access suite makes its failed filing the same way).
 */
const failedChartFiling = async (portal: TestPortal): Promise<void> => {
  const browser = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
  const created = await jsonCall(browser, portal.url, 'POST', '/api/enrollments/oauth', {
    patientId: String(PATIENT_IDS.margaret),
    practiceLocation: '1',
    membershipTier: '120_annual',
  });
  if (created.status !== 201) throw new Error(`enrollment answered ${created.status}: ${JSON.stringify(created.body)}`);
  const enrollmentId = String(created.body.id);
  const document = await jsonCall(browser, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
  if (document.status !== 200) throw new Error(`create-document answered ${document.status}: ${JSON.stringify(document.body)}`);
  const filing = new PostgresDocumentFiling(portal.db.knex);
  const submission = await filing.submit({
    enrollmentId,
    patientId: String(PATIENT_IDS.margaret),
    departmentId: '1',
    documentType: 'membership_agreement',
    signwellDocumentId: String(document.body.documentId),
    pdf: Buffer.from(`%PDF-1.4 pact provider state ${enrollmentId}`),
    fileName: 'membership-agreement.pdf',
  });
  await filing.markFailed(submission.id, 'HealthRecordUnavailableError 503');
};

/** The body of POST /api/staff/create-subscription for a seeded patient (the address is the practice's sample). */
export const staffSubscriptionBody = (patientId: number, paymentMethod: 'card' | 'manual_payment', patientName: string) => ({
  patientId: String(patientId),
  membershipTier: '120_annual',
  email: 'billing.desk@example.com',
  address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
  paymentMethod,
  patientName,
  department: '1',
});

/** A card as Stripe.js makes it in the browser (the publishable key, POST /v1/payment_methods). */
const browserCard = async (portal: TestPortal): Promise<string> => {
  const response = await fetch(`${portal.sandbox.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { Authorization: 'Bearer pk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' }).toString(),
  });
  if (!response.ok) throw new Error(`the sandbox's payment_methods answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
};

/**
 * The practice report's seeded members (decision 0029): in March 2026, two active Enhanced Annual
 * members at location 1 (one new in March), one Concierge Annual at 2, one cancelled, one past
 * due, a decline and a hardship decline.
 */
const reportMembers = async (portal: TestPortal): Promise<void> => {
  const at = (iso: string) => new Date(iso);
  let n = 0;
  const row = (overrides: Record<string, unknown>) => ({
    athenaPatientId: String(920_000 + n++),
    status: 'active',
    membershipTier: '120_annual',
    department: '1',
    stripeCustomerId: `cus_pactreport${n}`,
    stripeSubscriptionId: `sub_pactreport${n}`,
    membershipStartDate: at('2025-10-01T15:00:00Z'),
    createdAt: at('2025-10-01T14:00:00Z'),
    updatedAt: at('2025-10-01T15:00:00Z'),
    ...overrides,
  });
  const unpaid = { stripeCustomerId: null, stripeSubscriptionId: null, membershipStartDate: null };
  await portal.db.knex('enrollments').insert([
    row({}),
    row({ membershipStartDate: at('2026-03-10T15:00:00Z') }),
    row({ membershipTier: '500_concierge_annual', department: '2' }),
    row({ status: 'cancelled', updatedAt: at('2026-03-18T15:00:00Z') }),
    row({ status: 'past_due', updatedAt: at('2026-03-20T15:00:00Z') }),
    row({ status: 'declined', membershipTier: 'decline', ...unpaid, createdAt: at('2026-03-05T15:00:00Z') }),
    row({ status: 'declined', membershipTier: 'decline_hardship', ...unpaid, createdAt: at('2026-03-06T15:00:00Z') }),
  ]);
};

/**
 * Margaret (5101): an active membership whose privacy notice is filed in the chart and whose
 * agreement's filing failed after the last retry (the worker's outcomes, as rows: the notice went
 * in on its second attempt), and an
 * appointment booked through the patient API and moved to start in 5 hours (inside the cutoff).
 */
const memberWithAppointmentSoon = async (portal: TestPortal): Promise<{ appointmentId: string; appointmentTypeId: string; slotId: string }> => {
  const patientId = String(PATIENT_IDS.margaret);
  const enrollmentId = await activeMembership(portal.db.knex, PATIENT_IDS.margaret);
  await portal.db.knex('document_submissions').insert([
    { enrollmentId, patientId, documentType: 'membership_agreement', contentHash: 'a'.repeat(64), status: 'failed', uploadAttempts: 6, lastAttemptError: 'HealthRecordUnavailableError 503' },
    { enrollmentId, patientId, documentType: 'privacy_practices', contentHash: 'b'.repeat(64), status: 'uploaded', uploadAttempts: 2, lastAttemptError: 'HealthRecordUnavailableError 503' }, // filed on the second attempt
  ]);
  const member = (await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret })).portal;
  const { typeId, slots } = await openOfficeVisitSlots(portal.url, member, 1, 30);
  const slot = slots[0]!;
  const booked = await apiCall(portal.url, member, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(slot, typeId));
  if (booked.status !== 200) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
  await moveBookedAppointment(portal, slot.appointmentId, new Date(Date.now() + 5 * 3600 * 1000));
  // An open slot of the same type to move it to (the reschedule override).
  const target = slots.find((candidate) => candidate.appointmentId !== slot.appointmentId)!;
  return { appointmentId: slot.appointmentId, appointmentTypeId: typeId, slotId: target.appointmentId };
};

export const staffStates: ProviderStates = {
  /** Signed in (`staffToken`), and the report's seeded members (reportMembers). */
  'a signed-in staff member and members to report': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    await reportMembers(portal);
    return { staffToken };
  },
  /**
   * Signed in (`staffToken`), and Margaret's record with an appointment inside 24 hours
   * (`appointmentId`, its type `appointmentTypeId`), and an open slot of that type at location 1 (`slotId`).
   */
  'a signed-in staff member and a member with an appointment inside 24 hours': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    const { appointmentId, appointmentTypeId, slotId } = await memberWithAppointmentSoon(portal);
    return { staffToken, appointmentId, appointmentTypeId, slotId };
  },
  /**
   * Signed in (`staffToken`), and Nora (5109) already has a subscription staff made with manual
   * payment (active at once): `subscriptionId`.
   */
  'a signed-in staff member and a patient with an active subscription': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    const created = await staffCall(portal, '/api/staff/create-subscription', staffSubscriptionBody(PATIENT_IDS.nora, 'manual_payment', 'Nora Quinn'), staffToken);
    expectOk(created, 'staff create-subscription');
    return { staffToken, subscriptionId: String(created.body.subscriptionId) };
  },
  /**
   * Signed in (`staffToken`), a card subscription staff created for Jordan (5102) waiting for its
   * first payment (`subscriptionId`, `invoiceId`), and a card Stripe.js made (`paymentMethodId`).
   */
  'a signed-in staff member and a card subscription waiting for payment': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    const created = await staffCall(portal, '/api/staff/create-subscription', staffSubscriptionBody(PATIENT_IDS.jordan, 'card', 'Jordan Reyes'), staffToken);
    expectOk(created, 'staff create-subscription');
    return { staffToken, subscriptionId: String(created.body.subscriptionId), invoiceId: String(created.body.invoiceId), paymentMethodId: await browserCard(portal) };
  },
  /** On the staff list, with the human check solved: `turnstileToken`. */
  'a listed staff member': async (portal, params) => {
    await listStaff(portal, emailParam(params));
    return { turnstileToken: await solvedHumanCheck(portal) };
  },
  /** Sent a code (send-otp through the API) and read it from the inbox: `sessionToken`, `code`, and a `wrongCode`. */
  'a staff member has been emailed a sign-in code': async (portal, params) => {
    const { sessionToken, code } = await emailedCode(portal, emailParam(params));
    return { sessionToken, code, wrongCode: otherCode(code) };
  },
  /** Signed in by the emailed code: `staffToken`. No chart filing failed. */
  'a signed-in staff member': async (portal, params) => ({ staffToken: await signedInStaff(portal, emailParam(params)) }),
  /** Signed in (`staffToken`), and Paul (5107) chose Spanish in the portal (issue 26: patient_languages). */
  'a signed-in staff member and a patient who chose Spanish': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    await new PostgresPatientLanguages(portal.db.knex).remember(String(PATIENT_IDS.paul), 'es-US', new Date());
    return { staffToken };
  },
  /** Signed in (`staffToken`), and a signed agreement the worker could not file into the chart. */
  'a signed-in staff member and a chart filing that failed': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    await failedChartFiling(portal);
    return { staffToken };
  },
  /** Signed in, then logged out through the API: the `staffToken` no longer opens anything. */
  'a staff member whose session has ended': async (portal, params) => {
    const staffToken = await signedInStaff(portal, emailParam(params));
    expectOk(await staffCall(portal, '/api/staff/logout', undefined, staffToken), 'staff logout');
    return { staffToken };
  },
};
