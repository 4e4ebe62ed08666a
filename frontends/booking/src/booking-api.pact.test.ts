/**
 * The booking micro-frontend's contract with the API (consumer portal-booking): every call it
 * makes, with the fields its screens read. Verified against the running API by
 * apps/api/src/pact/frontends.provider.int.test.ts (states in apps/api/src/pact/states/booking.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError } from '@portal/client';
import { EXAMPLE_GUEST_TOKEN, EXAMPLE_SESSION_COOKIE, frontendPact, guestTokenHeader, mockClient, sessionCookie } from '../../../tools/src/testing/frontend-pact.ts';
import {
  bookAppointment,
  bookingConflict,
  cancelAppointment,
  fetchAppointmentTypes,
  fetchAvailability,
  fetchMembership,
  fetchProviders,
  fetchWaitlistOffer,
  isMembershipRequired,
  rescheduleAppointment,
  saveBookingLocation,
  savePatientInfo,
  takeWaitlistOffer,
} from './booking-api.ts';

const { boolean, eachLike, fromProviderState, integer, like, regex } = MatchersV3;

const pact = frontendPact('booking');

const US_DATE = '^\\d{2}/\\d{2}/\\d{4}$';
const WALL_TIME = '^\\d{2}:\\d{2}$';
const DIGITS = '^\\d+$';
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';

const signedIn = { headers: { Cookie: EXAMPLE_SESSION_COOKIE } };
const asGuest = { verificationToken: EXAMPLE_GUEST_TOKEN };

const EXAMPLE = { patientId: '5101', appointmentId: '90001', appointmentDate: '03/09/2026', appointmentTime: '09:00', providerId: '15', appointmentTypeId: '2', existingAppointmentId: '90000' };

/** The chosen slot, as the state found it open. */
const slotBody = () => ({
  providerId: fromProviderState('${providerId}', EXAMPLE.providerId),
  appointmentId: fromProviderState('${appointmentId}', EXAMPLE.appointmentId),
  appointmentDate: fromProviderState('${appointmentDate}', EXAMPLE.appointmentDate),
  appointmentTime: fromProviderState('${appointmentTime}', EXAMPLE.appointmentTime),
  appointmentTypeId: fromProviderState('${appointmentTypeId}', EXAMPLE.appointmentTypeId),
});
const slotRequest = { providerId: EXAMPLE.providerId, appointmentId: EXAMPLE.appointmentId, appointmentDate: EXAMPLE.appointmentDate, appointmentTime: EXAMPLE.appointmentTime, appointmentTypeId: EXAMPLE.appointmentTypeId };
const patientPath = (action: string) => fromProviderState(`/api/appointments/\${patientId}/${action}`, `/api/appointments/${EXAMPLE.patientId}/${action}`);

const MEMBERSHIP_REQUIRED = {
  error: 'Membership Required',
  message: 'You must be an enrolled member to book appointments. Please enroll first to access appointment booking.',
};

