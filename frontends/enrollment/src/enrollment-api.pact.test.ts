/**
 * The enrollment screens' contract with the API (consumer portal-enrollment): every call of
 * enrollment-api.ts, with the fields the wizard reads, from the practice location to the
 * confirmation, for guests and provider-login patients. Verified against the running API by
 * apps/api/src/pact/frontends.provider.int.test.ts with the states of
 * apps/api/src/pact/states/enrollment.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  EXAMPLE_GUEST_TOKEN,
  EXAMPLE_SESSION_COOKIE,
  frontendPact,
  guestTokenHeader,
  mockClient,
  sessionCookie,
  CONFIG_RESPONSE,
} from '../../../tools/src/testing/frontend-pact.ts';
import {
  createGuestEnrollment,
  createOAuthEnrollment,
  createSigningDocument,
  createSubscription,
  fetchConfig,
  fetchEnrollment,
  fetchEnrollmentComplete,
  fetchPatientContacts,
  fetchProviders,
  fetchSubscriptionStatus,
  payInvoice,
  reactivateSubscription,
  recordPayment,
  recordSignature,
  updateSession,
  verifyDocumentCompletion,
} from './enrollment-api.ts';
import { fetchPractice } from '@portal/client';
import { initialGuestForm, validateGuestForm } from './guest-form.ts';
import { alreadyEnrolled, contactSessionUpdate, medicareSessionUpdate } from './location-form.ts';
import { resumeTarget } from './wizard.ts';
import { setupOutcomeOf } from './payment.ts';

const { arrayContaining, boolean, eachLike, equal, fromProviderState, integer, like, nullValue, regex, uuid } = MatchersV3;

const pact = frontendPact('enrollment');

// ---------------------------------------------------------------------------------------------
// Examples the consumer runs with; the provider's states supply the real values.

const EXAMPLE_ENROLLMENT_ID = '3f2b8c1e-7d4a-4e9b-a6c5-1b2d3e4f5a6b';
const EXAMPLE_DOCUMENT_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';
const EXAMPLE_INVOICE_ID = 'in_1PactExample';
const EXAMPLE_SUBSCRIPTION_ID = 'sub_1PactExample';
const EXAMPLE_PAYMENT_METHOD_ID = 'pm_1PactExample';

/** /api/enrollments/{the state's enrollmentId}{rest}. */
const enrollmentPath = (rest = '') => fromProviderState(`/api/enrollments/\${enrollmentId}${rest}`, `/api/enrollments/${EXAMPLE_ENROLLMENT_ID}${rest}`);

const signedIn = { headers: { Cookie: EXAMPLE_SESSION_COOKIE } };
const asGuest = { verificationToken: EXAMPLE_GUEST_TOKEN };

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const ENROLLMENT_STATUS = '^(pending|signed|privacy_signed|payment_pending|active|past_due|declined|cancelled)$';
const TIER = '^(120_annual|70_biannual|300_concierge_biannual|500_concierge_annual|decline|decline_hardship)$';
const HTTP_URL = '^https?://\\S+$';

const enrollmentStatus = (example: string) => regex(ENROLLMENT_STATUS, example);

/** The enrollment as the wizard reads it: where to resume, the plan on the payment card, the declination date. */
const enrollmentRecord = (status: string, extra: Record<string, unknown> = {}) => ({
  id: uuid(EXAMPLE_ENROLLMENT_ID),
  status: enrollmentStatus(status),
  membershipTier: regex(TIER, '120_annual'),
  createdAt: regex(ISO, '2026-11-25T12:00:00.000Z'),
  ...extra,
});

/**
 * The person fields of spec §3 'Enrollment record as read', served to the enrollment's owner:
 * the patient's names and chart email (originalPatientEmail), the billing email when one was
 * chosen, and `email`, the address billing writes to.
 */
const personFields = (billingEmail: unknown) => ({
  firstName: like('Margaret'),
  lastName: like('Sullivan'),
  email: regex('^[^@\\s]+@[^@\\s]+$', 'margaret.sullivan@example.com'),
  hasBillingEmail: boolean(false),
  billingEmail,
  originalPatientEmail: regex('^[^@\\s]+@[^@\\s]+$', 'margaret.sullivan@example.com'),
});

