/**
 * Pact between a micro-frontend (consumer `portal-<remote>`) and our API (provider
 * `member-portal-api`): contracts/pacts/portal-<remote>-member-portal-api.json. A frontend's
 * consumer test calls its own API functions through `mockClient`, the portal's real HTTP client
 * pointed at Pact's mock server, and asserts only the fields the screen reads. The browser's
 * cookie (a session) and the guest's verification token are request headers whose values come
 * from the provider state (`fromProviderState`), so the API's verification replays them with
 * the state's real session. apps/api/src/pact/frontends.provider.int.test.ts verifies every file.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { createApiClient, type ApiClient, type SessionExpiredBody } from '../../../frontends/client/src/api.ts';
import { consumerPact } from './consumer-pact.ts';

export const API_PROVIDER = 'member-portal-api';

export type Remote = 'identity' | 'enrollment' | 'dashboard' | 'staff' | 'shell' | 'booking';

// No usage metrics from the Pact core: these tests run offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

export const frontendPact = (remote: Remote) => consumerPact(`portal-${remote}`, API_PROVIDER);

/** The portal's HTTP client against Pact's mock server; `verificationToken` as a guest's storage holds it. */
export const mockClient = (
  mockUrl: string,
  options: { verificationToken?: string; headers?: Record<string, string>; onSessionExpired?: (body: SessionExpiredBody) => void } = {},
): ApiClient =>
  createApiClient({
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      return fetch(`${mockUrl}${String(input)}`, { ...init, headers });
    },
    storage: () => ({ getItem: () => options.verificationToken ?? null }),
    onSessionExpired: options.onSessionExpired ?? (() => undefined),
  });

/** Example values the consumer runs with; the provider replaces them from its state. */
export const EXAMPLE_SESSION_COOKIE = 'portal_session=pact-example-session-0000000000000000000000000000';
export const EXAMPLE_GUEST_TOKEN = 'verified_pact-example.signature';
export const EXAMPLE_STAFF_TOKEN = 'pact-example-staff-token-000000000000000000';
/** The device cookie send-otp set in a guest's browser (verify-otp must come from that browser). */
export const EXAMPLE_DEVICE_COOKIE = 'portal_device=pact-example-device-00000000000000000000000000000';
/** An email session (verify-otp's sessionToken) a guest's browser holds. */
export const EXAMPLE_EMAIL_SESSION = 'pact-example-email-session.signature';

/** The Cookie header of a signed-in browser: the state's `sessionCookie` ('portal_session=…'). */
export const sessionCookie = () => ({ Cookie: MatchersV3.fromProviderState('${sessionCookie}', EXAMPLE_SESSION_COOKIE) });
/** A verified guest's X-Verification-Token: the state's `guestToken`. */
export const guestTokenHeader = () => ({ 'X-Verification-Token': MatchersV3.fromProviderState('${guestToken}', EXAMPLE_GUEST_TOKEN) });
/** Staff's bearer token: the state's `staffToken`. */
export const staffBearer = () => ({ Authorization: MatchersV3.fromProviderState('Bearer ${staffToken}', `Bearer ${EXAMPLE_STAFF_TOKEN}`) });
/** The Cookie header of a browser that was sent an email code: the state's `deviceCookie` ('portal_device=…'). */
export const deviceCookie = () => ({ Cookie: MatchersV3.fromProviderState('${deviceCookie}', EXAMPLE_DEVICE_COOKIE) });
/** X-Email-Session of a guest who verified their email: the state's `emailSessionToken`. */
export const emailSessionHeader = () => ({ 'X-Email-Session': MatchersV3.fromProviderState('${emailSessionToken}', EXAMPLE_EMAIL_SESSION) });

/** Script URLs: absolute, or a path on the portal's origin. */
const URL_OR_PATH = '^(https?://\\S+|/\\S*)$';

/** GET /api/config as ConfigResponse decodes it: the public provider settings every remote reads. */
export const CONFIG_RESPONSE = {
  stripe: { publicKey: MatchersV3.regex('^pk_\\S+$', 'pk_test_portal_sandbox') },
  firebase: {
    enabled: MatchersV3.boolean(true),
    apiKey: MatchersV3.like('sandbox-firebase-api-key'),
    projectId: MatchersV3.like('demo-member-portal'),
    appId: MatchersV3.like('1:000000000000:web:sandbox'),
    appCheckSiteKey: MatchersV3.like(''),
  },
  turnstile: { enabled: MatchersV3.boolean(true), siteKey: MatchersV3.like('sandbox-turnstile-sitekey') },
  oauth: { enabled: MatchersV3.boolean(true) },
  scripts: {
    stripeJs: MatchersV3.regex(URL_OR_PATH, 'https://js.stripe.com/basil/stripe.js'),
    signwellEmbedJs: MatchersV3.regex(URL_OR_PATH, 'https://static.signwell.com/assets/embedded.js'),
    turnstileApiJs: MatchersV3.regex(URL_OR_PATH, 'https://challenges.cloudflare.com/turnstile/v0/api.js'),
  },
};
