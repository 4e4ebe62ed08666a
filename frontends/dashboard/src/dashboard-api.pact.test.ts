/**
 * The dashboard's contract with the API (consumer portal-dashboard): every call it makes, with the
 * fields the Membership Status card and the welcome badge read. Verified against the running API
 * by apps/api/src/pact/frontends.provider.int.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import { fetchNurseLine, fetchPractice } from '@portal/client';
import { frontendPact, guestTokenHeader, mockClient, sessionCookie, EXAMPLE_GUEST_TOKEN, EXAMPLE_SESSION_COOKIE } from '../../../tools/src/testing/frontend-pact.ts';
import { cancelAppointment, fetchProviders, fetchSubscriptionStatus, fetchUpcomingAppointments, openPortalSession, refreshSubscriptionStatus, setAppointmentWaitlist } from './dashboard-api.ts';

const { boolean, eachLike, fromProviderState, integer, like, regex } = MatchersV3;

const EXAMPLE_APPOINTMENT_ID = '90000';

const pact = frontendPact('dashboard');

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

/** A live membership as the card shows it (SubscriptionCard). */
const subscription = {
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
};

const memberStatus = {
  hasActiveSubscription: boolean(true),
  subscriptionSummary: like('You have an active membership.'),
  tier1Matches: integer(1),
  tier1Others: integer(0),
  tier2Matches: integer(0),
  subscriptions: { tier1PatientMatches: eachLike(subscription), tier1Others: [], tier2Matches: [] },
  // What the summary and messages say, for the Spanish page (issue 26).
  summaryFacts: {
    membership: regex('^(active|past_due|none)$', 'active'),
    tier: like('120_annual'),
    tierName: like('Enhanced Annual'),
    viaCaregiver: boolean(false),
    periodEnd: regex('^\\d{4}-\\d{2}-\\d{2}$', '2027-11-25'),
    cancelAtPeriodEnd: boolean(false),
    otherSubscriptions: integer(0),
    managedByCaregiver: integer(0),
  },
  enrollmentMessage: like(''),
  enrollmentMessageCode: like('enrolled_in_tier'),
  appointmentMessage: like(''),
  appointmentMessageCode: like('booking_available'),
  managedSubscriptionsEnabled: boolean(true),
  enrollMemberEnabled: boolean(true),
  bookAppointmentEnabled: boolean(true),
};

const signedIn = { headers: { Cookie: EXAMPLE_SESSION_COOKIE } };