// ---------------------------------------------------------------------------------------------


/** The membership status as the location step reads it (the rest as the codec requires it). */
const membershipStatus = (active: boolean) => ({
  hasActiveSubscription: boolean(active),
  subscriptionSummary: like(active ? 'You have an active membership.' : 'No active membership.'),
  tier1Matches: integer(active ? 1 : 0),
  tier1Others: integer(0),
  tier2Matches: integer(0),
  subscriptions: {
    tier1PatientMatches: active
      ? eachLike({
          id: regex('^sub_\\w+$', 'sub_1Example'),
          productName: like('Enhanced Membership'),
          nickname: like('Enhanced Annual'),
          memberName: like('Margaret Sullivan'),
          amount: integer(12000),
          interval: like('year'),
          status: like('active'),
          currentPeriodEnd: regex(ISO, '2027-11-25T00:00:00.000Z'),
          cancelAtPeriodEnd: boolean(false),
          customer: { email: like('margaret.sullivan@example.com') },
        })
      : [],
    tier1Others: [],
    tier2Matches: [],
  },
  enrollmentMessage: like(''),
  appointmentMessage: like(''),
  managedSubscriptionsEnabled: boolean(active),
  enrollMemberEnabled: boolean(true),
  bookAppointmentEnabled: boolean(active),
});

describe("enrollment → API contract: the location step's 'Already Enrolled'", () => {
  const you = [{ id: '5101', isCurrentPatient: true }];

  it('reads that the signed-in patient already has an active membership', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving("the location step's check of the patient's membership")
      .withRequest('GET', '/api/dashboard/subscription-status', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(membershipStatus(true)))
      .executeTest(async (mock) => {
        const status = await fetchSubscriptionStatus(mockClient(mock.url, signedIn));
        expect(alreadyEnrolled('5101', you, status)).toBe(true);
      });
  });

  it('reads that a signed-in patient without a membership may go on', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving("the location step's check of a patient who is not a member")
      .withRequest('GET', '/api/dashboard/subscription-status', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(membershipStatus(false)))
      .executeTest(async (mock) => {
        const status = await fetchSubscriptionStatus(mockClient(mock.url, signedIn));
        expect(alreadyEnrolled('5101', you, status)).toBe(false);
      });
  });
});

describe('enrollment → API contract: settings and the session', () => {
  it('reads the card and signing providers’ public settings', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the public provider settings')
      .withRequest('GET', '/api/config')
      .willRespondWith(200, (builder) =>
        builder.jsonBody(CONFIG_RESPONSE),
      )
      .executeTest(async (mock) => {
        const config = await fetchConfig(mockClient(mock.url));
        expect(config.stripe.publicKey).toBe('pk_test_portal_sandbox');
        expect(config.scripts.signwellEmbedJs).toMatch(/^https:/);
      });
  });

  it("lists whom a caregiver's enrollment can be for", async () => {
    const contact = (type: 'patient' | 'caregiver') => ({
      id: regex('^\\d+$', type === 'patient' ? '5104' : '5105'),
      // The type decides the 'You' badge and the relationship line: the literal, not any string.
      type: equal(type),
      displayName: like(type === 'patient' ? 'Carol Bennett' : 'Harold Bennett'),
      isCurrentPatient: boolean(type === 'patient'),
    });
    await pact
      .addInteraction()
      .given('a signed-in caregiver who acts for two patients')
      .uponReceiving("a request for the caregiver's patient contacts")
      .withRequest('GET', '/api/oauth/patient-contacts', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          contacts: arrayContaining(
            { ...contact('patient'), displayEmail: like('carol.bennett@example.com'), relationship: nullValue() },
            { ...contact('caregiver'), displayEmail: nullValue(), relationship: like('Child') },
          ),
        }),
      )
      .executeTest(async (mock) => {
        const { contacts } = await fetchPatientContacts(mockClient(mock.url, signedIn));
        expect(contacts.map((entry) => entry.type)).toEqual(['patient', 'caregiver']);
        expect(contacts[1]?.relationship).toBe('Child');
      });
  });

  const SESSION_UPDATES = [
    ['the practice location and whom the enrollment is for', contactSessionUpdate('1', { id: '5101', type: 'patient' })],
    ['the practice location and the Medicare/Medicaid answer', medicareSessionUpdate('1', 'no')],
    ['the billing email of the payment card', { billingEmail: 'billing.margaret@example.com' }],
  ] as const;

  it.each(SESSION_UPDATES)('saves %s to the session', async (what, update) => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving(`an update of the session with ${what}`)
      .withRequest('POST', '/api/auth/update-session', (builder) => builder.headers(sessionCookie()).jsonBody(update))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true) }))
      .executeTest(async (mock) => {
        expect((await updateSession(mockClient(mock.url, signedIn), update)).success).toBe(true);
      });
  });

  it("lists a location's providers for a new patient's preferred provider", async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the providers of practice location 1')
      .withRequest('GET', '/api/providers', (builder) => builder.query({ locationId: '1' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ providers: eachLike({ id: regex('^\\d+$', '15'), name: like('Sarah Chen'), displayName: like('Sarah Chen, MD') }) }),
      )
      .executeTest(async (mock) => {
        const { providers } = await fetchProviders(mockClient(mock.url), '1');
        expect(providers[0]?.displayName).toBe('Sarah Chen, MD');
      });
  });
});

