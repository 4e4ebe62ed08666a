/**
 * The staff page's contract with the API (consumer portal-staff): every call it makes, with the
 * fields the sign-in form, the staff home and *Documents to file by hand* read (and what their
 * codecs require). Verified against the running API by apps/api/src/pact/frontends.provider.int.test.ts.
 *
 * Values only the provider's state can know come from it: the bearer token (`staffToken`, put in
 * place by the verification's request filter), the solved human check's token (`turnstileToken`),
 * the emailed code's session token and the code itself (`sessionToken`, `code`, `wrongCode`).
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError, TURNSTILE_RESPONSE_FIELD } from '@portal/client';
import { EXAMPLE_STAFF_TOKEN, frontendPact, mockClient, staffBearer, CONFIG_RESPONSE } from '../../../tools/src/testing/frontend-pact.ts';
import {
  cancelAppointmentOverride,
  createStaffSubscription,
  fetchConfig,
  fetchPatientRecord,
  fetchPracticeReport,
  fetchStaffAvailability,
  rescheduleAppointmentOverride,
  fetchFailedDocuments,
  fetchPatientDetails,
  logoutStaff,
  payStaffInvoice,
  searchPatients,
  sendStaffCode,
  verifyStaffCode,
  verifyStaffSession,
} from './staff-api.ts';
import { duplicateNotice } from './staff-portal.ts';
import { checkStaffSession, sendCodeFailure } from './staff-session.ts';

const { boolean, eachLike, fromProviderState, integer, like, nullValue, regex } = MatchersV3;

const pact = frontendPact('staff');

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
/** The staff member every state signs in (the states take it as their `email` param). */
const STAFF_EMAIL = 'records@mdri-primarycare.example';
const asStaff = { email: STAFF_EMAIL };

const EXAMPLE_TURNSTILE_TOKEN = 'pact-example-turnstile-token';
const EXAMPLE_SESSION_TOKEN = 'pact-example-staff-session-token-0000000000';
const EXAMPLE_CODE = '123456';
const EXAMPLE_EXPIRES_AT = '2026-11-25T23:26:47.000Z';

const json = { 'Content-Type': 'application/json' };
const bearerJson = () => ({ ...staffBearer(), ...json });


/** One row of *Documents to file by hand*. */
const failedSubmission = {
  id: like('1'),
  enrollmentId: regex('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', '5b6f0c2e-3f4a-4d8b-9c1e-7a2b3c4d5e6f'),
  patientId: like('5101'),
  documentType: regex('^(membership_agreement|privacy_practices)$', 'membership_agreement'),
  status: like('failed'),
  uploadAttempts: integer(6),
  lastAttemptError: like('HealthRecordUnavailableError 503'),
  createdAt: regex(ISO, '2026-11-25T12:00:00.000Z'),
  updatedAt: regex(ISO, '2026-11-25T12:30:00.000Z'),
};