describe('dashboard → API contract', () => {
  it('reads the membership status of a paying member', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving("a request for the member's membership status")
      .withRequest('GET', '/api/dashboard/subscription-status', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(memberStatus))
      .executeTest(async (mock) => {
        const status = await fetchSubscriptionStatus(mockClient(mock.url, signedIn));
        expect(status.hasActiveSubscription).toBe(true);
        expect(status.subscriptions.tier1PatientMatches[0]?.status).toBe('active');
        expect(status.summaryFacts).toMatchObject({ membership: 'active', tier: '120_annual', periodEnd: '2027-11-25' });
      });
  });

  it('refreshes the membership status', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving("a refresh of the member's membership status")
      .withRequest('POST', '/api/dashboard/subscription-status/refresh', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody(memberStatus))
      .executeTest(async (mock) => {
        const status = await refreshSubscriptionStatus(mockClient(mock.url, signedIn));
        expect(status.tier1Matches).toBe(1);
      });
  });

  it('reads the status of a patient without a membership (Enroll Now!)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving('a request for the membership status of a patient who is not a member')
      .withRequest('GET', '/api/dashboard/subscription-status', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...memberStatus,
          hasActiveSubscription: boolean(false),
          tier1Matches: integer(0),
          subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] },
          summaryFacts: { ...memberStatus.summaryFacts, membership: regex('^(active|past_due|none)$', 'none'), tier: null, tierName: null, periodEnd: null },
          enrollmentMessageCode: like('not_enrolled'),
          appointmentMessageCode: like('requires_membership'),
        }),
      )
      .executeTest(async (mock) => {
        const status = await fetchSubscriptionStatus(mockClient(mock.url, signedIn));
        expect(status.hasActiveSubscription).toBe(false);
        expect(status.subscriptions.tier1PatientMatches).toEqual([]);
        expect(status.summaryFacts?.membership).toBe('none');
      });
  });

  it("lists the member's upcoming appointments", async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving("a request for the member's upcoming appointments")
      .withRequest('GET', '/api/dashboard/upcoming-appointments', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          success: boolean(true),
          appointments: eachLike({
            appointmentId: fromProviderState('${existingAppointmentId}', EXAMPLE_APPOINTMENT_ID),
            date: regex('^\\d{2}/\\d{2}/\\d{4}$', '03/09/2026'),
            startTime: regex('^\\d{2}:\\d{2}$', '09:00'),
            departmentId: like('1'),
            providerId: like('15'),
            waitlist: regex('^(off|same-provider|any-provider)$', 'off'),
            // The 24-hour rule, decided by the server: the row offers what it says.
            canCancel: boolean(true),
            canReschedule: boolean(true),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const upcoming = await fetchUpcomingAppointments(mockClient(mock.url, signedIn));
        expect(upcoming.appointments[0]).toMatchObject({ appointmentId: EXAMPLE_APPOINTMENT_ID, date: '03/09/2026', startTime: '09:00', canCancel: true, canReschedule: true });
      });
  });

  it('reads no upcoming appointments for a member who has none', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving('a request for the upcoming appointments of a member without any')
      .withRequest('GET', '/api/dashboard/upcoming-appointments', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true), appointments: [] }))
      .executeTest(async (mock) => {
        await expect(fetchUpcomingAppointments(mockClient(mock.url, signedIn))).resolves.toMatchObject({ appointments: [] });
      });
  });

  it("names the providers of a location (the appointments' provider)", async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving("a request for location 1's providers, for the upcoming appointments")
      .withRequest('GET', '/api/providers', (builder) => builder.query({ locationId: '1' }).headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody({ providers: eachLike({ id: regex('^\\d+$', '15'), name: like('Ada Smith'), displayName: like('Dr. Ada Smith') }) }))
      .executeTest(async (mock) => {
        const { providers } = await fetchProviders(mockClient(mock.url, signedIn), '1');
        expect(providers[0]?.id).toBe('15');
      });
  });

  it('cancels an upcoming appointment', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving('a cancel of an upcoming appointment from the dashboard')
      .withRequest('PUT', fromProviderState('/api/appointments/${existingAppointmentId}/cancel', `/api/appointments/${EXAMPLE_APPOINTMENT_ID}/cancel`), (builder) =>
        builder.headers(sessionCookie()),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true), message: like('Appointment cancelled') }))
      .executeTest(async (mock) => {
        await expect(cancelAppointment(mockClient(mock.url, signedIn), EXAMPLE_APPOINTMENT_ID)).resolves.toMatchObject({ success: true });
      });
  });

  it('asks to hear of an earlier time for an upcoming appointment (the waitlist choice)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving('a waitlist choice for an upcoming appointment')
      .withRequest('PUT', fromProviderState('/api/appointments/${existingAppointmentId}/waitlist', `/api/appointments/${EXAMPLE_APPOINTMENT_ID}/waitlist`), (builder) =>
        builder.headers(sessionCookie()).jsonBody({ scope: 'any-provider' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ appointmentId: fromProviderState('${existingAppointmentId}', EXAMPLE_APPOINTMENT_ID), waitlist: 'any-provider' }))
      .executeTest(async (mock) => {
        await expect(setAppointmentWaitlist(mockClient(mock.url, signedIn), EXAMPLE_APPOINTMENT_ID, 'any-provider')).resolves.toEqual({ appointmentId: EXAMPLE_APPOINTMENT_ID, waitlist: 'any-provider' });
      });
  });

  // ---- issue 14: the practice configuration, the nurse line and Membership Billing ----

  it("reads the practice's public configuration (no nurse line number in it)", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the practice's configuration")
      .withRequest('GET', '/api/config/practice')
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          supportEmail: like('frontdesk@practice.example'),
          patientPortalUrl: regex('^https?://\\S+$', 'https://29391.portal.athenahealth.com/'),
          membershipDetailsUrl: regex('^https?://\\S+$', 'https://www.practice.example/membership'),
          conciergeDoctors: eachLike('Dr. Helen Marsh'),
          locations: eachLike({ id: like('1'), name: like('Valley Family Practice'), address1: like('1150 Smithfield Avenue'), city: like('Lincoln'), state: like('RI'), zip: like('02865'), phone: regex('^\\d{10}$', '4015550101') }),
        }),
      )
      .executeTest(async (mock) => {
        const practice = await fetchPractice(mockClient(mock.url));
        expect(practice.locations[0]?.phone).toBe('4015550101');
        expect(Object.keys(practice)).not.toContain('nurseLine');
      });
  });

  it('reveals the nurse line number to an active member', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving('a request for the nurse line number from an active member')
      .withRequest('GET', '/api/nurse-line', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody({ phone: regex('^\\d{10}$', '4015550150'), hours: like('Monday to Friday, 8:00 AM to 5:00 PM') }))
      .executeTest(async (mock) => {
        await expect(fetchNurseLine(mockClient(mock.url, signedIn))).resolves.toMatchObject({ phone: '4015550150' });
      });
  });

  it('is refused the nurse line without an active membership (403 Membership Required)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving('a request for the nurse line number from a patient who is not a member')
      .withRequest('GET', '/api/nurse-line', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(403, (builder) => builder.jsonBody({ error: 'Membership Required', message: like('The nurse line is a members-only benefit.') }))
      .executeTest(async (mock) => {
        await expect(fetchNurseLine(mockClient(mock.url, signedIn))).rejects.toMatchObject({ status: 403 });
      });
  });

  it('is refused the nurse line as a guest (403)', async () => {
    await pact
      .addInteraction()
      .given('a guest who verified email and phone')
      .uponReceiving('a request for the nurse line number from a verified guest')
      .withRequest('GET', '/api/nurse-line', (builder) => builder.headers(guestTokenHeader()))
      .willRespondWith(403, (builder) => builder.jsonBody({ error: 'Forbidden', message: 'Sign in with athenahealth credentials to access' }))
      .executeTest(async (mock) => {
        await expect(fetchNurseLine(mockClient(mock.url, { headers: { 'X-Verification-Token': EXAMPLE_GUEST_TOKEN } }))).rejects.toMatchObject({ status: 403 });
      });
  });

  it('opens the billing portal for a member (Membership Billing)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving('a billing portal session for the Membership Billing card')
      .withRequest('POST', '/api/stripe/portal-session', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true), portalUrl: regex('^https?://\\S+$', 'https://billing.stripe.com/p/session/pact-example') }))
      .executeTest(async (mock) => {
        await expect(openPortalSession(mockClient(mock.url, signedIn))).resolves.toMatchObject({ success: true });
      });
  });
});
