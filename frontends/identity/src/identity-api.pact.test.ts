/**
 * The identity screens' contract with the API (consumer portal-identity): every call /login and
 * /guest-login make, with the fields those screens read. Verified against the running API by
 * apps/api/src/pact/frontends.provider.int.test.ts, whose provider states pass the human check,
 * read the emailed code from the sandbox inbox and sign in to the phone-auth emulator; the
 * request values that come from them (human-check token, code, device cookie, email session,
 * phone-auth ID token) are `fromProviderState`.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError, fetchPractice } from '@portal/client';
import {
  EXAMPLE_DEVICE_COOKIE,
  EXAMPLE_EMAIL_SESSION,
  EXAMPLE_GUEST_TOKEN,
  deviceCookie,
  emailSessionHeader,
  frontendPact,
  mockClient,
  CONFIG_RESPONSE,
} from '../../../tools/src/testing/frontend-pact.ts';
import { sendCodeFailure, verifyCodeFailure, verifyPhoneFailure } from './guest/guest-api.ts';
import { checkEmailSession, fetchConfig, sendEmailCode, verifyEmailCode, verifyPhone } from './identity-api.ts';

const { boolean, fromProviderState, integer, like, regex } = MatchersV3;

const pact = frontendPact('identity');

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

/** The guest of these interactions; the states verify exactly this address and number. */
const GUEST = { email: 'pact.guest@example.com', phone: '+14015550188' } as const;
const EXAMPLE_TURNSTILE_TOKEN = 'pact-example-human-check-token';
const EXAMPLE_CODE = '123456';
const EXAMPLE_ID_TOKEN = 'pact-example.phone-auth.id-token';


const fromBrowserWithCode = { headers: { Cookie: EXAMPLE_DEVICE_COOKIE } };