describe('enrollment → API contract: creating the enrollment', () => {
  it("creates a verified guest's enrollment from the Patient Info form", async () => {
    const values = {
      ...initialGuestForm({ email: 'margaret.sullivan@example.com', phone: '+14015550111' }),
      firstName: 'Margaret',
      lastName: 'Sullivan',
      dateOfBirth: '1979-04-12',
      address1: '1 Main Street',
      city: 'Lincoln',
      state: 'RI',
      zipCode: '02865',
      lastFourSSN: '4412',
      hasMedicareInsurance: 'no',
    };
    const form = validateGuestForm(values, { token: EXAMPLE_GUEST_TOKEN });
    if (!form.ok) throw new Error(`the example form does not validate: ${JSON.stringify(form.errors)}`);
    await pact
      .addInteraction()
      .given('a verified guest who is an existing patient')
      .uponReceiving("a verified guest's enrollment form")
      .withRequest('POST', '/api/enrollments', (builder) =>
        builder.headers(guestTokenHeader()).jsonBody({ ...form.body, verificationToken: fromProviderState('${guestToken}', EXAMPLE_GUEST_TOKEN) }),
      )
      .willRespondWith(201, (builder) => builder.jsonBody({ id: uuid(EXAMPLE_ENROLLMENT_ID), status: enrollmentStatus('pending') }))
      .executeTest(async (mock) => {
        const created = await createGuestEnrollment(mockClient(mock.url, asGuest), form.body);
        expect(created).toEqual({ id: EXAMPLE_ENROLLMENT_ID, status: 'pending' });
      });
  });

  it("creates a provider-login patient's enrollment for the chosen plan", async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who has chosen a practice location')
      .uponReceiving('an enrollment in the Enhanced annual plan')
      .withRequest('POST', '/api/enrollments/oauth', (builder) =>
        builder.headers(sessionCookie()).jsonBody({ patientId: '5101', practiceLocation: '1', membershipTier: '120_annual' }),
      )
      .willRespondWith(201, (builder) => builder.jsonBody({ id: uuid(EXAMPLE_ENROLLMENT_ID), status: enrollmentStatus('pending') }))
      .executeTest(async (mock) => {
        const created = await createOAuthEnrollment(mockClient(mock.url, signedIn), { patientId: '5101', practiceLocation: '1', membershipTier: '120_annual' });
        expect(created.status).toBe('pending');
      });
  });

  it('records a declined membership (the declination confirmation follows)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who has chosen a practice location')
      .uponReceiving('an enrollment that declines the membership')
      .withRequest('POST', '/api/enrollments/oauth', (builder) =>
        builder.headers(sessionCookie()).jsonBody({ patientId: '5101', practiceLocation: '1', membershipTier: 'decline' }),
      )
      .willRespondWith(201, (builder) => builder.jsonBody({ id: uuid(EXAMPLE_ENROLLMENT_ID), status: enrollmentStatus('declined') }))
      .executeTest(async (mock) => {
        const created = await createOAuthEnrollment(mockClient(mock.url, signedIn), { patientId: '5101', practiceLocation: '1', membershipTier: 'decline' });
        expect(created.status).toBe('declined');
      });
  });

  it("reads a guest's enrollment to resume it at its step", async () => {
    await pact
      .addInteraction()
      .given('a guest with a pending enrollment')
      .uponReceiving("a guest's request for their pending enrollment")
      .withRequest('GET', enrollmentPath(), (builder) => builder.headers(guestTokenHeader()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody(enrollmentRecord('pending', { patientStatus: regex('^(existing|new)$', 'existing'), ...personFields(nullValue()) })),
      )
      .executeTest(async (mock) => {
        const record = await fetchEnrollment(mockClient(mock.url, asGuest), EXAMPLE_ENROLLMENT_ID);
        expect(resumeTarget(record)).toEqual({ kind: 'step', step: 'signature' });
        expect(record).toMatchObject({ firstName: 'Margaret', lastName: 'Sullivan', email: 'margaret.sullivan@example.com', hasBillingEmail: false, billingEmail: null });
      });
  });

  it('reads a declined enrollment for the declination confirmation', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who declined the membership')
      .uponReceiving('a request for a declined enrollment')
      .withRequest('GET', enrollmentPath(), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ ...enrollmentRecord('declined'), membershipTier: regex(TIER, 'decline'), updatedAt: regex(ISO, '2026-11-25T12:00:01.000Z'), ...personFields(nullValue()) }),
      )
      .executeTest(async (mock) => {
        const record = await fetchEnrollment(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID);
        expect(record.status).toBe('declined');
        expect(record.updatedAt).toBe('2026-11-25T12:00:01.000Z');
      });
  });
});