describe('staff → API contract', () => {
  it('reads the human check settings for sign-in', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the public configuration from the staff sign-in page')
      .withRequest('GET', '/api/config')
      .willRespondWith(200, (builder) => builder.jsonBody(CONFIG_RESPONSE))
      .executeTest(async (mock) => {
        const answer = await fetchConfig(mockClient(mock.url));
        expect(answer.turnstile).toEqual({ enabled: true, siteKey: 'sandbox-turnstile-sitekey' });
        expect(answer.scripts.turnstileApiJs).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js');
      });
  });

  it("sends a sign-in code with the solved human check's token", async () => {
    await pact
      .addInteraction()
      .given('a listed staff member', asStaff)
      .uponReceiving('a request for a staff sign-in code')
      .withRequest('POST', '/api/staff/send-otp', (builder) =>
        builder.headers(json).jsonBody({
          email: STAFF_EMAIL,
          [TURNSTILE_RESPONSE_FIELD]: fromProviderState('${turnstileToken}', EXAMPLE_TURNSTILE_TOKEN),
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          sessionToken: like(EXAMPLE_SESSION_TOKEN),
          message: like('If this address belongs to practice staff, a sign-in code has been sent to it.'),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await sendStaffCode(mockClient(mock.url), STAFF_EMAIL, EXAMPLE_TURNSTILE_TOKEN);
        expect(answer.sessionToken).toBe(EXAMPLE_SESSION_TOKEN);
        expect(answer.message).toContain('sign-in code');
      });
  });

  it('is refused a code when the human check does not pass (shown at the check)', async () => {
    await pact
      .addInteraction()
      .given('a listed staff member', asStaff)
      .uponReceiving('a request for a staff sign-in code with a human check token the check refuses')
      .withRequest('POST', '/api/staff/send-otp', (builder) =>
        builder.headers(json).jsonBody({ email: STAFF_EMAIL, [TURNSTILE_RESPONSE_FIELD]: 'forged.turnstile.token' }),
      )
      .willRespondWith(403, (builder) => builder.jsonBody({ error: like('Please complete security verification to continue') }))
      .executeTest(async (mock) => {
        const failure = await sendStaffCode(mockClient(mock.url), STAFF_EMAIL, 'forged.turnstile.token').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect(sendCodeFailure(failure)).toEqual({ kind: 'security-check', message: 'Please complete security verification to continue' });
      });
  });

  it('signs in with the emailed code', async () => {
    await pact
      .addInteraction()
      .given('a staff member has been emailed a sign-in code', asStaff)
      .uponReceiving('a staff sign-in with the emailed code')
      .withRequest('POST', '/api/staff/verify-otp', (builder) =>
        builder.headers(json).jsonBody({
          sessionToken: fromProviderState('${sessionToken}', EXAMPLE_SESSION_TOKEN),
          otpCode: fromProviderState('${code}', EXAMPLE_CODE),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ email: like(STAFF_EMAIL), expiresAt: regex(ISO, EXAMPLE_EXPIRES_AT) }))
      .executeTest(async (mock) => {
        const answer = await verifyStaffCode(mockClient(mock.url), EXAMPLE_SESSION_TOKEN, EXAMPLE_CODE);
        expect(answer).toEqual({ email: STAFF_EMAIL, expiresAt: EXAMPLE_EXPIRES_AT });
      });
  });

  it('is refused a wrong code (401: Invalid verification code)', async () => {
    await pact
      .addInteraction()
      .given('a staff member has been emailed a sign-in code', asStaff)
      .uponReceiving('a staff sign-in with a wrong code')
      .withRequest('POST', '/api/staff/verify-otp', (builder) =>
        builder.headers(json).jsonBody({
          sessionToken: fromProviderState('${sessionToken}', EXAMPLE_SESSION_TOKEN),
          otpCode: fromProviderState('${wrongCode}', '000000'),
        }),
      )
      .willRespondWith(401, (builder) => builder.jsonBody({ error: like('Invalid verification code') }))
      .executeTest(async (mock) => {
        const failure = await verifyStaffCode(mockClient(mock.url), EXAMPLE_SESSION_TOKEN, '000000').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(401);
      });
  });

  it('checks a stored session and reads when it ends', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a check of a staff session')
      .withRequest('POST', '/api/staff/verify-session', (builder) => builder.headers(bearerJson()).jsonBody({ email: STAFF_EMAIL }))
      .willRespondWith(200, (builder) => builder.jsonBody({ valid: boolean(true), email: like(STAFF_EMAIL), expiresAt: regex(ISO, EXAMPLE_EXPIRES_AT) }))
      .executeTest(async (mock) => {
        const client = mockClient(mock.url);
        expect(await verifyStaffSession(client, EXAMPLE_STAFF_TOKEN, STAFF_EMAIL)).toEqual({ valid: true, email: STAFF_EMAIL, expiresAt: EXAMPLE_EXPIRES_AT });
        expect(await checkStaffSession(client, { token: EXAMPLE_STAFF_TOKEN, email: STAFF_EMAIL })).toEqual({
          kind: 'valid',
          email: STAFF_EMAIL,
          expiresAt: EXAMPLE_EXPIRES_AT,
        });
      });
  });

  it('finds an ended session invalid (401), to be cleared silently', async () => {
    await pact
      .addInteraction()
      .given('a staff member whose session has ended', asStaff)
      .uponReceiving('a check of a staff session that has ended')
      .withRequest('POST', '/api/staff/verify-session', (builder) => builder.headers(bearerJson()).jsonBody({ email: STAFF_EMAIL }))
      .willRespondWith(401, (builder) => builder.jsonBody({ error: like('Session expired') }))
      .executeTest(async (mock) => {
        expect(await checkStaffSession(mockClient(mock.url), { token: EXAMPLE_STAFF_TOKEN, email: STAFF_EMAIL })).toEqual({ kind: 'invalid' });
      });
  });

  it('logs out', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a staff logout')
      .withRequest('POST', '/api/staff/logout', (builder) => builder.headers(staffBearer()))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true) }))
      .executeTest(async (mock) => {
        expect(await logoutStaff(mockClient(mock.url), EXAMPLE_STAFF_TOKEN)).toEqual({ success: true });
      });
  });

  it('lists the signed documents the worker could not file into the chart', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a chart filing that failed', asStaff)
      .uponReceiving('a request for the failed chart filings')
      .withRequest('GET', '/api/staff/document-submissions', (builder) => builder.query({ status: 'failed' }).headers(staffBearer()))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike(failedSubmission)))
      .executeTest(async (mock) => {
        const [first] = await fetchFailedDocuments(mockClient(mock.url), EXAMPLE_STAFF_TOKEN);
        expect(first).toMatchObject({
          patientId: '5101',
          documentType: 'membership_agreement',
          uploadAttempts: 6,
          lastAttemptError: 'HealthRecordUnavailableError 503',
          updatedAt: '2026-11-25T12:30:00.000Z',
          enrollmentId: '5b6f0c2e-3f4a-4d8b-9c1e-7a2b3c4d5e6f',
        });
      });
  });

  it('reads an empty list when every signed document reached the chart', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a request for the failed chart filings when there are none')
      .withRequest('GET', '/api/staff/document-submissions', (builder) => builder.query({ status: 'failed' }).headers(staffBearer()))
      .willRespondWith(200, (builder) => builder.jsonBody([]))
      .executeTest(async (mock) => {
        expect(await fetchFailedDocuments(mockClient(mock.url), EXAMPLE_STAFF_TOKEN)).toEqual([]);
      });
  });
  it('searches patients by first name, last name and date of birth', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a staff patient search')
      .withRequest('POST', '/api/staff/patient-search', (builder) =>
        builder.headers(bearerJson()).jsonBody({ firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          patients: eachLike({
            patientid: like('5101'),
            firstname: like('Margaret'),
            lastname: like('Sullivan'),
            dob: regex('^\\d{2}/\\d{2}/\\d{4}$', '04/12/1979'),
            email: like('margaret.sullivan@example.com'),
            address1: like('42 Old River Road'),
            city: like('Lincoln'),
            state: like('RI'),
            zip: like('02865'),
            primarydepartmentid: like('1'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await searchPatients(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, { firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' });
        expect(answer.patients[0]).toMatchObject({ patientid: '5101', firstname: 'Margaret', dob: '04/12/1979' });
      });
  });

  it("reads a patient's details with custom field 21, the paid-up warning and the language the patient chose", async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a patient who chose Spanish', asStaff)
      .uponReceiving("a staff request for a paid-up patient's details")
      .withRequest('POST', '/api/staff/patient-details', (builder) => builder.headers(bearerJson()).jsonBody({ patientId: '5107' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          patient: {
            patientid: like('5107'),
            firstname: like('Paul'),
            lastname: like('Whitaker'),
            dob: regex('^\\d{2}/\\d{2}/\\d{4}$', '03/01/1965'),
            customfields: eachLike({ customfieldid: like('21'), customfieldvalue: like('Yes'), optionid: like('2101') }),
            preferredLanguage: regex('^(en-US|es-US)$', 'es-US'),
          },
          warnings: eachLike({ code: regex('^(under_27|paid_up|opted_out|hardship)$', 'paid_up'), title: like('Already Paid Up'), message: like('This patient may already have a membership.') }),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await fetchPatientDetails(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, '5107');
        expect(answer.warnings[0]?.code).toBe('paid_up');
        expect(answer.patient.customfields?.[0]).toMatchObject({ customfieldid: '21', optionid: '2101' });
        expect(answer.patient.preferredLanguage).toBe('es-US');
      });
  });

  it('creates a subscription with manual payment (no client secret)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a staff subscription with manual payment')
      .withRequest('POST', '/api/staff/create-subscription', (builder) =>
        builder.headers(bearerJson()).jsonBody({
          patientId: '5108',
          membershipTier: '120_annual',
          email: 'billing.desk@example.com',
          address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
          paymentMethod: 'manual_payment',
          patientName: 'Olivia Hart',
          department: '1',
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ subscriptionId: regex('^sub_\\w+$', 'sub_pact0001'), clientSecret: nullValue(), intentType: nullValue(), invoiceId: regex('^in_\\w+$', 'in_pact0001') }),
      )
      .executeTest(async (mock) => {
        const answer = await createStaffSubscription(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, {
          patientId: '5108',
          membershipTier: '120_annual',
          email: 'billing.desk@example.com',
          address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
          paymentMethod: 'manual_payment',
          patientName: 'Olivia Hart',
          department: '1',
        });
        expect(answer).toEqual({ subscriptionId: 'sub_pact0001', clientSecret: null, intentType: null, invoiceId: 'in_pact0001' });
      });
  });

  it('creates a card subscription: the client secret Stripe.js confirms with', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member', asStaff)
      .uponReceiving('a staff subscription paid by card')
      .withRequest('POST', '/api/staff/create-subscription', (builder) =>
        builder.headers(bearerJson()).jsonBody({
          patientId: '5102',
          membershipTier: '70_biannual',
          email: 'billing.desk@example.com',
          address: { line1: '18 Greenwich Avenue', line2: 'Apt 3', city: 'Warwick', state: 'RI', postalCode: '02886' },
          paymentMethod: 'card',
          patientName: 'Jordan Reyes',
          department: '2',
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          subscriptionId: regex('^sub_\\w+$', 'sub_pact0002'),
          clientSecret: regex('^\\w+_secret_\\w+$', 'pi_pact0002_secret_abc'),
          intentType: regex('^(payment|setup)$', 'payment'),
          invoiceId: regex('^in_\\w+$', 'in_pact0002'),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await createStaffSubscription(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, {
          patientId: '5102',
          membershipTier: '70_biannual',
          email: 'billing.desk@example.com',
          address: { line1: '18 Greenwich Avenue', line2: 'Apt 3', city: 'Warwick', state: 'RI', postalCode: '02886' },
          paymentMethod: 'card',
          patientName: 'Jordan Reyes',
          department: '2',
        });
        expect(answer).toMatchObject({ intentType: 'payment', invoiceId: 'in_pact0002' });
      });
  });

  it("answers 409 with existingSubscription for a patient who has one: the 'Duplicate Subscription Detected' toast", async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a patient with an active subscription', asStaff)
      .uponReceiving('a second staff subscription for the same patient')
      .withRequest('POST', '/api/staff/create-subscription', (builder) =>
        builder.headers(bearerJson()).jsonBody({
          patientId: '5109',
          membershipTier: '120_annual',
          email: 'billing.desk@example.com',
          address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
          paymentMethod: 'card',
          patientName: 'Nora Quinn',
          department: '1',
        }),
      )
      .willRespondWith(409, (builder) =>
        builder.jsonBody({
          error: like('Duplicate Subscription Detected'),
          message: like('This account already has an active membership (Enhanced Annual) that renews on 11/26/2027. No new subscription was created.'),
          existingSubscription: {
            status: regex('^(active|trialing)$', 'active'),
            renewalDate: regex(ISO, '2027-11-26T12:00:00.000Z'),
            message: like('This account already has an active membership.'),
            subscriptionId: fromProviderState('${subscriptionId}', 'sub_pact0003'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const error = await createStaffSubscription(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, {
          patientId: '5109',
          membershipTier: '120_annual',
          email: 'billing.desk@example.com',
          address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
          paymentMethod: 'card',
          patientName: 'Nora Quinn',
          department: '1',
        }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect(duplicateNotice(error)).toEqual({ title: 'Duplicate Subscription Detected', description: expect.stringContaining('status: active, ID: sub_pact0003') });
      });
  });

  it('pays the invoice with the card Stripe.js made (pay-invoice with the staff bearer)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a card subscription waiting for payment', asStaff)
      .uponReceiving('a staff payment of the first invoice')
      .withRequest('POST', '/api/stripe/pay-invoice', (builder) =>
        builder.headers(bearerJson()).jsonBody({
          invoiceId: fromProviderState('${invoiceId}', 'in_pact0004'),
          paymentMethodId: fromProviderState('${paymentMethodId}', 'pm_pact0004'),
          subscriptionId: fromProviderState('${subscriptionId}', 'sub_pact0004'),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true) }))
      .executeTest(async (mock) => {
        expect(await payStaffInvoice(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, { invoiceId: 'in_pact0004', paymentMethodId: 'pm_pact0004', subscriptionId: 'sub_pact0004' })).toEqual({ success: true });
      });
  });

  it('reads the practice report for March 2026: the figures, by tier and by location', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and members to report', asStaff)
      .uponReceiving('a staff request for the practice report of a period')
      .withRequest('GET', '/api/staff/report', (builder) => builder.query({ from: '2026-03-01', to: '2026-03-31' }).headers(staffBearer()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          period: { from: '2026-03-01', to: '2026-03-31' },
          generatedAt: regex(ISO, '2026-11-26T12:00:00.000Z'),
          activeMembers: integer(3),
          activeByTier: eachLike({ tier: regex('^(120_annual|70_biannual|300_concierge_biannual|500_concierge_annual)$', '120_annual'), count: integer(2), monthlyRevenueCents: integer(2000) }),
          activeByLocation: eachLike({ location: like('1'), count: integer(2) }),
          activeByTierAndLocation: eachLike({ tier: like('120_annual'), location: like('1'), count: integer(2) }),
          monthlyRecurringRevenueCents: integer(6167),
          newMembers: integer(1),
          cancelledMembers: integer(1),
          pastDueMembers: integer(1),
          pastDueInPeriod: integer(1),
          declines: integer(1),
          hardshipDeclines: integer(1),
        }),
      )
      .executeTest(async (mock) => {
        const report = await fetchPracticeReport(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, { from: '2026-03-01', to: '2026-03-31' });
        expect(report).toMatchObject({ activeMembers: 3, monthlyRecurringRevenueCents: 6167, hardshipDeclines: 1, period: { from: '2026-03-01', to: '2026-03-31' } });
        expect(report.activeByTier[0]).toEqual({ tier: '120_annual', count: 2, monthlyRevenueCents: 2000 });
      });
  });

  it("reads a patient's record: enrollments, documents with their filing (one to file by hand), subscription and an appointment inside 24 hours", async () => {
    const document = {
      enrollmentId: like('5b6f0c2e-3f4a-4d8b-9c1e-7a2b3c4d5e6f'),
      documentType: regex('^(membership_agreement|privacy_practices)$', 'membership_agreement'),
      signed: boolean(true),
      filing: regex('^(not_signed|not_submitted|processing|uploaded|failed)$', 'failed'),
      uploadAttempts: integer(1),
      lastAttemptError: like('HealthRecordUnavailableError 503'),
      updatedAt: regex(ISO, '2026-11-25T12:30:00.000Z'),
    };
    await pact
      .addInteraction()
      .given('a signed-in staff member and a member with an appointment inside 24 hours', asStaff)
      .uponReceiving("a staff request for a patient's record")
      .withRequest('POST', '/api/staff/patient-record', (builder) => builder.headers(bearerJson()).jsonBody({ patientId: '5101' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          patientId: '5101',
          enrollments: eachLike({
            id: like('5b6f0c2e-3f4a-4d8b-9c1e-7a2b3c4d5e6f'),
            status: like('active'),
            membershipTier: like('120_annual'),
            department: like('1'),
            createdAt: regex(ISO, '2026-11-25T12:00:00.000Z'),
            updatedAt: regex(ISO, '2026-11-25T12:00:00.000Z'),
            membershipStartDate: regex(ISO, '2026-11-25T12:00:00.000Z'),
            membershipEndDate: regex(ISO, '2027-11-25T12:00:00.000Z'),
            stripeSubscriptionId: nullValue(),
          }),
          documents: eachLike(document),
          documentsToFile: eachLike({ ...document, filing: 'failed' }),
          subscriptions: [],
          subscriptionsUnavailable: false,
          appointments: eachLike({
            appointmentId: like('1000001'),
            date: regex('^\\d{2}/\\d{2}/\\d{4}$', '11/26/2026'),
            startTime: regex('^\\d{2}:\\d{2}$', '14:30'),
            appointmentType: like('Office Visit'),
            appointmentTypeId: like('2'),
            departmentId: like('1'),
            providerId: like('71'),
            insideCutoff: true,
          }),
          appointmentsUnavailable: false,
        }),
      )
      .executeTest(async (mock) => {
        const record = await fetchPatientRecord(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, '5101');
        expect(record.appointments[0]).toMatchObject({ appointmentId: '1000001', insideCutoff: true });
        expect(record.documentsToFile[0]).toMatchObject({ filing: 'failed' });
        expect(record.enrollments[0]?.status).toBe('active');
      });
  });

  it('cancels an appointment inside 24 hours with a reason (the cutoff override)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a member with an appointment inside 24 hours', asStaff)
      .uponReceiving('a staff cancel of an appointment inside 24 hours, with a reason')
      .withRequest('POST', '/api/staff/appointments/cancel', (builder) =>
        builder.headers(bearerJson()).jsonBody({ appointmentId: fromProviderState('${appointmentId}', '1000001'), reason: 'Patient phoned: unwell' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: true, message: like('Appointment cancelled'), appointmentId: like('1000001') }))
      .executeTest(async (mock) => {
        const answer = await cancelAppointmentOverride(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, { appointmentId: '1000001', reason: 'Patient phoned: unwell' });
        expect(answer).toEqual({ success: true, message: 'Appointment cancelled', appointmentId: '1000001' });
      });
  });

  it('reads open slots of a booking week for the reschedule override (same location and type, any provider)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a member with an appointment inside 24 hours', asStaff)
      .uponReceiving("a staff request for next week's open slots of the appointment's type at location 1, any provider")
      .withRequest('GET', '/api/staff/appointments/availability', (builder) =>
        builder.query({ departmentId: '1', providerId: 'any', appointmentTypeId: fromProviderState('${appointmentTypeId}', '2'), week: '1' }).headers(staffBearer()),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ slots: eachLike({ appointmentId: regex('^\\d+$', '1000002'), date: regex('^\\d{2}/\\d{2}/\\d{4}$', '12/01/2026'), time: regex('^\\d{2}:\\d{2}$', '09:30') }) }),
      )
      .executeTest(async (mock) => {
        const { slots } = await fetchStaffAvailability(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, { departmentId: '1', providerId: 'any', appointmentTypeId: '2', week: 1 });
        expect(slots[0]).toMatchObject({ appointmentId: '1000002', date: '12/01/2026', time: '09:30' });
      });
  });

  it('reschedules an appointment inside 24 hours to an open slot with a reason (the cutoff override)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in staff member and a member with an appointment inside 24 hours', asStaff)
      .uponReceiving('a staff reschedule of an appointment inside 24 hours, with a reason')
      .withRequest('POST', '/api/staff/appointments/reschedule', (builder) =>
        builder.headers(bearerJson()).jsonBody({
          existingAppointmentId: fromProviderState('${appointmentId}', '1000001'),
          appointmentId: fromProviderState('${slotId}', '1000002'),
          appointmentTypeId: fromProviderState('${appointmentTypeId}', '2'),
          reason: 'Patient phoned: needs another day',
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: true, message: like('Appointment rescheduled'), appointmentId: like('1000002') }))
      .executeTest(async (mock) => {
        const answer = await rescheduleAppointmentOverride(mockClient(mock.url), EXAMPLE_STAFF_TOKEN, {
          existingAppointmentId: '1000001',
          appointmentId: '1000002',
          appointmentTypeId: '2',
          reason: 'Patient phoned: needs another day',
        });
        expect(answer).toEqual({ success: true, message: 'Appointment rescheduled', appointmentId: '1000002' });
      });
  });
});
