/**
 * Phone verification with firebase-admin: verifyIdToken, then our own rules: signed in with
 * phone, recently. With FIREBASE_AUTH_EMULATOR_HOST set (the provider sandbox), firebase-admin
 * accepts the emulator's unsigned tokens; otherwise Google's signing keys are checked.
 */
import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PhoneAuthError, type PhoneAuth, type VerifiedPhone } from '@portal/core';

export interface FirebasePhoneAuthOptions {
  readonly projectId: string;
  /** host:port of the Auth emulator (the sandbox); unset in production. */
  readonly emulatorHost?: string | undefined;
  /** How recent the phone sign-in must be. */
  readonly maxAgeMs?: number;
  readonly now?: () => Date;
}

let appCounter = 0;

export class FirebasePhoneAuth implements PhoneAuth {
  readonly #app: App;
  readonly #maxAgeMs: number;
  readonly #now: () => Date;

  constructor(options: FirebasePhoneAuthOptions) {
    // firebase-admin reads the emulator host from the environment at call time.
    if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
    appCounter += 1;
    this.#app = initializeApp({ projectId: options.projectId }, `portal-phone-auth-${appCounter}`);
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.#now = options.now ?? (() => new Date());
  }

  async verifyIdToken(idToken: string): Promise<VerifiedPhone> {
    let decoded;
    try {
      decoded = await getAuth(this.#app).verifyIdToken(idToken);
    } catch (error) {
      throw new PhoneAuthError(`ID token refused: ${(error as { code?: string }).code ?? 'invalid'}`);
    }
    const provider = decoded.firebase?.sign_in_provider;
    if (provider !== 'phone' || typeof decoded.phone_number !== 'string') throw new PhoneAuthError('ID token is not a phone sign-in');
    const authTime = new Date(decoded.auth_time * 1000);
    if (this.#now().getTime() - authTime.getTime() > this.#maxAgeMs) throw new PhoneAuthError('phone sign-in is too old');
    return { uid: decoded.uid, phoneNumber: decoded.phone_number, signInProvider: provider, authTime };
  }
}
