/**
 * The keys of the providers the sandbox stands in for besides athenahealth: Firebase Auth (its
 * emulator's REST API, phone sign-in) and Cloudflare Turnstile (Cloudflare's published test keys
 * plus one sandbox key pair that issues real, single-use tokens), and SignWell.
 */

/** A `demo-` project id, as the Firebase emulators expect. */
export const FIREBASE_PROJECT_ID = 'demo-member-portal';
/** Any non-empty key is accepted, as by the emulator; this is the one the portal is configured with. */
export const FIREBASE_API_KEY = 'sandbox-firebase-api-key';
/** The emulator answers `project_id` of the token endpoint with a project number. */
export const FIREBASE_PROJECT_NUMBER = '12345';

export const TURNSTILE_SITEKEY = 'sandbox-turnstile-sitekey';
export const TURNSTILE_SECRET = 'sandbox-turnstile-secret';
/** What Cloudflare's test sitekeys emit. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export const TURNSTILE_TEST_SITEKEYS = {
  passVisible: '1x00000000000000000000AA',
  passInvisible: '1x00000000000000000000BB',
  blockVisible: '2x00000000000000000000AB',
  blockInvisible: '2x00000000000000000000BB',
  interactive: '3x00000000000000000000FF',
} as const;

export const TURNSTILE_TEST_SECRETS = {
  pass: '1x0000000000000000000000000000000AA',
  fail: '2x0000000000000000000000000000000AA',
  spent: '3x0000000000000000000000000000000AA',
} as const;

/** How long a Turnstile token stays valid (Cloudflare: 300 s). */
export const TURNSTILE_TOKEN_SECONDS = 300;

/** The one X-Api-Key the SignWell stand-in accepts. */
export const SIGNWELL_API_KEY = 'sandbox-signwell-key';
/** Where the SignWell stand-in answers (SignWell: https://www.signwell.com/api/v1). */
export const SIGNWELL_API_PREFIX = '/signwell/api/v1';
/** How long the sandbox waits between attempts to deliver a webhook event (then gives up). */
export const SIGNWELL_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 15_000] as const;
