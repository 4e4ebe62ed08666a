/**
 * What the identity screens need (guest verification, enrollment-and-payment §4): each step of
 * the guest flow done for real up to the one the interaction takes, through our API, the
 * sandbox's human check, its inbox (the emailed code) and its phone-auth emulator. Each answers
 * what the browser would hold at that point: the human-check token, the device cookie and the
 * code, the email session, the phone-auth ID token.
 */
import { firebasePhoneSignIn, inboxMessages } from '../../../../provider-sandbox/src/testing.ts';
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';
import type { ProviderStates, StateValues } from './types.ts';

const DEVICE_COOKIE = 'portal_device';

/** A string parameter of the state (the consumer names the guest it verifies). */
const param = (params: Readonly<Record<string, unknown>>, name: string): string => {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw new Error(`the state needs the parameter '${name}'`);
  return value;
};

const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ response: Response; json: Record<string, unknown> }> => {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return { response, json: JSON.parse(text) as Record<string, unknown> };
};

/** A token the sandbox's human check passes, as its widget hands one to the page. */
const humanCheckToken = async (portal: TestPortal): Promise<string> => {
  const { json } = await postJson(`${portal.sandbox.url}/turnstile/v0/issue`, { sitekey: 'sandbox-turnstile-sitekey' });
  if (typeof json.token !== 'string') throw new Error('the sandbox issued no human-check token');
  return json.token;
};

/** send-otp as the browser's page sends it: the device cookie it set ('portal_device=…') and the emailed code. */
const sendCode = async (portal: TestPortal, email: string): Promise<{ deviceCookie: string; code: string }> => {
  const { response } = await postJson(
    `${portal.url}/api/verify-email/send-otp`,
    { email, 'cf-turnstile-response': await humanCheckToken(portal) },
    { Origin: portal.url },
  );
  const device = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`));
  if (!device) throw new Error('send-otp set no device cookie');
  const [mail] = await inboxMessages(portal.sandbox.url, email);
  if (!mail?.code) throw new Error('no email code in the sandbox inbox');
  return { deviceCookie: device, code: mail.code };
};

/** The whole email step: the email session token verify-otp answers. */
const emailSession = async (portal: TestPortal, email: string): Promise<string> => {
  const { deviceCookie, code } = await sendCode(portal, email);
  const { json } = await postJson(`${portal.url}/api/verify-email/verify-otp`, { email, code }, { Origin: portal.url, Cookie: deviceCookie });
  if (typeof json.sessionToken !== 'string') throw new Error('verify-otp answered no session token');
  return json.sessionToken;
};

/** Another 6-digit code than `code`. */
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const identityStates: ProviderStates = {
  /** The page holds a token the human check passed (the widget solved). */
  'a browser that passed the human check': async (portal): Promise<StateValues> => ({ turnstileToken: await humanCheckToken(portal) }),

  /** params.email was sent a code from this browser: its device cookie, the code and a wrong one. */
  'a guest was sent an email code': async (portal, params): Promise<StateValues> => {
    const { deviceCookie, code } = await sendCode(portal, param(params, 'email'));
    return { deviceCookie, emailCode: code, wrongCode: otherCode(code) };
  },

  /** params.email verified by its code: the email session the browser stored. */
  'a guest has verified their email': async (portal, params): Promise<StateValues> => ({
    emailSessionToken: await emailSession(portal, param(params, 'email')),
  }),

  /** params.email verified, and params.phone (E.164) signed in to phone auth: both tokens verify-phone takes. */
  'a guest has verified their email and signed in to phone auth': async (portal, params): Promise<StateValues> => {
    const emailSessionToken = await emailSession(portal, param(params, 'email'));
    const signedIn = await firebasePhoneSignIn(portal.sandbox.url, param(params, 'phone'));
    const idToken = (signedIn.body as { idToken?: unknown } | null)?.idToken;
    if (typeof idToken !== 'string') throw new Error(`phone-auth sign-in failed: ${signedIn.status}`);
    return { emailSessionToken, firebaseIdToken: idToken };
  },
};
