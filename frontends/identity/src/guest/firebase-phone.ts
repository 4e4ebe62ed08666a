/**
 * Phone verification with the Firebase JS SDK (modular), in a chunk of its own: the phone card
 * imports this module only when the phone step is reached, so /login and the email step never
 * download it (INTEGRATIONS §4).
 *
 * - initializeApp under a name of our own, then initializeAuth with in-memory persistence: the
 *   phone user is needed only long enough to get one ID token, so nothing about it is written to
 *   IndexedDB on a possibly shared device, and the popup/redirect machinery getAuth() would pull
 *   in stays out of the bundle;
 * - connectAuthEmulator when /api/config names one (the provider sandbox), which also switches
 *   the SDK to its test reCAPTCHA;
 * - App Check (reCAPTCHA Enterprise) when a site key is configured and no emulator is used;
 * - an invisible RecaptchaVerifier (auth first), signInWithPhoneNumber, confirm, getIdToken.
 */
import { getApps, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import { RecaptchaVerifier, connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithPhoneNumber, signOut } from 'firebase/auth';
import type { Auth, ConfirmationResult } from 'firebase/auth';

export interface PhoneAuthConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly appId: string;
  readonly appCheckSiteKey?: string | undefined;
  readonly authEmulatorUrl?: string | undefined;
}

/** A code sent to a phone, waiting for the user to type it. */
export type PendingCode = ConfirmationResult;

export interface PhoneVerified {
  readonly idToken: string;
  readonly uid: string;
}

export interface PhoneAuth {
  /** Sends the SMS code; `host` is an element the invisible reCAPTCHA may draw into. */
  sendCode(phoneE164: string, host: HTMLElement): Promise<PendingCode>;
  /** Checks the typed code and returns the ID token for our server. */
  confirm(pending: PendingCode, code: string): Promise<PhoneVerified>;
  /** Drops the reCAPTCHA (after a failure, and when leaving the phone step). */
  reset(): void;
}

const APP_NAME = 'portal-phone-verification';

let current: { readonly key: string; readonly auth: Auth; readonly ready: Promise<void> } | null = null;

const startAppCheck = async (app: FirebaseApp, siteKey: string): Promise<void> => {
  try {
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import(/* webpackChunkName: "firebase-app-check" */ 'firebase/app-check');
    initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
  } catch (error) {
    // Without App Check the phone service may refuse the request; that failure is shown then.
    console.error('App Check could not be started', error);
  }
};

/** One Auth instance per configuration for the page (Firebase refuses a second initializeAuth). */
const authFor = (config: PhoneAuthConfig): { auth: Auth; ready: Promise<void> } => {
  const key = JSON.stringify([config.apiKey, config.projectId, config.appId, config.authEmulatorUrl ?? '', config.appCheckSiteKey ?? '']);
  if (current?.key === key) return current;
  if (current) throw new Error('Phone verification was already set up with another configuration. Please refresh the page.');
  const app =
    getApps().find((existing) => existing.name === APP_NAME) ??
    initializeApp({ apiKey: config.apiKey, projectId: config.projectId, appId: config.appId }, APP_NAME);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  auth.languageCode = document.documentElement.lang || 'en';
  let ready: Promise<void> = Promise.resolve();
  if (config.authEmulatorUrl) {
    // The sandbox's look-alike; no banner at the bottom of our pages.
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  } else if (config.appCheckSiteKey) {
    ready = startAppCheck(app, config.appCheckSiteKey);
  }
  current = { key, auth, ready };
  return current;
};

export const createPhoneAuth = (config: PhoneAuthConfig): PhoneAuth => {
  const { auth, ready } = authFor(config);
  let verifier: RecaptchaVerifier | null = null;
  let slot: HTMLElement | null = null;

  const reset = (): void => {
    try {
      verifier?.clear();
    } catch {
      // Already cleared.
    }
    verifier = null;
    slot?.remove();
    slot = null;
  };

  return {
    async sendCode(phoneE164, host) {
      await ready;
      // A fresh verifier in a fresh element for every send: a used or failed one cannot be reused.
      reset();
      slot = document.createElement('div');
      host.append(slot);
      verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
      try {
        return await signInWithPhoneNumber(auth, phoneE164, verifier);
      } catch (error) {
        reset();
        throw error;
      }
    },
    async confirm(pending, code) {
      const credential = await pending.confirm(code);
      const idToken = await credential.user.getIdToken();
      const { uid } = credential.user;
      // The token is all our server needs; the phone user is not kept in this browser.
      await signOut(auth).catch(() => undefined);
      return { idToken, uid };
    },
    reset,
  };
};