describe('identity → API contract', () => {
  it('reads the public settings: sign-in options, human check and phone auth', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the public provider settings')
      .withRequest('GET', '/api/config')
      .willRespondWith(200, (builder) => builder.jsonBody(CONFIG_RESPONSE))
      .executeTest(async (mock) => {
        const answer = await fetchConfig(mockClient(mock.url));
        expect(answer.oauth.enabled).toBe(true);
        expect(answer.turnstile).toEqual({ enabled: true, siteKey: 'sandbox-turnstile-sitekey' });
        expect(answer.scripts.turnstileApiJs).toMatch(/api\.js$/);
        expect(answer.firebase.projectId).toBe('demo-member-portal');
      });
  });

  it('sends an email code after the human check', async () => {
    await pact
      .addInteraction()
      .given('a browser that passed the human check')
      .uponReceiving('a request to email a verification code')
      .withRequest('POST', '/api/verify-email/send-otp', (builder) =>
        builder.jsonBody({ email: GUEST.email, 'cf-turnstile-response': fromProviderState('${turnstileToken}', EXAMPLE_TURNSTILE_TOKEN) }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          testMode: false,
          expiresAt: regex(ISO, '2026-11-25T12:40:00.000Z'),
          resendAvailableAt: regex(ISO, '2026-11-25T12:27:00.000Z'),
        }),
      )
      .executeTest(async (mock) => {
        const answer = await sendEmailCode(mockClient(mock.url), GUEST.email, EXAMPLE_TURNSTILE_TOKEN);
        expect(answer.testMode).toBe(false);
        expect(answer.expiresAt).toBe('2026-11-25T12:40:00.000Z');
      });
  });

  it('is refused an email code without a passing human check', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request to email a verification code with a human-check token that does not pass')
      .withRequest('POST', '/api/verify-email/send-otp', (builder) =>
        builder.jsonBody({ email: GUEST.email, 'cf-turnstile-response': 'pact-not-a-passing-token' }),
      )
      .willRespondWith(403, (builder) => builder.jsonBody({ error: like('Please complete security verification to continue') }))
      .executeTest(async (mock) => {
        const error = await sendEmailCode(mockClient(mock.url), GUEST.email, 'pact-not-a-passing-token').catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(ApiError);
        expect(sendCodeFailure(error)).toEqual({ message: 'Please complete security verification to continue', securityCheck: true });
      });
  });

  it('verifies the emailed code from the browser it was sent to', async () => {
    await pact
      .addInteraction()
      .given('a guest was sent an email code', { email: GUEST.email })
      .uponReceiving('the emailed code from the browser it was sent to')
      .withRequest('POST', '/api/verify-email/verify-otp', (builder) =>
        builder.headers(deviceCookie()).jsonBody({ email: GUEST.email, code: fromProviderState('${emailCode}', EXAMPLE_CODE) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ sessionToken: like(EXAMPLE_EMAIL_SESSION), expiresAt: regex(ISO, '2026-11-25T12:55:00.000Z') }))
      .executeTest(async (mock) => {
        const answer = await verifyEmailCode(mockClient(mock.url, fromBrowserWithCode), GUEST.email, EXAMPLE_CODE);
        expect(answer.sessionToken).toBe(EXAMPLE_EMAIL_SESSION);
      });
  });

  it('is told how many tries are left after a wrong code', async () => {
    await pact
      .addInteraction()
      .given('a guest was sent an email code', { email: GUEST.email })
      .uponReceiving('a wrong code from the browser the code was sent to')
      .withRequest('POST', '/api/verify-email/verify-otp', (builder) =>
        builder.headers(deviceCookie()).jsonBody({ email: GUEST.email, code: fromProviderState('${wrongCode}', '000000') }),
      )
      .willRespondWith(400, (builder) => builder.jsonBody({ error: like('Invalid verification code. Please try again.'), attemptsRemaining: integer(4) }))
      .executeTest(async (mock) => {
        const error = await verifyEmailCode(mockClient(mock.url, fromBrowserWithCode), GUEST.email, '000000').catch((thrown: unknown) => thrown);
        expect(verifyCodeFailure(error)).toEqual({ message: 'Invalid verification code. Please try again.', field: 'code', attemptsRemaining: 4 });
      });
  });

  it('checks that a stored email session still holds (a reload during the phone step)', async () => {
    await pact
      .addInteraction()
      .given('a guest has verified their email', { email: GUEST.email })
      .uponReceiving("a check of the guest's email session")
      .withRequest('POST', '/api/verify-email/check-session', (builder) => builder.headers(emailSessionHeader()).jsonBody({ email: GUEST.email }))
      .willRespondWith(200, (builder) => builder.jsonBody({ verified: true }))
      .executeTest(async (mock) => {
        expect(await checkEmailSession(mockClient(mock.url), GUEST.email, EXAMPLE_EMAIL_SESSION)).toBe(true);
      });
  });

  it('exchanges the email session and the phone-auth ID token for the guest token', async () => {
    await pact
      .addInteraction()
      .given('a guest has verified their email and signed in to phone auth', { email: GUEST.email, phone: GUEST.phone })
      .uponReceiving('the email session and the phone-auth ID token of a guest')
      .withRequest('POST', '/api/verify-phone', (builder) =>
        builder.jsonBody({
          emailSessionToken: fromProviderState('${emailSessionToken}', EXAMPLE_EMAIL_SESSION),
          firebaseIdToken: fromProviderState('${firebaseIdToken}', EXAMPLE_ID_TOKEN),
          phone: GUEST.phone,
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          verificationToken: regex('^verified_\\S+$', EXAMPLE_GUEST_TOKEN),
          expiresAt: regex(ISO, '2026-11-25T12:55:00.000Z'),
          email: GUEST.email,
          phone: GUEST.phone,
        }),
      )
      .executeTest(async (mock) => {
        const answer = await verifyPhone(mockClient(mock.url), { emailSessionToken: EXAMPLE_EMAIL_SESSION, firebaseIdToken: EXAMPLE_ID_TOKEN, phone: GUEST.phone });
        expect(answer).toEqual({ verificationToken: EXAMPLE_GUEST_TOKEN, expiresAt: '2026-11-25T12:55:00.000Z', email: GUEST.email, phone: GUEST.phone });
      });
  });

  it('is sent back to the email step when the email session has expired', async () => {
    await pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a phone verification with an email session the server does not hold')
      .withRequest('POST', '/api/verify-phone', (builder) =>
        builder.jsonBody({ emailSessionToken: 'pact-expired-email-session', firebaseIdToken: EXAMPLE_ID_TOKEN, phone: GUEST.phone }),
      )
      .willRespondWith(401, (builder) => builder.jsonBody({ error: 'Session Expired', message: like('Your email verification has expired. Please verify your email again.') }))
      .executeTest(async (mock) => {
        const error = await verifyPhone(mockClient(mock.url), { emailSessionToken: 'pact-expired-email-session', firebaseIdToken: EXAMPLE_ID_TOKEN, phone: GUEST.phone }).catch(
          (thrown: unknown) => thrown,
        );
        expect(verifyPhoneFailure(error)).toEqual({ message: 'Your email verification has expired. Please verify your email again.', emailExpired: true });
      });
  });

  it("reads the practice's public configuration (the logout confirmation)", async () => {
    await pact
      .addInteraction()
      .uponReceiving("a request for the practice's configuration, for the logout confirmation")
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
        expect(practice.supportEmail).toBeTruthy();
      });
  });
});