describe('enrollment → API contract: signing', () => {
  const document = { embeddedUrl: regex(HTTP_URL, 'https://app.signwell.com/e/pact-example/'), documentId: uuid(EXAMPLE_DOCUMENT_ID) };

  it('creates the membership agreement to sign in the embed', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient with a pending enrollment')
      .uponReceiving('a request for the membership agreement to sign')
      .withRequest('POST', enrollmentPath('/create-document'), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(document))
      .executeTest(async (mock) => {
        const created = await createSigningDocument(mockClient(mock.url, signedIn), 'agreement', EXAMPLE_ENROLLMENT_ID);
        expect(created.documentId).toBe(EXAMPLE_DOCUMENT_ID);
      });
  });

  it('asks whether the signed agreement is complete', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who has signed the agreement in SignWell')
      .uponReceiving('a completion check of the signed agreement')
      .withRequest('GET', fromProviderState('/api/signwell/verify-completion/${documentId}', `/api/signwell/verify-completion/${EXAMPLE_DOCUMENT_ID}`), (builder) =>
        builder.headers(sessionCookie()),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ isComplete: boolean(true) }))
      .executeTest(async (mock) => {
        expect((await verifyDocumentCompletion(mockClient(mock.url, signedIn), EXAMPLE_DOCUMENT_ID)).isComplete).toBe(true);
      });
  });

  it('records the signed agreement (an existing patient goes on to payment)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who has signed the agreement in SignWell')
      .uponReceiving('the signature of the membership agreement')
      .withRequest('POST', enrollmentPath('/signature'), (builder) =>
        builder.headers(sessionCookie()).jsonBody({ documentId: fromProviderState('${documentId}', EXAMPLE_DOCUMENT_ID) }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          status: enrollmentStatus('signed'),
          requiresPrivacyPractices: boolean(false),
          declined: boolean(false),
          upload: regex('^(processing|uploaded)$', 'uploaded'),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await recordSignature(mockClient(mock.url, signedIn), 'agreement', EXAMPLE_ENROLLMENT_ID, EXAMPLE_DOCUMENT_ID);
        expect(answer).toMatchObject({ status: 'signed', requiresPrivacyPractices: false, upload: 'uploaded' });
      });
  });

  it("creates a new patient's privacy notice after the agreement", async () => {
    await pact
      .addInteraction()
      .given('a guest new patient whose agreement is signed')
      .uponReceiving("a guest's request for the privacy notice to sign")
      .withRequest('POST', enrollmentPath('/create-privacy-document'), (builder) => builder.headers(guestTokenHeader()))
      .willRespondWith(200, (builder) => builder.jsonBody(document))
      .executeTest(async (mock) => {
        const created = await createSigningDocument(mockClient(mock.url, asGuest), 'privacy', EXAMPLE_ENROLLMENT_ID);
        expect(created.embeddedUrl).toMatch(/^https:/);
      });
  });

  it('records the signed privacy notice', async () => {
    await pact
      .addInteraction()
      .given('a guest new patient who has signed the privacy notice in SignWell')
      .uponReceiving("the signature of a guest's privacy notice")
      .withRequest('POST', enrollmentPath('/privacy-signature'), (builder) =>
        builder.headers(guestTokenHeader()).jsonBody({ documentId: fromProviderState('${documentId}', EXAMPLE_DOCUMENT_ID) }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ status: enrollmentStatus('privacy_signed'), declined: boolean(false), upload: regex('^(processing|uploaded)$', 'uploaded') }),
      )
      .executeTest(async (mock) => {
        const answer = await recordSignature(mockClient(mock.url, asGuest), 'privacy', EXAMPLE_ENROLLMENT_ID, EXAMPLE_DOCUMENT_ID);
        expect(answer.status).toBe('privacy_signed');
      });
  });
});