describe('booking → API contract', () => {
  it("reads whether the signed-in patient is a member (the members path's check)", async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an active membership')
      .uponReceiving('a request for the membership status before booking')
      .withRequest('GET', '/api/dashboard/subscription-status', (builder) => builder.headers(sessionCookie()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          hasActiveSubscription: boolean(true),
          subscriptionSummary: like('You have an active membership.'),
          tier1Matches: integer(1),
          tier1Others: integer(0),
          tier2Matches: integer(0),
          subscriptions: {
            tier1PatientMatches: eachLike({
              id: like('sub_1Example'),
              productName: like('Enhanced Membership'),
              nickname: like('Enhanced Annual'),
              memberName: like('Margaret Sullivan'),
              amount: integer(12000),
              interval: like('year'),
              status: like('active'),
              currentPeriodEnd: like('2027-11-25T00:00:00.000Z'),
              cancelAtPeriodEnd: boolean(false),
              customer: { email: like('margaret.sullivan@example.com') },
            }),
            tier1Others: [],
            tier2Matches: [],
          },
          enrollmentMessage: like(''),
          appointmentMessage: like(''),
          managedSubscriptionsEnabled: boolean(true),
          enrollMemberEnabled: boolean(true),
          bookAppointmentEnabled: boolean(true),
        }),
      )
      .executeTest(async (mock) => {
        const status = await fetchMembership(mockClient(mock.url, signedIn));
        expect(status.hasActiveSubscription).toBe(true);
      });
  });

  it('saves the practice location of the appointments flow', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient')
      .uponReceiving('the practice location chosen for booking')
      .withRequest('POST', '/api/auth/update-session', (builder) => builder.headers(sessionCookie()).jsonBody({ practiceLocation: '2', workflowType: 'appointments' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true) }))
      .executeTest(async (mock) => {
        await expect(saveBookingLocation(mockClient(mock.url, signedIn), '2')).resolves.toMatchObject({ success: true });
      });
  });

  it("lists a location's providers", async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving("a request for location 1's providers to book with")
      .withRequest('GET', '/api/providers', (builder) => builder.query({ locationId: '1' }))
      .willRespondWith(200, (builder) =>
        // specialty is a name or null (then 'Provider'): the screen reads it, Pact cannot say "either".
        builder.jsonBody({ providers: eachLike({ id: regex(DIGITS, '15'), name: like('Ada Smith'), displayName: like('Dr. Ada Smith') }) }),
      )
      .executeTest(async (mock) => {
        const { providers } = await fetchProviders(mockClient(mock.url), '1');
        expect(providers[0]?.displayName).toBe('Dr. Ada Smith');
      });
  });

  it("offers a member the members' appointment types", async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an open appointment slot')
      .uponReceiving('a request for the appointment types of any provider, as a member')
      .withRequest('GET', '/api/appointment-types', (builder) => builder.query({ providerId: 'any' }).headers(sessionCookie()))
      .willRespondWith(200, (builder) => builder.jsonBody({ appointmentTypes: eachLike({ id: regex(DIGITS, '2'), name: like('Office Visit'), displayName: like('Office Visit') }, 4) }))
      .executeTest(async (mock) => {
        const { appointmentTypes } = await fetchAppointmentTypes(mockClient(mock.url, signedIn), 'any');
        expect(appointmentTypes[0]?.name).toBe('Office Visit');
      });
  });

  it('offers a verified guest the bookable appointment types', async () => {
    await pact
      .addInteraction()
      .given('a verified guest whose membership is active')
      .uponReceiving('a request for the appointment types of any provider, as a guest')
      .withRequest('GET', '/api/appointment-types', (builder) => builder.query({ providerId: 'any' }).headers(guestTokenHeader()))
      .willRespondWith(200, (builder) => builder.jsonBody({ appointmentTypes: eachLike({ id: regex(DIGITS, '5'), name: like('Annual Physical'), displayName: like('Annual Physical') }) }))
      .executeTest(async (mock) => {
        const { appointmentTypes } = await fetchAppointmentTypes(mockClient(mock.url, asGuest), 'any');
        expect(appointmentTypes.length).toBeGreaterThan(0);
      });
  });

  it("reads a week's open slots", async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an open appointment slot')
      .uponReceiving("a request for next week's open Office Visit slots with any provider at location 1")
      .withRequest('GET', '/api/appointments/availability', (builder) =>
        builder
          .query({ departmentId: '1', providerId: 'any', appointmentTypeId: fromProviderState('${appointmentTypeId}', EXAMPLE.appointmentTypeId), week: '1' })
          .headers(sessionCookie()),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          slots: eachLike({ appointmentId: regex(DIGITS, EXAMPLE.appointmentId), date: regex(US_DATE, EXAMPLE.appointmentDate), time: regex(WALL_TIME, EXAMPLE.appointmentTime) }),
          // The six weeks' dates on the server's clock: the week selector's labels.
          weeks: eachLike({ start: regex(ISO_DATE, '2026-03-02'), end: regex(ISO_DATE, '2026-03-06') }),
        }),
      )
      .executeTest(async (mock) => {
        const { slots, weeks } = await fetchAvailability(mockClient(mock.url, signedIn), { departmentId: '1', providerId: 'any', appointmentTypeId: EXAMPLE.appointmentTypeId, week: 1 });
        expect(slots[0]).toMatchObject({ date: EXAMPLE.appointmentDate, time: EXAMPLE.appointmentTime });
        expect(weeks?.[0]).toEqual({ start: '2026-03-02', end: '2026-03-06' });
      });
  });

  it("finds a verified guest's member patient from the patient form", async () => {
    const form = {
      isGuardianSigning: false,
      firstName: 'Margaret',
      lastName: 'Sullivan',
      dateOfBirth: '04/12/1979',
      email: 'margaret.sullivan@example.com',
      phone: '4015550111',
      zipCode: '02865',
      lastFourSSN: '4412',
      patientStatus: 'existing' as const,
      department: '1' as const,
    };
    await pact
      .addInteraction()
      .given('a verified guest whose membership is active')
      .uponReceiving("a verified guest's patient information for booking")
      .withRequest('POST', '/api/appointments/patient-info', (builder) => builder.headers(guestTokenHeader()).jsonBody(form))
      .willRespondWith(200, (builder) => builder.jsonBody({ patientId: regex(DIGITS, EXAMPLE.patientId), patientName: like('Margaret Sullivan'), departmentId: like('1') }))
      .executeTest(async (mock) => {
        const patient = await savePatientInfo(mockClient(mock.url, asGuest), form);
        expect(patient).toMatchObject({ patientId: EXAMPLE.patientId, departmentId: '1' });
      });
  });

  it('books an open slot for a member', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an open appointment slot')
      .uponReceiving('a booking of an open slot')
      .withRequest('POST', patientPath('book'), (builder) => builder.headers(sessionCookie()).jsonBody(slotBody()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ appointmentId: fromProviderState('${appointmentId}', EXAMPLE.appointmentId), appointmentTypeName: like('Office Visit'), message: like('Appointment booked') }),
      )
      .executeTest(async (mock) => {
        const booked = await bookAppointment(mockClient(mock.url, signedIn), EXAMPLE.patientId, slotRequest);
        expect(booked).toMatchObject({ appointmentId: EXAMPLE.appointmentId, appointmentTypeName: 'Office Visit' });
      });
  });

  it('answers a second booking with the existing appointment (the dialog)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving('a booking by a member who already has an upcoming appointment')
      .withRequest('POST', patientPath('book'), (builder) => builder.headers(sessionCookie()).jsonBody(slotBody()))
      .willRespondWith(409, (builder) =>
        builder.jsonBody({
          error: like('Existing Appointment'),
          existingAppointments: eachLike({
            appointmentId: fromProviderState('${existingAppointmentId}', EXAMPLE.existingAppointmentId),
            date: regex(US_DATE, '03/06/2026'),
            starttime: regex(WALL_TIME, '10:00'),
            providername: like('Dr. Ada Smith'),
            appointmenttype: like('Office Visit'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const refused = await bookAppointment(mockClient(mock.url, signedIn), EXAMPLE.patientId, slotRequest).catch((error: unknown) => error);
        expect(bookingConflict(refused)?.[0]?.appointmentId).toBe(EXAMPLE.existingAppointmentId);
      });
  });

  it('refuses to book for a patient who is not a member', async () => {
    await pact
      .addInteraction()
      .given('a signed-in patient who is not a member, with an open appointment slot')
      .uponReceiving('a booking by a patient without a membership')
      .withRequest('POST', patientPath('book'), (builder) => builder.headers(sessionCookie()).jsonBody(slotBody()))
      .willRespondWith(403, (builder) => builder.jsonBody(MEMBERSHIP_REQUIRED))
      .executeTest(async (mock) => {
        const refused = await bookAppointment(mockClient(mock.url, signedIn), EXAMPLE.patientId, slotRequest).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ApiError);
        expect(isMembershipRequired(refused)).toBe(true);
      });
  });

  it('moves the upcoming appointment to the chosen slot (Reschedule to New Time)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving('a reschedule of the upcoming appointment to an open slot')
      .withRequest('POST', patientPath('reschedule'), (builder) =>
        builder.headers(sessionCookie()).jsonBody({
          ...slotBody(),
          existingAppointmentId: fromProviderState('${existingAppointmentId}', EXAMPLE.existingAppointmentId),
          providerName: 'Dr. Ada Smith',
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ message: like('Appointment rescheduled'), appointmentTypeName: like('Office Visit') }))
      .executeTest(async (mock) => {
        const moved = await rescheduleAppointment(mockClient(mock.url, signedIn), EXAMPLE.patientId, {
          ...slotRequest,
          existingAppointmentId: EXAMPLE.existingAppointmentId,
          providerName: 'Dr. Ada Smith',
        });
        expect(moved.appointmentTypeName).toBe('Office Visit');
      });
  });

  it('cancels the upcoming appointment (Cancel Existing)', async () => {
    await pact
      .addInteraction()
      .given('a signed-in member with an upcoming appointment and another open slot')
      .uponReceiving('a cancel of the upcoming appointment from the booking dialog')
      .withRequest('PUT', fromProviderState('/api/appointments/${existingAppointmentId}/cancel', `/api/appointments/${EXAMPLE.existingAppointmentId}/cancel`), (builder) =>
        builder.headers(sessionCookie()),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: boolean(true), message: like('Appointment cancelled') }))
      .executeTest(async (mock) => {
        await expect(cancelAppointment(mockClient(mock.url, signedIn), EXAMPLE.existingAppointmentId)).resolves.toMatchObject({ success: true });
      });
  });

  const offerToken = () => fromProviderState('${offerToken}', 'eyJhbGciOiJIUzI1NiJ9.example.signature');

  it('shows the earlier slot an emailed waitlist link offers, beside the current appointment', async () => {
    await pact
      .addInteraction()
      .given('a waitlisted member emailed an earlier-slot offer')
      .uponReceiving('a request for the offer behind a waitlist link')
      .withRequest('POST', '/api/waitlist-offers/view', (builder) => builder.jsonBody({ token: offerToken() }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          state: regex('^(open|taken|used)$', 'open'),
          offered: { date: regex(US_DATE, '03/02/2026'), time: regex(WALL_TIME, '08:00'), providerName: like('Michael Torres, DO'), locationName: like('Valley Family Practice') },
          current: { date: regex(US_DATE, '03/09/2026'), time: regex(WALL_TIME, '09:00') },
        }),
      )
      .executeTest(async (mock) => {
        const offer = await fetchWaitlistOffer(mockClient(mock.url), 'eyJhbGciOiJIUzI1NiJ9.example.signature');
        expect(offer).toMatchObject({ state: 'open', offered: { date: '03/02/2026', time: '08:00' }, current: { date: '03/09/2026' } });
      });
  });

  it('moves the appointment to the offered slot (Move My Appointment)', async () => {
    await pact
      .addInteraction()
      .given('a waitlisted member emailed an earlier-slot offer')
      .uponReceiving('a take of the offer behind a waitlist link')
      .withRequest('POST', '/api/waitlist-offers/take', (builder) => builder.jsonBody({ token: offerToken() }))
      .willRespondWith(200, (builder) => builder.jsonBody({ appointmentId: regex(DIGITS, '90002'), message: like('Appointment moved') }))
      .executeTest(async (mock) => {
        await expect(takeWaitlistOffer(mockClient(mock.url), 'eyJhbGciOiJIUzI1NiJ9.example.signature')).resolves.toMatchObject({ appointmentId: '90002' });
      });
  });

  it('refuses a waitlist link that is not valid (Link Not Valid)', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the offer behind a forged waitlist link')
      .withRequest('POST', '/api/waitlist-offers/view', (builder) => builder.jsonBody({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJvZmZlciI6IjEifQ.Zm9yZ2Vk' }))
      .willRespondWith(404, (builder) => builder.jsonBody({ error: 'Offer Not Found', message: 'This link is not valid or has expired.' }))
      .executeTest(async (mock) => {
        const refused = await fetchWaitlistOffer(mockClient(mock.url), 'eyJhbGciOiJIUzI1NiJ9.eyJvZmZlciI6IjEifQ.Zm9yZ2Vk').catch((error: unknown) => error);
        expect(refused instanceof ApiError && refused.status).toBe(404);
      });
  });
});
