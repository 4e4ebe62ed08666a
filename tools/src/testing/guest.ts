/**
 * A verified guest for HTTP tests, made the way the browser makes one: the email code (through
 * the human check and the sandbox inbox), the phone code (the Firebase emulator subset), then our
 * /api/verify-phone, which answers the server-signed `verified_` token.
 */
import { firebasePhoneSignIn, inboxMessages } from '../../../apps/provider-sandbox/src/testing.ts';
import { CookieJar } from './sign-in.ts';

interface PortalLike {
  readonly url: string;
  readonly sandbox: { readonly url: string };
}

export interface VerifiedGuest {
  readonly email: string;
  /** E.164, as verified. */
  readonly phone: string;
  readonly verificationToken: string;
  /** Headers a guest's browser sends: the token and our origin (writes are same-origin only). */
  readonly headers: Record<string, string>;
}

const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}, cookies?: CookieJar) => {
  const cookie = cookies?.header() ?? '';
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  cookies?.store(response);
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};

/** `phone` as 10 digits, e.g. '4015550199'. */
export const verifiedGuest = async (portal: PortalLike, email: string, phone: string): Promise<VerifiedGuest> => {
  const origin = { Origin: portal.url };
  // The browser's cookies: send-otp's device cookie must come back with verify-otp.
  const jar = new CookieJar();
  const human = (await postJson(`${portal.sandbox.url}/turnstile/v0/issue`, { sitekey: 'sandbox-turnstile-sitekey' })).token as string;
  await postJson(`${portal.url}/api/verify-email/send-otp`, { email, 'cf-turnstile-response': human }, origin, jar);
  const [mail] = await inboxMessages(portal.sandbox.url, email);
  if (!mail?.code) throw new Error('no email code in the sandbox inbox');
  const { sessionToken } = await postJson(`${portal.url}/api/verify-email/verify-otp`, { email, code: mail.code }, origin, jar);
  const e164 = `+1${phone}`;
  const signedIn = await firebasePhoneSignIn(portal.sandbox.url, e164);
  const idToken = (signedIn.body as { idToken?: string }).idToken;
  if (!idToken) throw new Error(`phone sign-in failed: ${signedIn.status}`);
  const verified = await postJson(`${portal.url}/api/verify-phone`, { emailSessionToken: sessionToken, firebaseIdToken: idToken, phone }, origin);
  const verificationToken = verified.verificationToken as string;
  return { email, phone: e164, verificationToken, headers: { ...origin, 'X-Verification-Token': verificationToken } };
};