describe('enrollment → API contract: payment', () => {
  it('creates the subscription and gets the card form its client secret', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient with a signed agreement')
      .uponReceiving('a request to create the subscription')
      .withRequest('POST', enrollmentPath('/create-subscription'), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          clientSecret: regex('^\\w+_secret_\\w+$', 'pi_1PactExample_secret_abc'),
          intentType: regex('^(payment|setup)$', 'payment'),
          invoiceId: regex('^in_\\w+$', EXAMPLE_INVOICE_ID),
          subscriptionId: regex('^sub_\\w+$', EXAMPLE_SUBSCRIPTION_ID),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await createSubscription(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID);
        expect(setupOutcomeOf(answer)).toMatchObject({ kind: 'ready', setup: { intentType: 'payment', invoiceId: EXAMPLE_INVOICE_ID } });
      });
  });

  it("offers to turn auto-renewal back on instead ('Existing Subscription Found')", async () => {
    await pact
      .addInteraction()
      .given('a paying member whose subscription is set to cancel, at the payment step of a new enrollment')
      .uponReceiving('a request to create the subscription while another is set to cancel')
      .withRequest('POST', enrollmentPath('/create-subscription'), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          requiresConfirmation: equal(true),
          message: like('You have a membership that is set to end. Would you like to turn auto-renewal back on?'),
          subscriptionData: { renewalDate: regex(ISO, '2027-11-25T12:00:00.000Z') },
        }),
      )
      .executeTest(async (mock) => {
        const answer = await createSubscription(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID);
        expect(setupOutcomeOf(answer)).toMatchObject({ kind: 'existing', renewalDate: '2027-11-25T12:00:00.000Z' });
      });
  });

  it('turns auto-renewal back on', async () => {
    await pact
      .addInteraction()
      .given('a paying member whose subscription is set to cancel, at the payment step of a new enrollment')
      .uponReceiving('a confirmed reactivation of the subscription set to cancel')
      .withRequest('POST', enrollmentPath('/reactivate-subscription'), (builder) => builder.headers(sessionCookie()).jsonBody({ confirmed: true }))
      .willRespondWith(200, (builder) => builder.jsonBody({ message: like('Auto-renewal is back on. Your membership will renew as before.') }))
      .executeTest(async (mock) => {
        expect((await reactivateSubscription(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID)).message).toMatch(/Auto-renewal/);
      });
  });

  it('pays the open invoice with the card Stripe.js saved', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient with an open invoice and a saved card')
      .uponReceiving('a request to pay the invoice with a saved card')
      .withRequest('POST', '/api/stripe/pay-invoice', (builder) =>
        builder.headers(sessionCookie()).jsonBody({
          invoiceId: fromProviderState('${invoiceId}', EXAMPLE_INVOICE_ID),
          paymentMethodId: fromProviderState('${paymentMethodId}', EXAMPLE_PAYMENT_METHOD_ID),
          subscriptionId: fromProviderState('${subscriptionId}', EXAMPLE_SUBSCRIPTION_ID),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: equal(true) }))
      .executeTest(async (mock) => {
        const answer = await payInvoice(mockClient(mock.url, signedIn), {
          invoiceId: EXAMPLE_INVOICE_ID,
          paymentMethodId: EXAMPLE_PAYMENT_METHOD_ID,
          subscriptionId: EXAMPLE_SUBSCRIPTION_ID,
        });
        expect(answer).toEqual({ success: true });
      });
  });

  const paid = { success: boolean(true), status: enrollmentStatus('active'), receiptUrl: regex(HTTP_URL, 'https://pay.stripe.com/receipts/pact-example') };

  it('records the payment with the billing email of the payment card', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient whose card payment went through')
      .uponReceiving('the payment recorded with a billing email')
      .withRequest('POST', enrollmentPath('/payment'), (builder) => builder.headers(sessionCookie()).jsonBody({ billingEmail: 'billing.margaret@example.com' }))
      .willRespondWith(200, (builder) => builder.jsonBody(paid))
      .executeTest(async (mock) => {
        const answer = await recordPayment(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID, 'billing.margaret@example.com');
        expect(answer.receiptUrl).toMatch(/^https:/);
      });
  });

  it('records the payment with an empty body (the return from 3-D Secure)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient whose card payment went through')
      .uponReceiving('the payment recorded without a body')
      .withRequest('POST', enrollmentPath('/payment'), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(paid))
      .executeTest(async (mock) => {
        const answer = await recordPayment(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID);
        expect(answer.status).toBe('active');
      });
  });

  it("reads the confirmation's summary, receipt and invoice number", async () => {
    await pact
      .addInteraction()
      .given('a signed-in member whose enrollment is paid')
      .uponReceiving('a request for the completed enrollment')
      .withRequest('GET', enrollmentPath('/complete'), (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          enrollment: enrollmentRecord('active', {
            membershipStartDate: regex(ISO, '2026-11-25T12:00:00.000Z'),
            membershipEndDate: regex(ISO, '2027-11-25T12:00:00.000Z'),
            receiptUrl: regex(HTTP_URL, 'https://pay.stripe.com/receipts/pact-example'),
          }),
          invoiceNumber: regex('^INV-[\\w-]{8}$', `INV-${EXAMPLE_ENROLLMENT_ID.slice(-8)}`),
        }),
      )
      .executeTest(async (mock) => {
        const complete = await fetchEnrollmentComplete(mockClient(mock.url, signedIn), EXAMPLE_ENROLLMENT_ID);
        expect(complete.invoiceNumber).toBe(`INV-${EXAMPLE_ENROLLMENT_ID.slice(-8)}`);
        expect(complete.enrollment.receiptUrl).toMatch(/^https:/);
        expect(resumeTarget(complete.enrollment)).toEqual({ kind: 'step', step: 'confirmation' });
      });
  });

  it("reads the practice's public configuration (the membership details link and the concierge doctors)", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the practice's configuration, for the membership details link and the concierge doctors")
      .withRequest('GET', '/api/config/practice')
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          supportEmail: MatchersV3.like('frontdesk@practice.example'),
          patientPortalUrl: MatchersV3.regex('^https?://\\S+$', 'https://29391.portal.athenahealth.com/'),
          membershipDetailsUrl: MatchersV3.regex('^https?://\\S+$', 'https://www.practice.example/membership'),
          conciergeDoctors: MatchersV3.eachLike('Dr. Helen Marsh'),
          locations: MatchersV3.eachLike({ id: MatchersV3.like('1'), name: MatchersV3.like('Valley Family Practice'), address1: MatchersV3.like('1150 Smithfield Avenue'), city: MatchersV3.like('Lincoln'), state: MatchersV3.like('RI'), zip: MatchersV3.like('02865'), phone: MatchersV3.regex('^\\d{10}$', '4015550101') }),
        }),
      )
      .executeTest(async (mock) => {
        const practice = await fetchPractice(mockClient(mock.url));
        expect(practice.conciergeDoctors.length).toBeTruthy();
      });
  });
});
