/** A phone number proven by the phone-auth service (Firebase): what its ID token says. */
export interface VerifiedPhone {
  readonly uid: string;
  /** E.164 */
  readonly phoneNumber: string;
  readonly signInProvider: string;
  readonly authTime: Date;
}

export interface PhoneAuth {
  /** Checks the ID token's signature (or the emulator's rules) and claims; throws PhoneAuthError when it is not valid. */
  verifyIdToken(idToken: string): Promise<VerifiedPhone>;
}

export class PhoneAuthError extends Error {
  override readonly name = 'PhoneAuthError';
}
