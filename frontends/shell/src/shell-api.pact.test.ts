/**
 * The shell's contract with the API (consumer portal-shell): every call its session watch, header
 * (user-status menu, Switch Account, Logout) and session-expiry warning make, with the fields
 * they read. Verified against the running API by apps/api/src/pact/frontends.provider.int.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError, type SessionExpiredBody } from '@portal/client';
import {
  EXAMPLE_GUEST_TOKEN,
  EXAMPLE_SESSION_COOKIE,
  frontendPact,
  guestTokenHeader,
  mockClient,
  sessionCookie,
} from '../../../tools/src/testing/frontend-pact.ts';
import { checkCustomer, extendSession, fetchNurseLine, fetchPractice, getAuthConfig, getAuthStatus, getGuestSession, getSession, openPortalSession, postLogout } from './shell-api.ts';

const { eachLike, like, regex } = MatchersV3;

const pact = frontendPact('shell');

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

const signedIn = { headers: { Cookie: EXAMPLE_SESSION_COOKIE } };
const guest = { verificationToken: EXAMPLE_GUEST_TOKEN };

describe('shell → API contract', () => {
  describe('the session watch and the user-status menu', () => {
    it('reads the signed-in patient', async () => {
      await pact
        .addInteraction()
        .given('a signed-in patient')
        .uponReceiving('a request for the session of a signed-in patient')
        .withRequest('GET', '/api/auth/session', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) =>
          builder.jsonBody({
            isAuthenticated: true,
            patientId: regex('^\\d+$', '5101'),
            patientName: like('Margaret Sullivan'),
            isCaregiver: false,
            email: like('margaret.sullivan@example.com'),
          }),
        )
        .executeTest(async (mock) => {
          const session = await getSession(mockClient(mock.url, signedIn));
          expect(session).toMatchObject({ isAuthenticated: true, patientId: '5101', patientName: 'Margaret Sullivan', isCaregiver: false });
        });
    });

    it("reads a caregiver acting for a dependent ('Carol Bennett (for Emma Bennett)')", async () => {
      await pact
        .addInteraction()
        .given('a caregiver signed in for a dependent')
        .uponReceiving('a request for the session of a caregiver acting for a dependent')
        .withRequest('GET', '/api/auth/session', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) =>
          builder.jsonBody({
            isAuthenticated: true,
            patientId: regex('^\\d+$', '5106'),
            patientName: like('Emma Bennett'),
            isCaregiver: true,
            caregiver: { name: like('Carol Bennett') },
          }),
        )
        .executeTest(async (mock) => {
          const session = await getSession(mockClient(mock.url, signedIn));
          expect(session.isCaregiver).toBe(true);
          expect(session.caregiver?.name).toBe('Carol Bennett');
        });
    });

    it('reads that nobody is signed in', async () => {
      await pact
        .addInteraction()
        .given('nobody is signed in')
        .uponReceiving('a request for the session when nobody is signed in')
        .withRequest('GET', '/api/auth/session')
        .willRespondWith(200, (builder) => builder.jsonBody({ isAuthenticated: false }))
        .executeTest(async (mock) => {
          expect(await getSession(mockClient(mock.url))).toEqual({ isAuthenticated: false });
        });
    });

    it("is sent to the login page when the session has ended ('Session expired')", async () => {
      await pact
        .addInteraction()
        .given('a patient whose session has ended')
        .uponReceiving('a request for the session with the cookie of an ended session')
        .withRequest('GET', '/api/auth/session', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(401, (builder) => builder.jsonBody({ error: 'Session expired', redirect: regex('^/\\S*$', '/login?logout=expired'), clearClientData: true }))
        .executeTest(async (mock) => {
          // The client hands the answer to its session-expired handler and never settles.
          const expired = await new Promise<SessionExpiredBody>((resolve) => {
            void getSession(mockClient(mock.url, { ...signedIn, onSessionExpired: resolve }));
          });
          expect(expired).toEqual({ error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true });
        });
    });

    it("checks once that the server still holds the guest's token", async () => {
      await pact
        .addInteraction()
        .given('a guest who verified email and phone')
        .uponReceiving("a check of a verified guest's token")
        .withRequest('GET', '/api/guest/session', (builder) => builder.headers(guestTokenHeader()))
        .willRespondWith(200, (builder) =>
          builder.jsonBody({
            verified: true,
            email: like('pact.shell.guest@example.com'),
            phone: like('+14015550187'),
            expiresAt: regex(ISO, '2026-11-25T12:55:00.000Z'),
          }),
        )
        .executeTest(async (mock) => {
          const answer = await getGuestSession(mockClient(mock.url, guest));
          expect(answer.verified).toBe(true);
        });
    });

    it("is refused a guest token the server did not sign (cleared: 'Verification Expired')", async () => {
      const forged = 'verified_pact-forged-by-the-browser.signature';
      await pact
        .addInteraction()
        .given('nobody is signed in')
        .uponReceiving('a check of a guest token the server did not sign')
        .withRequest('GET', '/api/guest/session', (builder) => builder.headers({ 'X-Verification-Token': forged }))
        .willRespondWith(401, (builder) => builder.jsonBody({ error: 'Verification Expired' }))
        .executeTest(async (mock) => {
          const error = await getGuestSession(mockClient(mock.url, { verificationToken: forged })).catch((thrown: unknown) => thrown);
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(401);
        });
    });

    it('finds where provider sign-in (Switch Account) starts', async () => {
      await pact
        .addInteraction()
        .given('nobody is signed in')
        .uponReceiving('a request for the provider sign-in settings')
        .withRequest('GET', '/api/auth/config')
        .willRespondWith(200, (builder) =>
          builder.jsonBody({
            clientId: regex('^\\S+$', 'portal-sandbox-patient-app'),
            redirectUri: like('http://localhost:3000/api/auth/callback'),
            authorizeUrl: regex('^/[^/\\\\]\\S*$', '/api/auth/athena'),
          }),
        )
        .executeTest(async (mock) => {
          const config = await getAuthConfig(mockClient(mock.url));
          expect(config.clientId).not.toBe('');
          expect(config.authorizeUrl).toBe('/api/auth/athena');
        });
    });

    it('logs out and is told to clear this browser', async () => {
      await pact
        .addInteraction()
        .given('a signed-in patient')
        .uponReceiving('a logout of a signed-in patient')
        .withRequest('POST', '/api/auth/logout', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ clearClientData: true }))
        .executeTest(async (mock) => {
          expect(await postLogout(mockClient(mock.url, signedIn))).toEqual({ clearClientData: true });
        });
    });

    it('offers Membership Billing to a member with a card customer', async () => {
      await pact
        .addInteraction()
        .given('a signed-in member with an active membership')
        .uponReceiving('a check whether the member has a card customer')
        .withRequest('GET', '/api/stripe/customer-check', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ hasCustomer: true }))
        .executeTest(async (mock) => {
          expect(await checkCustomer(mockClient(mock.url, signedIn))).toEqual({ hasCustomer: true });
        });
    });

    it('does not offer Membership Billing to a guest who has not paid', async () => {
      await pact
        .addInteraction()
        .given('a guest who verified email and phone')
        .uponReceiving('a check whether a verified guest has a card customer')
        .withRequest('GET', '/api/stripe/customer-check', (builder) => builder.headers(guestTokenHeader()))
        .willRespondWith(200, (builder) => builder.jsonBody({ hasCustomer: false }))
        .executeTest(async (mock) => {
          expect(await checkCustomer(mockClient(mock.url, guest))).toEqual({ hasCustomer: false });
        });
    });

    it("opens the member's billing portal", async () => {
      await pact
        .addInteraction()
        .given('a signed-in member with an active membership')
        .uponReceiving("a request for the member's billing portal")
        .withRequest('POST', '/api/stripe/portal-session', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ success: true, portalUrl: regex('^https?://\\S+$', 'https://billing.stripe.com/p/session/test_example') }))
        .executeTest(async (mock) => {
          const answer = await openPortalSession(mockClient(mock.url, signedIn));
          expect(answer).toEqual({ success: true, portalUrl: 'https://billing.stripe.com/p/session/test_example' });
        });
    });
  });

  describe('the session-expiry warning', () => {
    it("reads when the patient's session ends", async () => {
      await pact
        .addInteraction()
        .given('a signed-in patient')
        .uponReceiving('a request for the auth status of a signed-in patient')
        .withRequest('GET', '/api/auth/status', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ isAuthenticated: true, sessionInfo: { expiresAt: regex(ISO, '2026-11-25T12:55:00.000Z') } }))
        .executeTest(async (mock) => {
          const status = await getAuthStatus(mockClient(mock.url, signedIn));
          expect(status.isAuthenticated).toBe(true);
          expect(status.sessionInfo?.expiresAt).toBe('2026-11-25T12:55:00.000Z');
        });
    });

    it('extends the session (Stay Signed In)', async () => {
      await pact
        .addInteraction()
        .given('a signed-in patient')
        .uponReceiving("an extension of a signed-in patient's session")
        .withRequest('POST', '/api/auth/session/extend', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ expiresAt: regex(ISO, '2026-11-25T12:55:00.000Z') }))
        .executeTest(async (mock) => {
          expect(await extendSession(mockClient(mock.url, signedIn))).toEqual({ expiresAt: '2026-11-25T12:55:00.000Z' });
        });
    });
  });

  describe('the footer and the nurse line dialog (issue 14)', () => {
    it("reads the practice's public configuration", async () => {
      await pact
        .addInteraction()
        .uponReceiving("a request for the practice's configuration, for the footer and menu")
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
          expect(practice.patientPortalUrl).toMatch(/^https:/);
        });
    });

    it('reveals the nurse line to an active member', async () => {
      await pact
        .addInteraction()
        .given('a signed-in member with an active membership')
        .uponReceiving('a request for the nurse line number from the menu, by an active member')
        .withRequest('GET', '/api/nurse-line', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(200, (builder) => builder.jsonBody({ phone: regex('^\\d{10}$', '4015550150'), hours: like('Monday to Friday, 8:00 AM to 5:00 PM') }))
        .executeTest(async (mock) => {
          await expect(fetchNurseLine(mockClient(mock.url, signedIn))).resolves.toMatchObject({ phone: '4015550150' });
        });
    });

    it('is refused the nurse line without a membership', async () => {
      await pact
        .addInteraction()
        .given('a signed-in patient')
        .uponReceiving('a request for the nurse line number from the menu, by a patient who is not a member')
        .withRequest('GET', '/api/nurse-line', (builder) => builder.headers(sessionCookie()))
        .willRespondWith(403, (builder) => builder.jsonBody({ error: 'Membership Required', message: like('The nurse line is a members-only benefit.') }))
        .executeTest(async (mock) => {
          await expect(fetchNurseLine(mockClient(mock.url, signedIn))).rejects.toBeInstanceOf(ApiError);
        });
    });
  });
});
