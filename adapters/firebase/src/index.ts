/**
 * Phone verification with firebase-admin: verifyIdToken, then our own rules: signed in with
 * phone, recently.
 *
 * Two modes, never mixed (docs/decisions/0014-production-start-guard.md):
 * - emulator (the provider sandbox): `emulatorHost` given, and only with a `demo-` project id
 *   (Firebase's convention for projects that exist on emulators alone). firebase-admin then
 *   accepts the emulator's unsigned tokens (`alg: none`): anyone can write one for any number.
 * - live: no `emulatorHost`, a real project id. An unsigned or non-RS256 token is refused before
 *   firebase-admin sees it, and so is every token while FIREBASE_AUTH_EMULATOR_HOST is set in the
 *   process (firebase-admin would skip Google's signature check).
 */
import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PhoneAuthError, type PhoneAuth, type VerifiedPhone } from '@portal/core';

/** Project ids with this prefix exist only on the emulators (Firebase's own convention). */
export const EMULATOR_PROJECT_PREFIX = 'demo-';
/** The provider sandbox's project and web API key (the emulator accepts any key). */
export const SANDBOX_FIREBASE_PROJECT_ID = 'demo-member-portal';
export const SANDBOX_FIREBASE_API_KEY = 'sandbox-firebase-api-key';

export const isEmulatorProject = (projectId: string): boolean => projectId.startsWith(EMULATOR_PROJECT_PREFIX);

export interface FirebasePhoneAuthOptions {
  readonly projectId: string;
  /** host:port of the Auth emulator (the sandbox); sandbox mode only, with a `demo-` project. Unset in production. */
  readonly emulatorHost?: string | undefined;
  /** How recent the phone sign-in must be. */
  readonly maxAgeMs?: number;
  readonly now?: () => Date;
}

/** How far ahead of our clock a token's iat or auth_time may be (clocks differ a little). */
export const CLOCK_SKEW_MS = 60_000;

let appCounter = 0;

/** The JOSE header of a compact JWT, or null when it is not one. */
const tokenHeader = (token: string): { alg?: unknown; kid?: unknown } | null => {
  const [header] = token.split('.', 1);
  if (!header) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as { alg?: unknown; kid?: unknown }) : null;
  } catch {
    return null;
  }
};

export class FirebasePhoneAuth implements PhoneAuth {
  readonly #app: App;
  readonly #emulator: boolean;
  readonly #maxAgeMs: number;
  readonly #now: () => Date;

  constructor(options: FirebasePhoneAuthOptions) {
    this.#emulator = Boolean(options.emulatorHost);
    if (this.#emulator && !isEmulatorProject(options.projectId)) {
      throw new Error(`The Firebase Auth emulator takes only a '${EMULATOR_PROJECT_PREFIX}' project id, not '${options.projectId}'`);
    }
    if (!this.#emulator && isEmulatorProject(options.projectId)) {
      throw new Error(`Firebase project '${options.projectId}' exists only on the Auth emulator: set FIREBASE_PROJECT_ID to the real project`);
    }
    // firebase-admin reads the emulator host from the environment at call time.
    if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
    appCounter += 1;
    this.#app = initializeApp({ projectId: options.projectId }, `portal-phone-auth-${appCounter}`);
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.#now = options.now ?? (() => new Date());
  }

  async verifyIdToken(idToken: string): Promise<VerifiedPhone> {
    if (!this.#emulator) {
      // Defence in depth behind the start guard: in live mode nothing unsigned gets through.
      if (process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new PhoneAuthError('ID token refused: the Auth emulator is configured in live mode');
      const header = tokenHeader(idToken);
      if (header?.alg !== 'RS256' || typeof header.kid !== 'string') throw new PhoneAuthError('ID token refused: not signed by Google');
    }
    let decoded;
    try {
      decoded = await getAuth(this.#app).verifyIdToken(idToken);
    } catch (error) {
      throw new PhoneAuthError(`ID token refused: ${(error as { code?: string }).code ?? 'invalid'}`);
    }
    const provider = decoded.firebase?.sign_in_provider;
    if (provider !== 'phone' || typeof decoded.phone_number !== 'string') throw new PhoneAuthError('ID token is not a phone sign-in');
    // Firebase: iat and auth_time "must be in the past" (verify-id-tokens). firebase-admin checks
    // neither, so a token minted ahead of time would pass the recency rule below for longer.
    const nowMs = this.#now().getTime();
    const authTime = new Date(decoded.auth_time * 1000);
    if (decoded.iat * 1000 > nowMs + CLOCK_SKEW_MS || authTime.getTime() > nowMs + CLOCK_SKEW_MS) throw new PhoneAuthError('ID token refused: issued in the future');
    if (nowMs - authTime.getTime() > this.#maxAgeMs) throw new PhoneAuthError('phone sign-in is too old');
    return { uid: decoded.uid, phoneNumber: decoded.phone_number, signInProvider: provider, authTime };
  }
}
